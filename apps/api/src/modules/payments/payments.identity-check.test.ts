import {
  EXTERNAL_MESSAGES,
  IDENTITY_CHECK_MESSAGES,
  NOTIFICATION_TYPES,
  type ExternalAccount,
  type PaymentProperty,
} from '@lawn/shared';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, notifications, properties } from '../../db/schema';
import { encryptNumber, GOOD_BANK, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';
import { createExternalService } from '../external/external.service';

const t = useTestContext({ clock: () => new Date('2026-11-22T18:00:00Z') });

/** The customer's phone on file and the service zip code: the two facts a stranger with the account number lacks. */
const PHONE = '2145550163';
const ZIP = '75204';
const RIGHT = { serviceZipCode: ZIP, phoneLastFour: '0163' } as const;

let admin: TestUser;
let manager: TestUser;
let csr: TestUser;
let representative: TestUser;
let customerUser: TestUser;
let marketId: number;
let publicKey: string;
let property: { id: number; customerId: number; accountNumber: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  manager = await t.createUser({ role: 'Manager' });
  csr = await t.createUser({ role: 'customer-service' });
  representative = await t.createUser({ role: 'Representative' });
  customerUser = await t.createUser({ role: 'customers' });
  marketId = await insertMarket(t.db, 'Identity market');
  property = await insertRecord(t.db, {
    marketId,
    customer: {
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'dana.reyes@example.com',
      contactNumber: PHONE,
      userId: customerUser.id,
    },
    property: { accountNumber: '731904562287', zipcode: ZIP, serviceAddress: '7 Cedar Bend' },
  });
  const key = await t.app.inject({ url: '/api/payments/public-key' });
  publicKey = key.json<{ data: { publicKey: string } }>().data.publicKey;
});

const eCheck = (extra: Record<string, unknown> = {}) => ({
  paymentOption: 1,
  checkNameOnAccount: 'Dana Reyes',
  checkRoutingNumber: GOOD_BANK.routing,
  checkAccountNumber: encryptNumber(publicKey, GOOD_BANK.account),
  authorizationAccepted: true,
  ...extra,
});
const card = (extra: Record<string, unknown> = {}) => ({
  paymentOption: 0,
  nameOnCard: 'Dana Reyes',
  creditCardNumber: encryptNumber(publicKey, GOOD_CARDS.mastercard),
  cardType: 5,
  creditCardExpirationMonth: 5,
  creditCardExpirationYear: 2030,
  authorizationAccepted: true,
  ...extra,
});

/** A token as a customer gets it: through the account-number look-up. */
async function accountDoorToken(ip = nextIp()): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/external/login-account',
    payload: { account_number: property.accountNumber },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ExternalAccount }>().data.accessToken;
}

const change = (authorization: string, payload: object, ip = nextIp()) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customer/${property.id}/update-credit-card`,
    headers: { authorization },
    payload,
    remoteAddress: ip,
  });

const paymentColumns = async () => {
  const [row] = await t.db
    .select({ token: properties.paymentToken, type: properties.paymentType, bank: properties.bankLastFour })
    .from(properties)
    .where(eq(properties.id, property.id));
  return row;
};
const changesRecorded = async () =>
  (
    await t.db
      .select({ id: customerHistory.id })
      .from(customerHistory)
      .where(and(eq(customerHistory.propertyId, property.id), eq(customerHistory.action, 'payment-method')))
  ).length;

describe('a payment-method change through an external door', () => {
  it('is refused without the identity check, naming both fields, and changes nothing', async () => {
    const token = await accountDoorToken();
    const before = { row: await paymentColumns(), changes: await changesRecorded() };
    const response = await change(`Bearer ${token}`, eCheck());
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      serviceZipCode: [IDENTITY_CHECK_MESSAGES.zipRequired],
      phoneLastFour: [IDENTITY_CHECK_MESSAGES.phoneLastFourRequired],
    });
    expect(await paymentColumns()).toEqual(before.row);
    expect(await changesRecorded()).toBe(before.changes);
  });

  it('is refused with a wrong zip code or wrong phone digits, in one answer that says not which', async () => {
    const token = await accountDoorToken();
    const before = { row: await paymentColumns(), changes: await changesRecorded() };
    const mismatch = {
      message: IDENTITY_CHECK_MESSAGES.mismatch,
      errors: {
        serviceZipCode: [IDENTITY_CHECK_MESSAGES.mismatch],
        phoneLastFour: [IDENTITY_CHECK_MESSAGES.mismatch],
      },
    };
    for (const answers of [
      { ...RIGHT, serviceZipCode: '75201' },
      { ...RIGHT, phoneLastFour: '0100' },
      { serviceZipCode: '75201', phoneLastFour: '0100' },
      // The first four digits of the phone are not its last four.
      { ...RIGHT, phoneLastFour: PHONE.slice(0, 4) },
    ]) {
      const response = await change(`Bearer ${token}`, eCheck(answers));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(mismatch);
    }
    expect(await paymentColumns()).toEqual(before.row);
    expect(await changesRecorded()).toBe(before.changes);
  });

  it('is made with the right zip code and phone digits, recorded as the look-up customer', async () => {
    const token = await accountDoorToken();
    const response = await change(`Bearer ${token}`, eCheck(RIGHT));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: PaymentProperty }>().data.paymentMethod.bankLastFour).toBe('6789');
    const [entry] = await t.db
      .select()
      .from(customerHistory)
      .where(eq(customerHistory.propertyId, property.id))
      .orderBy(desc(customerHistory.id))
      .limit(1);
    expect(entry).toMatchObject({ userId: null, action: 'payment-method' });
    expect(entry?.description).toMatch(/by the customer \(account look-up\)$/);
  });

  it('tells the payment form to ask for the identity check, and a signed-in customer not', async () => {
    const external = await t.app.inject({
      url: `/api/customer/${property.id}/payment-method`,
      headers: { authorization: `Bearer ${await accountDoorToken()}` },
    });
    expect(external.json()).toMatchObject({ data: { id: property.id }, identityCheck: true });
    const signedIn = await t.app.inject({
      url: `/api/customer/${property.id}/payment-method`,
      headers: await t.authHeaders(customerUser),
    });
    expect(signedIn.json()).toMatchObject({ data: { id: property.id }, identityCheck: false });
  });

  it("takes a try of the look-ups' per-address budget, shared with the look-ups themselves", async () => {
    const ip = nextIp();
    const token = `Bearer ${await accountDoorToken(ip)}`;
    const wrong = eCheck({ ...RIGHT, phoneLastFour: '9999' });
    // The look-up above took one try; the identity checks take the rest.
    for (let attempt = 1; attempt < t.config.loginRateLimitPerMinute; attempt += 1) {
      expect((await change(token, wrong, ip)).statusCode).toBe(400);
    }
    const blocked = await change(token, eCheck(RIGHT), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: EXTERNAL_MESSAGES.tooManyLookups });
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/external/login-account',
      payload: { account_number: property.accountNumber },
      remoteAddress: ip,
    });
    expect(lookup.statusCode).toBe(429);
    // A customer signed in to their web account is not asked, and not counted, from the same address.
    const signedIn = await change((await t.authHeaders(customerUser)).authorization, card(), ip);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // Another address is not held back.
    expect((await change(token, eCheck(RIGHT))).statusCode).toBe(200);
  });

  it("takes the look-ups' least time, answered right, wrong or incomplete", async () => {
    const waits: number[] = [];
    let now = 0;
    const service = createExternalService({
      db: t.db,
      jwtSecret: 'not-used-by-the-identity-check-at-all',
      calendar: { calendar: () => Promise.reject(new Error('not used')) },
      invoices: { propertyPayments: () => Promise.reject(new Error('not used')) },
      visits: {
        completedOfYear: () => Promise.reject(new Error('not used')),
        photo: () => Promise.reject(new Error('not used')),
      },
      lookupFloorMs: 300,
      floorClock: {
        now: () => now,
        sleep: async (ms) => {
          waits.push(ms);
          now += ms;
        },
      },
    });
    await service.confirmIdentity(property.id, RIGHT);
    await expect(service.confirmIdentity(property.id, { ...RIGHT, serviceZipCode: '75201' })).rejects.toThrow(
      IDENTITY_CHECK_MESSAGES.mismatch,
    );
    await expect(service.confirmIdentity(property.id, {})).rejects.toThrow();
    await expect(service.confirmIdentity(2_000_000_000, RIGHT)).rejects.toThrow(IDENTITY_CHECK_MESSAGES.mismatch);
    expect(waits).toEqual([300, 300, 300, 300]);
  });
});

describe('every payment-method change', () => {
  const notificationsOf = async (since: number) =>
    (
      await t.db
        .select({
          id: notifications.id,
          userId: notifications.userId,
          typeId: notifications.typeId,
          name: notifications.name,
          customerName: notifications.customerName,
        })
        .from(notifications)
        .where(eq(notifications.customerAttributeId, property.id))
    ).filter((row) => row.id > since);
  const lastNotificationId = async () =>
    (await t.db.select({ id: notifications.id }).from(notifications).orderBy(desc(notifications.id)).limit(1))[0]?.id ??
    0;
  const mails = async () =>
    (
      await t.pool.query<{ data: { to: string; subject: string; text: string; html: string } }>(
        `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on, id`,
        ['dana.reyes@example.com'],
      )
    ).rows.map((row) => row.data);

  it.each([
    ['by staff', async () => ({ authorization: (await t.authHeaders(admin)).authorization, staff: true })],
    ['by the customer signed in to the web account', async () => ({ ...(await t.authHeaders(customerUser)) })],
    ['through the account-number door', async () => ({ authorization: `Bearer ${await accountDoorToken()}` })],
  ] as const)('%s e-mails the customer and notifies the office', async (_door, headersOf) => {
    const since = { notification: await lastNotificationId(), mails: (await mails()).length };
    const caller: { authorization: string; staff?: boolean } = await headersOf();
    const response = await t.app.inject({
      method: 'PATCH',
      url: caller.staff
        ? `/api/customers/${property.id}/update-credit-card`
        : `/api/customer/${property.id}/update-credit-card`,
      headers: { authorization: caller.authorization },
      payload: card(caller.staff ? {} : RIGHT),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);

    const told = await notificationsOf(since.notification);
    const expectedUsers = caller.staff ? [manager.id, csr.id] : [admin.id, manager.id, csr.id];
    expect(told.map((row) => row.userId).sort()).toEqual(expectedUsers.sort());
    expect(told.map((row) => row.userId)).not.toContain(representative.id);
    for (const row of told) {
      expect(row).toMatchObject({ typeId: NOTIFICATION_TYPES.customerActivity, customerName: 'Dana Reyes' });
      expect(row.name).toMatch(/^Payment method changed by .+: Mastercard ending in 4444, expires 05\/2030$/);
    }

    const sent = (await mails()).slice(since.mails);
    expect(sent.map((mail) => mail.subject)).toEqual(['Your payment method was updated']);
    const [mail] = sent;
    expect(mail?.text).toContain('Mastercard ending in 4444');
    expect(mail?.text).toContain('account ending in 2287');
    // No card or account digits beyond the last four: not the card, not the whole account number.
    for (const text of [mail?.text, mail?.html]) {
      expect(text).not.toContain(property.accountNumber);
      expect(text).not.toContain(GOOD_CARDS.mastercard);
      expect(text).not.toMatch(/\d{5,}/);
    }
  });

  it('notifies the office even when the customer has no e-mail address', async () => {
    const quiet = await insertRecord(t.db, { marketId, customer: { email: null } });
    const since = await lastNotificationId();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${quiet.id}/update-credit-card`,
      headers: await t.authHeaders(csr),
      payload: card(),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.customerAttributeId, quiet.id));
    expect(told.map((row) => row.userId).sort()).toEqual([admin.id, manager.id].sort());
    expect(since).toBeLessThan(await lastNotificationId());
  });
});
