import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in';

type Json = Record<string, unknown>;

/** The demo Admin's bearer header, from a real sign-in through the API. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  return { authorization: `Bearer ${accessToken}` };
}

async function getData<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export type CreatedCustomer = { id: number; accountNumber: string };

/**
 * Creates a customer through the office wizard's API (POST /api/customers, the card encrypted as the browser does)
 * and approves the order, so it shows on the customer list: a record of the test's own, found by its unique name.
 */
export async function createApprovedCustomer(
  request: APIRequestContext,
  name: { firstName: string; lastName: string },
): Promise<CreatedCustomer> {
  const headers = await adminHeaders(request);
  const [zone] = await getData<{ zipcode: string; marketId: number; city: string; state: string }[]>(
    request,
    '/api/service-zones?limit=1',
    headers,
  );
  const [csr] = await getData<{ id: number }[]>(
    request,
    '/api/users?filter[role]=customer-service&filter[status]=1&limit=1',
    headers,
  );
  expect(zone && csr, 'the demo zones and customer-service users').toBeTruthy();
  const tiers = await getData<{ id: number }[]>(request, `/api/base-price?marketId=${zone!.marketId}`, headers);
  const { publicKey } = await getData<{ publicKey: string }>(request, '/api/payments/public-key', headers);
  const today = new Date().toISOString().slice(0, 10);
  const { nextBusinessDay } = await getData<{ nextBusinessDay: string }>(
    request,
    `/api/helper/date-info?date=${today}`,
    headers,
  );
  const encrypt = (number: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(number),
    ).toString('base64');

  const stamp = randomUUID().slice(0, 8);
  const body: Json = {
    useServiceHousesOccupied: true,
    useServiceHousesScheduled: true,
    zipcode: zone!.zipcode,
    serviceAddress: `${100 + Math.floor(Math.random() * 9000)} Spec Street`,
    city: zone!.city,
    state: zone!.state,
    csrUserId: csr!.id,
    about: 1,
    businesslogicId: tiers[0]?.id,
    srvFrecuency: 1,
    grassOvergrown: false,
    mowCut: ['Front', 'Back'],
    ...name,
    email: `spec.${stamp}@example.com`,
    contactNumber: '2145550100',
    isCellphone: true,
    serviceDate: nextBusinessDay,
    weekDay: 2,
    isCommunityGate: false,
    isBackyardGate: false,
    isFlowerBeds: false,
    isPetsBackyard: false,
    isFencePlastic: false,
    isAboveGroundPool: false,
    isTranpoline: false,
    payment: {
      paymentOption: 0,
      nameOnCard: `${name.firstName} ${name.lastName}`,
      creditCardNumber: encrypt('4242424242424242'),
      cardType: 4,
      creditCardExpirationMonth: 12,
      creditCardExpirationYear: new Date().getFullYear() + 2,
    },
    billing: { isSameAsService: true },
    mailing: { isSameAsService: true },
  };
  const created = await request.post('/api/customers', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, accountNumber } = ((await created.json()) as { data: CreatedCustomer }).data;

  const { version } = await getData<{ version: number }>(request, `/api/customers/${id}`, headers);
  const approved = await request.post(`/api/customers/${id}/approve`, { headers, data: { version } });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { id, accountNumber };
}
