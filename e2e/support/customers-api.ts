import { constants, publicEncrypt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in';

/** A zip code a demo market serves (Dallas). */
const SERVED_ZIP = '75201';

/** A new customer as the office's API made it: its property, account number and what the identity check asks. */
export type CreatedCustomer = {
  id: number;
  accountNumber: string;
  serviceAddress: string;
  zipcode: string;
  contactNumber: string;
};

/** A number written in the letters a to z (a name that differs per call without holding digits). */
function lettersOf(number: number): string {
  let rest = number;
  let text = '';
  while (rest > 0) {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  }
  return text;
}

let phones = 0;
/**
 * A phone no demo customer has (the demo data's exchanges are 200-999, this one is 010) and no earlier call or run
 * gave: its last four digits follow the clock and a counter.
 */
export function uniquePhone(): string {
  phones += 1;
  return `214010${String((Math.floor(Date.now() / 1000) + phones) % 10_000).padStart(4, '0')}`;
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Creates customers through the office's API (the new-customer wizard's POST /api/customers) as the demo Admin, and
 * approves their orders, so a spec owns its data instead of picking a seeded row by position.
 */
export async function customerFactory(request: APIRequestContext) {
  const login = await json<{ data: { accessToken: string } }>(
    await request.post('/api/auth/login', { data: { email: 'admin@example.com', password: DEMO_PASSWORD } }),
  );
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const get = async <T>(url: string) => json<T>(await request.get(url, { headers }));

  const area = await get<{ data: { serviceMarketsId: number; city: string; state: string } }>(
    `/api/zip-code/${SERVED_ZIP}`,
  );
  const marketId = area.data.serviceMarketsId;
  const tiers = await get<{ data: { id: number }[] }>(`/api/base-price?marketId=${marketId}`);
  const csrs = await get<{ data: { id: number }[] }>('/api/users?filter[role]=customer-service&filter[status]=1');
  const key = await get<{ data: { publicKey: string } }>('/api/payments/public-key');
  const today = new Date().toISOString().slice(0, 10);
  const dateInfo = await get<{ data: { isBusinessDay: boolean; nextBusinessDay: string } }>(
    `/api/helper/date-info?date=${today}`,
  );
  const serviceDate = dateInfo.data.nextBusinessDay;
  const encrypt = (number: string) =>
    publicEncrypt(
      { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(number, 'utf8'),
    ).toString('base64');

  let sequence = 0;
  /** `email`: the customer's address, which also makes them a web account (none by default). */
  return async function createCustomer(customer: { firstName: string; contactNumber: string; email?: string }) {
    sequence += 1;
    // Letters only: a run of digits in a name reads as a card number and is refused.
    const lastName = `Doorway${lettersOf(Date.now() * 10 + sequence)}`;
    const serviceAddress = `${400 + sequence} ${lastName} Lane`;
    const response = await request.post('/api/customers', {
      headers: { ...headers, 'idempotency-key': `external-access-${lastName}` },
      data: {
        zipcode: SERVED_ZIP,
        serviceAddress,
        city: area.data.city,
        state: area.data.state,
        marketId,
        businesslogicId: tiers.data[0]?.id,
        srvFrecuency: 1,
        grassOvergrown: false,
        mowCut: ['Front', 'Back'],
        firstName: customer.firstName,
        lastName,
        email: customer.email ?? '',
        contactNumber: customer.contactNumber,
        isCellphone: true,
        serviceDate,
        weekDay: new Date(`${serviceDate}T12:00:00Z`).getUTCDay(),
        isCommunityGate: false,
        isBackyardGate: false,
        isFlowerBeds: false,
        isPetsBackyard: false,
        isFencePlastic: false,
        isAboveGroundPool: false,
        isTranpoline: false,
        payment: {
          paymentOption: 0,
          nameOnCard: `${customer.firstName} ${lastName}`,
          creditCardNumber: encrypt('4242424242424242'),
          cardType: 4,
          creditCardExpirationMonth: 12,
          creditCardExpirationYear: Number(today.slice(0, 4)) + 3,
        },
        billing: { isSameAsService: true },
        mailing: { isSameAsService: true },
        useServiceHousesOccupied: true,
        useServiceHousesScheduled: true,
        csrUserId: csrs.data[0]?.id,
        about: 1,
        aboutOption: 'Google',
      },
    });
    const created = await json<{ data: { id: number; accountNumber: string } }>(response);
    // The doors open approved orders only: a pending one may have been added by a stranger's sign-up.
    const record = await get<{ data: { version: number } }>(`/api/customers/${created.data.id}`);
    await json(
      await request.post(`/api/customers/${created.data.id}/approve`, {
        headers,
        data: { version: record.data.version },
      }),
    );
    return {
      id: created.data.id,
      accountNumber: created.data.accountNumber,
      serviceAddress,
      zipcode: SERVED_ZIP,
      contactNumber: customer.contactNumber,
    } satisfies CreatedCustomer;
  };
}
