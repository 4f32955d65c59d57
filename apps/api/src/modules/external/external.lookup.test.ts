import { EXTERNAL_MESSAGES, EXTERNAL_SCOPES, type ExternalAccount } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, properties } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { nextIp, TEST_JWT_SECRET, useTestContext } from '../../test/test-app';
import { verifyExternalToken } from '../../tokens/external-token';

const t = useTestContext();

const PHONE = '5125550177';
/** A phone three customers share (a family business, a landlord and a tenant...). */
const SHARED_PHONE = '5125550190';
let home: { id: number; customerId: number; accountNumber: string };
let cabin: { id: number; accountNumber: string };
let neighbour: { id: number; accountNumber: string };
let gone: { id: number; accountNumber: string };
/** Three customers of SHARED_PHONE: the first with two properties. */
let sharers: { id: number; customerId: number; accountNumber: string }[];
let sharersSecondProperty: { id: number; accountNumber: string };

beforeAll(async () => {
  const marketId = await insertMarket(t.db, 'Austin');
  home = await insertRecord(t.db, {
    marketId,
    customer: { firstName: 'Rosa', contactNumber: PHONE },
    property: { accountNumber: 'AUS-7001', weekDay: 3, totalMowing: 43.3 },
  });
  cabin = await insertRecord(t.db, { marketId, customerId: home.customerId, property: { accountNumber: 'AUS-7002' } });
  neighbour = await insertRecord(t.db, {
    marketId,
    customer: { contactNumber: '5125550178' },
    property: { accountNumber: 'AUS-7003' },
  });
  gone = await insertRecord(t.db, {
    marketId,
    customer: { contactNumber: '5125550179' },
    property: { accountNumber: 'AUS-7004' },
  });
  await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, gone.id));
  sharers = [];
  for (const [index, firstName] of ['Ana', 'Ben', 'Cy'].entries()) {
    sharers.push(
      await insertRecord(t.db, {
        marketId,
        customer: { firstName, contactNumber: SHARED_PHONE },
        property: { accountNumber: `SHR-${index + 1}` },
      }),
    );
  }
  sharersSecondProperty = await insertRecord(t.db, {
    marketId,
    customerId: sharers[0]?.customerId,
    property: { accountNumber: 'SHR-1B' },
  });
});

const post = (url: string, payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: `/api/external/${url}`, payload: payload as object, remoteAddress });
const searchPhone = (phone: unknown, ip?: string) => post('search-phone', { contact_number: phone }, ip);
const loginAccount = (account: unknown, ip?: string) => post('login-account', { account_number: account }, ip);

describe('POST /api/external/search-phone', () => {
  it("answers every property of the phone's customer, each with a token that reads its calendar and payments only", async () => {
    const response = await searchPhone(PHONE);
    expect(response.statusCode, response.body).toBe(200);
    const accounts = response.json<{ data: ExternalAccount[] }>().data;
    expect(accounts.map(({ accessToken: _token, ...account }) => account)).toEqual([
      {
        authType: 'Bearer',
        expiresIn: 3600,
        propertyId: home.id,
        firstName: 'Rosa',
        contactNumber: PHONE,
        weekDay: 3,
        accountNumber: 'AUS-7001',
        costService: 43.3,
        serviceAddress: expect.any(String),
      },
      expect.objectContaining({ propertyId: cabin.id, accountNumber: 'AUS-7002', firstName: 'Rosa' }),
    ]);
    for (const account of accounts) {
      expect(await verifyExternalToken(account.accessToken, TEST_JWT_SECRET)).toEqual({
        propertyId: account.propertyId,
        scopes: ['calendar', 'payments'],
      });
    }
  });

  it("gives tokens that read their own property's calendar and payments, and never the payment pages", async () => {
    const [first] = (await searchPhone(PHONE)).json<{ data: ExternalAccount[] }>().data;
    const headers = { authorization: `Bearer ${first?.accessToken}` };
    expect((await t.app.inject({ url: '/api/external/calendar', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/external/payments', headers })).statusCode).toBe(200);
    for (const url of ['/api/customer/payment-methods', `/api/customer/${home.id}/payment-method`]) {
      expect((await t.app.inject({ url, headers })).statusCode).toBe(403);
    }
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${home.id}/update-credit-card`,
      headers,
      payload: { paymentOption: 1, serviceZipCode: '75201', phoneLastFour: PHONE.slice(-4) },
    });
    expect(change.statusCode).toBe(403);
  });

  it('asks for the account number when several customers share the phone, and answers no property', async () => {
    const response = await searchPhone(SHARED_PHONE);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: EXTERNAL_MESSAGES.phoneShared,
      errors: { account_number: [EXTERNAL_MESSAGES.phoneShared] },
    });
    expect(response.body).not.toContain('accessToken');
  });

  it("with the account number, answers that customer's properties only", async () => {
    const [ana, ben] = sharers;
    const first = await post('search-phone', { contact_number: SHARED_PHONE, account_number: ana?.accountNumber });
    expect(first.statusCode, first.body).toBe(200);
    const anas = first.json<{ data: ExternalAccount[] }>().data;
    expect(anas.map((account) => [account.propertyId, account.firstName])).toEqual([
      [ana?.id, 'Ana'],
      [sharersSecondProperty.id, 'Ana'],
    ]);
    // Any of the customer's account numbers picks the customer.
    const bySecond = await post('search-phone', {
      contact_number: SHARED_PHONE,
      account_number: sharersSecondProperty.accountNumber,
    });
    expect(bySecond.json<{ data: ExternalAccount[] }>().data.map((account) => account.propertyId)).toEqual([
      ana?.id,
      sharersSecondProperty.id,
    ]);
    const second = await post('search-phone', { contact_number: SHARED_PHONE, account_number: ben?.accountNumber });
    expect(second.json<{ data: ExternalAccount[] }>().data.map((account) => account.firstName)).toEqual(['Ben']);
  });

  it('treats an account number of another phone as a miss, even for a phone with one customer', async () => {
    for (const [phone, account] of [
      [SHARED_PHONE, 'AUS-7003'],
      [PHONE, sharers[0]?.accountNumber],
      [PHONE, 'NOPE-0000'],
    ] as const) {
      const response = await post('search-phone', { contact_number: phone, account_number: account });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: EXTERNAL_MESSAGES.notFound });
    }
    const own = await post('search-phone', { contact_number: PHONE, account_number: 'AUS-7002' });
    expect(own.json<{ data: ExternalAccount[] }>().data.map((account) => account.propertyId)).toEqual([
      home.id,
      cabin.id,
    ]);
  });

  it("refuses what is not 10 digits with the spec's messages", async () => {
    const cases: [unknown, string][] = [
      [undefined, EXTERNAL_MESSAGES.phoneRequired],
      ['', EXTERNAL_MESSAGES.phoneRequired],
      ['512555017', EXTERNAL_MESSAGES.phoneInvalid],
      ['(512) 555-0177', EXTERNAL_MESSAGES.phoneInvalid],
      ['51255501770', EXTERNAL_MESSAGES.phoneInvalid],
    ];
    for (const [phone, message] of cases) {
      const response = await searchPhone(phone);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ contact_number: [message] });
    }
    expect((await post('search-phone', { contact_number: PHONE, propertyId: neighbour.id })).statusCode).toBe(400);
  });
});

describe('POST /api/external/login-account', () => {
  it('answers the property of the account number with its token', async () => {
    const response = await loginAccount('AUS-7003');
    expect(response.statusCode, response.body).toBe(200);
    const account = response.json<{ data: ExternalAccount }>().data;
    expect(account).toMatchObject({ propertyId: neighbour.id, accountNumber: 'AUS-7003', contactNumber: '5125550178' });
    // The payment pages too: a change there still needs the identity check (see external.identity.test.ts).
    expect(await verifyExternalToken(account.accessToken, TEST_JWT_SECRET)).toEqual({
      propertyId: neighbour.id,
      scopes: [...EXTERNAL_SCOPES],
    });
  });

  it('refuses a number of the current shape whose check digit is wrong, before looking it up', async () => {
    const response = await loginAccount('482133776510');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ account_number: [EXTERNAL_MESSAGES.accountNumberInvalid] });
  });

  it("refuses a missing or short account number with the spec's messages", async () => {
    const missing = await loginAccount(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ account_number: [EXTERNAL_MESSAGES.accountNumberRequired] });
    const short = await loginAccount('AUS');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ account_number: [EXTERNAL_MESSAGES.accountNumberMin] });
  });
});

describe('look-ups that find nothing', () => {
  it('answer alike whatever the reason, so no one learns which phones and account numbers exist', async () => {
    const misses = [
      await searchPhone('5125550100'),
      await searchPhone('5125550179'),
      await loginAccount('NOPE-0000'),
      await loginAccount(gone.accountNumber),
      await loginAccount('aus-7001'),
    ];
    // A customer deleted after the fact is a miss too.
    await t.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, home.customerId));
    misses.push(await searchPhone(PHONE), await loginAccount(home.accountNumber));
    await t.db.update(customers).set({ deletedAt: null }).where(eq(customers.id, home.customerId));

    const shapeOf = (response: (typeof misses)[number]) => ({
      status: response.statusCode,
      body: response.body,
      headers: Object.keys(response.headers)
        .filter((name) => name !== 'date')
        .sort(),
    });
    const first = shapeOf(misses[0] as (typeof misses)[number]);
    expect(first.status).toBe(401);
    expect(JSON.parse(first.body)).toEqual({ message: EXTERNAL_MESSAGES.notFound });
    for (const miss of misses) expect(shapeOf(miss)).toEqual(first);
  });
});

describe('look-up limits', () => {
  it('counts look-ups by phone and by account number together, per client address', async () => {
    const ip = nextIp();
    const limit = t.config.loginRateLimitPerMinute;
    // Refused bodies count too: the limit runs before anything is read.
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = attempt % 2 === 0 ? await searchPhone('1', ip) : await loginAccount('A', ip);
      expect(response.statusCode).toBe(400);
    }
    for (const blocked of [await searchPhone(PHONE, ip), await loginAccount('AUS-7001', ip)]) {
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: EXTERNAL_MESSAGES.tooManyLookups });
      expect(blocked.headers['retry-after']).toBeDefined();
    }
    expect((await searchPhone(PHONE)).statusCode).toBe(200);
  });
});

describe('what a look-up token opens', () => {
  it('is the calendar, the payments and the payment pages of its property, and no other route', () => {
    const opened = t.app.routeTable
      .filter((route) => route.method !== 'HEAD')
      .flatMap((route) => {
        const access: unknown = route.config.access;
        if (typeof access !== 'object' || access === null || Array.isArray(access)) return [];
        const scope =
          (access as { external?: string; customer?: string }).external ?? (access as { customer?: string }).customer;
        return scope === undefined ? [] : [`${route.method} ${route.url} (${scope})`];
      })
      .sort();
    expect(opened).toEqual([
      'GET /api/customer/:id/payment-method (payment-method)',
      'GET /api/customer/payment-methods (payment-method)',
      'GET /api/external/calendar (calendar)',
      'GET /api/external/payments (payments)',
      'GET /api/external/visits/:visitId/photos/:photoId (calendar)',
      'GET /api/web/visits (calendar)',
      'GET /api/web/visits/:visitId/photos/:photoId (calendar)',
      'PATCH /api/customer/:id/update-credit-card (payment-method)',
    ]);
  });
});
