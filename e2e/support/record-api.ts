import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** A page of its own (its own cookies and session), signed in as `email`. */
export async function signedInPage(browser: Browser, email?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** The signed-in user's access token, as the web app keeps it (local storage key 'state'). */
async function authorization(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => {
    const state = JSON.parse(window.localStorage.getItem('state') ?? '{}') as { user?: { accessToken?: string } };
    return state.user?.accessToken ?? '';
  });
  expect(token).not.toBe('');
  return { authorization: `Bearer ${token}` };
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
 * A new customer record created through the API as the office's wizard creates one (a pending order in the first
 * served zip, a Medium lot mowed weekly, paid by Visa), so a test edits a record of its own, whatever the demo data
 * holds. Answers the record's id; `lastName` finds it in the lists.
 */
export async function createRecord(page: Page, lastName: string): Promise<number> {
  const headers = await authorization(page);
  const read = async <T>(url: string): Promise<T> => {
    const response = await page.request.get(url, { headers });
    expect(response.ok(), url).toBe(true);
    return (await response.json()) as T;
  };
  const csrs = await read<{ data: { id: number }[] }>(
    '/api/users?filter[role]=customer-service&filter[status]=1&limit=1',
  );
  const zones = await read<{ data: { marketId: number; zipcode: string; city: string; state: string }[] }>(
    '/api/service-zones?limit=1',
  );
  const zone = zones.data[0];
  if (!zone) throw new Error('no served zip');
  const tiers = await read<{ data: { id: number; name: string }[] }>(`/api/base-price?marketId=${zone.marketId}`);
  const medium = tiers.data.find((tier) => tier.name === 'Medium') ?? tiers.data[0];
  const key = await read<{ data: { publicKey: string } }>('/api/payments/public-key');
  const order = {
    zipcode: zone.zipcode,
    serviceAddress: `${Math.floor(Math.random() * 9000) + 100} Merge Test Lane`,
    city: zone.city,
    state: zone.state,
    marketId: zone.marketId,
    businesslogicId: medium?.id,
    srvFrecuency: 1,
    grassOvergrown: false,
    mowCut: ['Front', 'Back'],
    firstName: 'Robin',
    lastName,
    contactNumber: '(214) 555-0142',
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
    payment: {
      paymentOption: 0,
      nameOnCard: `Robin ${lastName}`,
      creditCardNumber: encryptNumber(key.data.publicKey, '4242424242424242'),
      cardType: 4,
      creditCardExpirationMonth: 12,
      creditCardExpirationYear: new Date().getFullYear() + 3,
    },
    billing: { isSameAsService: true },
    mailing: { isSameAsService: true },
    useServiceHousesOccupied: true,
    useServiceHousesScheduled: true,
    csrUserId: csrs.data[0]?.id,
  };
  // A Wednesday that is a holiday is no business day: the next one is.
  for (const serviceDate of comingWednesdays(3)) {
    const response = await page.request.post('/api/customers', {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: { ...order, serviceDate, weekDay: 3 },
    });
    if (response.status() === 201) return ((await response.json()) as { data: { id: number } }).data.id;
    expect(response.status(), await response.text()).toBe(400);
  }
  throw new Error('no start date accepted');
}

/**
 * The record screen on the record whose customer is named `lastName` (the only one: the list is filtered on the name,
 * with any status and order status), on the upper tab `tab` (its `key`).
 */
export async function openRecord(page: Page, lastName: string, tab: number): Promise<void> {
  const filter = `filter[fullName]=${encodeURIComponent(lastName)}&filter[statusOrders]=&filter[status]=`;
  const query = new URLSearchParams({ record: '1', page: '0', pageSize: '50', sortCustom: '-id', key: String(tab) });
  await page.goto(`/edit-customer?${query.toString()}&filterCustom=${encodeURIComponent(filter)}`);
  await expect(page.getByText('1 of 1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
