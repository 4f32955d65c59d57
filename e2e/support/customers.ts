import { constants, publicEncrypt, randomInt, randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { expectOk, type OfficeApi } from './office-api';
import { uniqueName } from './unique';

/** A zip code of a demo market's service zone (Dallas). */
export const SERVED_ZIP = '75201';

/** A bank account the local gateway accepts: a valid routing number and a test account. */
const E_CHECK_ACCOUNT = { routing: '110000000', account: '000123456789' } as const;

/** A customer a test made through the office's API: found by its unique last name, owned by that test alone. */
export type Customer = {
  id: number;
  accountNumber: string;
  firstName: string;
  lastName: string;
  serviceAddress: string;
  zipcode: string;
  contactNumber: string;
  email: string;
};

export type NewCustomer = {
  firstName?: string;
  /** Unique by default; tests that list several customers under one name pass the same one. */
  lastName?: string;
  /** The customer's address, which also makes them a web account and sends its invitation (none by default). */
  email?: string;
  /** Digits only or as a person types them; the same for every test customer by default. */
  contactNumber?: string;
  /** The card the customer pays by (a Visa by default), as the card fields send it. */
  card?: { number: string; type: 3 | 4 | 5 | 6 };
  /** Pays by e-check (a test bank account the local gateway takes) instead of a card. */
  isECheck?: boolean;
  /**
   * Approved (the default) shows it on the customer list, as the office's approval does; a pending order stays on
   * the pending-approval list.
   */
  isApproved?: boolean;
  /**
   * The start date (a weekday, mowed on its weekday) instead of the first coming Wednesday from three weeks on, for a
   * test that fills a day of its own.
   */
  serviceDate?: string;
};

/** The order's parts every test customer shares, looked up once per office API. */
type OrderBase = {
  area: { serviceMarketsId: number; city: string; state: string };
  tierId: number | undefined;
  csrUserId: number | undefined;
  publicKey: string;
};

const orderBases = new WeakMap<OfficeApi, Promise<OrderBase>>();

function orderBase(office: OfficeApi): Promise<OrderBase> {
  let base = orderBases.get(office);
  if (!base) {
    base = (async () => {
      const area = await office.get<OrderBase['area']>(`/api/zip-code/${SERVED_ZIP}`);
      const tiers = await office.get<{ id: number; name: string }[]>(
        `/api/base-price?marketId=${area.serviceMarketsId}`,
      );
      const csrs = await office.get<{ id: number }[]>(
        '/api/users?filter[role]=customer-service&filter[status]=1&limit=1',
      );
      const { publicKey } = await office.get<{ publicKey: string }>('/api/payments/public-key');
      const medium = tiers.find((tier) => tier.name === 'Medium') ?? tiers[0];
      return { area, tierId: medium?.id, csrUserId: csrs[0]?.id, publicKey };
    })();
    orderBases.set(office, base);
  }
  return base;
}

/** What the payment pages do with a number before sending it: RSA-OAEP with SHA-256 under the API's public key. */
function encryptNumber(publicKeyPem: string, number: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(number, 'utf8'),
  ).toString('base64');
}

/** The next Wednesdays from three weeks on, as ISO dates: start dates a new order may take. */
function comingWednesdays(count: number): string[] {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21 + ((3 - day.getUTCDay() + 7) % 7));
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(day);
    date.setUTCDate(day.getUTCDate() + 7 * index);
    return date.toISOString().slice(0, 10);
  });
}

/**
 * A new customer created through the office wizard's API (POST /api/customers, the card encrypted as the browser
 * does): a Medium lot in Dallas mowed weekly on Wednesdays, and by default approved, so a test edits a record of its
 * own, whatever the demo data and the other tests hold.
 */
export async function createCustomer(office: OfficeApi, customer: NewCustomer = {}): Promise<Customer> {
  const base = await orderBase(office);
  const firstName = customer.firstName ?? 'Robin';
  const lastName = customer.lastName ?? uniqueName('Spec');
  const serviceAddress = `${100 + randomInt(9000)} ${lastName} Lane`;
  const contactNumber = customer.contactNumber ?? '(214) 555-0142';
  const card = customer.card ?? { number: '4242424242424242', type: 4 };
  const order = {
    zipcode: SERVED_ZIP,
    serviceAddress,
    city: base.area.city,
    state: base.area.state,
    marketId: base.area.serviceMarketsId,
    businesslogicId: base.tierId,
    srvFrecuency: 1,
    grassOvergrown: false,
    mowCut: ['Front', 'Back'],
    firstName,
    lastName,
    email: customer.email ?? '',
    contactNumber,
    isCellphone: true,
    isCommunityGate: false,
    isBackyardGate: false,
    isFlowerBeds: false,
    isPetsBackyard: false,
    isFencePlastic: false,
    isAboveGroundPool: false,
    isTranpoline: false,
    about: 1,
    aboutOption: 'Google',
    payment: customer.isECheck
      ? {
          paymentOption: 1,
          checkNameOnAccount: `${firstName} ${lastName}`,
          checkRoutingNumber: E_CHECK_ACCOUNT.routing,
          checkAccountNumber: encryptNumber(base.publicKey, E_CHECK_ACCOUNT.account),
        }
      : {
          paymentOption: 0,
          nameOnCard: `${firstName} ${lastName}`,
          creditCardNumber: encryptNumber(base.publicKey, card.number),
          cardType: card.type,
          creditCardExpirationMonth: 12,
          creditCardExpirationYear: new Date().getFullYear() + 3,
        },
    billing: { isSameAsService: true },
    mailing: { isSameAsService: true },
    useServiceHousesOccupied: true,
    useServiceHousesScheduled: true,
    csrUserId: base.csrUserId,
  };
  const created = customer.serviceDate
    ? await postOrder(office, { ...order, serviceDate: customer.serviceDate, weekDay: weekdayOf(customer.serviceDate) })
    : await firstAcceptedStart(office, order);
  if (customer.isApproved !== false) {
    const { version } = await office.get<{ version: number }>(`/api/customers/${created.id}`);
    await expectOk(await office.fetch(`/api/customers/${created.id}/approve`, { method: 'POST', data: { version } }));
  }
  return {
    ...created,
    firstName,
    lastName,
    serviceAddress,
    zipcode: SERVED_ZIP,
    contactNumber,
    email: customer.email ?? '',
  };
}

/** The mow weekday of an ISO date: 1 Monday to 5 Friday. */
function weekdayOf(date: string): number {
  return ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** Posts the order, which must be accepted. */
async function postOrder(
  office: OfficeApi,
  order: Record<string, unknown>,
): Promise<{ id: number; accountNumber: string }> {
  const response = await office.fetch('/api/customers', {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    data: order,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number; accountNumber: string } }).data;
}

/** Posts the order with the first coming Wednesday the server takes: one that is a holiday is no business day. */
async function firstAcceptedStart(
  office: OfficeApi,
  order: Record<string, unknown>,
): Promise<{ id: number; accountNumber: string }> {
  for (const serviceDate of comingWednesdays(3)) {
    const response = await office.fetch('/api/customers', {
      method: 'POST',
      headers: { 'idempotency-key': randomUUID() },
      data: { ...order, serviceDate, weekDay: 3 },
    });
    if (response.status() === 201)
      return ((await response.json()) as { data: { id: number; accountNumber: string } }).data;
    expect(response.status(), await response.text()).toBe(400);
  }
  throw new Error('no start date accepted');
}

/**
 * The panel of the record's upper tab row (Call Notes to Special request). The lower row's panel (Private note to
 * Marketing) comes after it on the page, so the first panel is the upper one.
 */
export const upperTabPanel = (page: Page) => page.getByRole('tabpanel').first();

/**
 * The record screen on the record whose customer is named `lastName` (the only one: the list is filtered on the name,
 * with any status and order status), on the upper tab `tab` (its `key`) and the lower tab `lowerTab` (its `tap`).
 */
export async function openRecord(page: Page, lastName: string, tab = 0, lowerTab = 0): Promise<void> {
  const filter = `filter[fullName]=${encodeURIComponent(lastName)}&filter[statusOrders]=&filter[status]=`;
  const query = new URLSearchParams({
    record: '1',
    page: '0',
    pageSize: '50',
    sortCustom: '-id',
    key: String(tab),
    tap: String(lowerTab),
  });
  await page.goto(`/edit-customer?${query.toString()}&filterCustom=${encodeURIComponent(filter)}`);
  await expect(page.getByText('1 of 1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The customer list with its search box holding `lastName`, once it lists that name's `count` customers. */
export async function searchCustomerList(page: Page, lastName: string, count = 1): Promise<void> {
  await page.goto('/customer');
  await page.getByRole('searchbox', { name: 'Search customers' }).pressSequentially(lastName, { delay: 30 });
  const results = count === 1 ? 'Search results: 1 record' : `Search results: ${count} records`;
  await expect(page.getByText(results, { exact: true })).toBeVisible();
}
