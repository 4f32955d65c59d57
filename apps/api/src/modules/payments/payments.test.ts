import { generateKeyPairSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  AUTHORIZATION_MESSAGES,
  CHARGE_AUTHORIZATION_VERSION,
  chargeAuthorizationText,
  CUSTOMER_STATUS,
  PAYMENT_MESSAGES,
  type ExternalAccess,
  type PaymentProperty,
} from '@lawn/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, customers, paymentAuthorizations, properties } from '../../db/schema';
import { GatewayUnavailableError, type PaymentGateway } from '../../payments/gateway';
import { createLocalGateway } from '../../payments/local/local-gateway';
import { encryptNumber, GOOD_BANK, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { TEST_JWT_SECRET, useTestContext, type TestUser } from '../../test/test-app';
import { signExternalToken } from '../../tokens/external-token';

/** Counts gateway calls (to prove a bad request never reaches it) and can play an unreachable provider. */
const gatewayCalls = { tokenize: 0 };
let isGatewayDown = false;

const t = useTestContext({
  clock: () => new Date('2026-11-22T18:00:00Z'),
  gateway: ({ db, config }) => {
    const local = createLocalGateway({
      db,
      keyFile: path.join(config.dataDir, 'payment-key.pem'),
      clock: () => new Date('2026-11-22T18:00:00Z'),
    });
    const counted = <T>(call: () => Promise<T>) => {
      gatewayCalls.tokenize += 1;
      if (isGatewayDown) return Promise.reject(new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable));
      return call();
    };
    const gateway: PaymentGateway = {
      ...local,
      tokenizeCard: (input) => counted(() => local.tokenizeCard(input)),
      tokenizeBankAccount: (input) => counted(() => local.tokenizeBankAccount(input)),
    };
    return gateway;
  },
});

let admin: TestUser;
let marketId: number;
let publicKey: string;
/** Two properties of one customer, and another customer's property. */
let home: { id: number; customerId: number; accountNumber: string };
let cabin: { id: number };
let stranger: { id: number; customerId: number };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  marketId = await insertMarket(t.db, 'Payments market');
  home = await insertRecord(t.db, {
    marketId,
    customer: { firstName: 'Pat', email: 'pat.payments@example.com' },
    property: { serviceAddress: '12 Oak Lane' },
  });
  cabin = await insertRecord(t.db, {
    marketId,
    customerId: home.customerId,
    property: { serviceAddress: '9 Pine Rd' },
  });
  stranger = await insertRecord(t.db, { marketId, property: { serviceAddress: '1 Elsewhere Ct' } });
  const key = await t.app.inject({ url: '/api/payments/public-key' });
  publicKey = key.json<{ data: { publicKey: string } }>().data.publicKey;
});

const encrypt = (number: string) => encryptNumber(publicKey, number);
/** A key that is not the gateway's: what an old page or a forged request would encrypt with. */
const OTHER_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const cardChange = (number: string = GOOD_CARDS.visa, overrides: Record<string, unknown> = {}) => ({
  paymentOption: 0,
  nameOnCard: 'Pat Doe',
  creditCardNumber: encrypt(number),
  cardType: Number(number.charAt(0)),
  creditCardExpirationMonth: 5,
  creditCardExpirationYear: 2030,
  authorizationAccepted: true,
  ...overrides,
});
const eCheckChange = (overrides: Record<string, unknown> = {}) => ({
  paymentOption: 1,
  checkNameOnAccount: 'Pat Doe',
  checkRoutingNumber: GOOD_BANK.routing,
  checkAccountNumber: encrypt(GOOD_BANK.account),
  authorizationAccepted: true,
  ...overrides,
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const externalToken = (access: ExternalAccess) => signExternalToken(access, TEST_JWT_SECRET);
const staffChange = async (id: number, payload: object, key?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${id}/update-credit-card`,
    headers: { ...(await t.authHeaders(admin)), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

async function propertyRow(id: number) {
  const [row] = await t.db.select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error('no property');
  return row;
}
const historyOf = (id: number) =>
  t.db
    .select()
    .from(customerHistory)
    .where(and(eq(customerHistory.propertyId, id), eq(customerHistory.action, 'payment-method')))
    .orderBy(desc(customerHistory.id));
const emailsTo = async (to: string) =>
  (
    await t.pool.query<{ data: { to: string; subject: string; text: string } }>(
      `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
      [to],
    )
  ).rows.map((row) => row.data);
const vaultInstruments = async () =>
  Number(
    (await t.pool.query<{ total: string }>('select count(*) as total from payment_vault.instruments')).rows[0]?.total,
  );

describe('GET /api/payments/public-key', () => {
  it('answers the RSA-OAEP key to anyone', async () => {
    const response = await t.app.inject({ url: '/api/payments/public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { publicKey: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/), algorithm: 'RSA-OAEP-256' },
    });
  });
});

describe('staff payment pages', () => {
  it("lists every property of the property's customer, never another customer's", async () => {
    const response = await t.app.inject({
      url: `/api/customers/${cabin.id}/payment-methods`,
      headers: await t.authHeaders(admin),
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: PaymentProperty[] }>();
    expect(data.map((property) => property.id)).toEqual([home.id, cabin.id]);
    expect(data[0]).toMatchObject({
      streetAddress: '12 Oak Lane',
      accountNumber: home.accountNumber,
      parentId: home.customerId,
      paymentMethod: { paymentType: 1, cardType: 4, cardLastFour: '4242', cardExpirationYear: 2099 },
    });
  });

  it('answers 404 for a property that does not exist or was deleted', async () => {
    const gone = await insertRecord(t.db, { marketId, property: { deletedAt: new Date() } });
    for (const id of [gone.id, 2_000_000_000]) {
      const response = await t.app.inject({
        url: `/api/customers/${id}/payment-method`,
        headers: await t.authHeaders(admin),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.propertyNotFound });
    }
  });

  it('changes to a card: keeps token, brand, last four and expiry, records it and e-mails the customer', async () => {
    const response = await staffChange(home.id, cardChange(GOOD_CARDS.mastercard));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'The payment method was updated successfully',
      data: {
        id: home.id,
        paymentMethod: {
          paymentType: 1,
          paymentTypeName: 'Credit/Debit Card',
          cardType: 5,
          cardTypeName: 'Mastercard',
          cardLastFour: '4444',
          cardExpirationMonth: 5,
          cardExpirationYear: 2030,
          bankLastFour: null,
          billingName: 'Pat Doe',
          hasToken: true,
        },
      },
    });
    const row = await propertyRow(home.id);
    expect(row).toMatchObject({ paymentType: 1, cardType: 5, cardLastFour: '4444', cardExpiry: '2030-05-31' });
    expect(row.paymentToken).toMatch(/^tok_/);
    const [entry] = await historyOf(home.id);
    expect(entry).toMatchObject({ userId: admin.id });
    expect(entry?.description).toMatch(/^Payment method changed to Mastercard ending in 4444, expires 05\/2030/);
    const [email] = await emailsTo('pat.payments@example.com');
    expect(email?.subject).toBe('Your payment method was updated');
    expect(email?.text).toContain('Mastercard ending in 4444, expires 05/2030');
    expect(email?.text).toContain('12 Oak Lane');
  });

  it('changes to an e-check: the account is known by its last four only', async () => {
    const response = await staffChange(cabin.id, eCheckChange());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: PaymentProperty }>().data.paymentMethod).toMatchObject({
      paymentType: 2,
      paymentTypeName: 'E-Check',
      cardType: null,
      cardLastFour: null,
      cardExpirationMonth: null,
      bankLastFour: '6789',
    });
    expect(await propertyRow(cabin.id)).toMatchObject({ paymentType: 2, cardType: null, bankLastFour: '6789' });
  });

  // Payloads are made in the test: the public key is only known once the app runs.
  it.each([
    [
      'a card failing Luhn',
      () => cardChange('4242424242424241'),
      'creditCardNumber',
      PAYMENT_MESSAGES.cardNumberInvalid,
    ],
    [
      'a Visa of 17 digits',
      () => cardChange('40000000000000006'),
      'creditCardNumber',
      PAYMENT_MESSAGES.cardNumberInvalid,
    ],
    [
      'an Amex of 16 digits',
      () => cardChange('3782822463100003'),
      'creditCardNumber',
      PAYMENT_MESSAGES.cardNumberInvalid,
    ],
    [
      'a card of another type than chosen',
      () => cardChange(GOOD_CARDS.visa, { cardType: 6 }),
      'cardType',
      PAYMENT_MESSAGES.cardTypeMismatch,
    ],
    [
      'an account number too short',
      () => eCheckChange({ checkAccountNumber: encrypt('12345') }),
      'checkAccountNumber',
      PAYMENT_MESSAGES.accountInvalid,
    ],
    [
      'a number that cannot be decrypted',
      () => cardChange(GOOD_CARDS.visa, { creditCardNumber: encryptNumber(OTHER_KEY, GOOD_CARDS.visa) }),
      'creditCardNumber',
      PAYMENT_MESSAGES.unreadable,
    ],
  ] as const)('refuses %s with 400 naming the field, and keeps nothing', async (_rule, payload, field, message) => {
    const before = { row: await propertyRow(stranger.id), instruments: await vaultInstruments() };
    const response = await staffChange(stranger.id, payload());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await propertyRow(stranger.id)).toEqual(before.row);
    expect(await vaultInstruments()).toBe(before.instruments);
  });

  it.each([
    [
      'an expiry in the past',
      () => cardChange(GOOD_CARDS.visa, { creditCardExpirationMonth: 10, creditCardExpirationYear: 2026 }),
      { creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid] },
    ],
    [
      'an expiry beyond the years offered',
      () => cardChange(GOOD_CARDS.visa, { creditCardExpirationMonth: 1, creditCardExpirationYear: 2036 }),
      { creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid] },
    ],
    [
      'a routing number failing its checksum',
      () => eCheckChange({ checkRoutingNumber: '110000001' }),
      { checkRoutingNumber: [PAYMENT_MESSAGES.routingInvalid] },
    ],
    [
      'a card number in clear',
      () => cardChange(GOOD_CARDS.visa, { creditCardNumber: '4242424242424242' }),
      { creditCardNumber: [PAYMENT_MESSAGES.unreadable] },
    ],
    ['a CVV', () => cardChange(GOOD_CARDS.visa, { cvv: '123' }), { cvv: ['Unknown field: cvv'] }],
  ] as const)('refuses %s with 400 before the gateway is called', async (_rule, payload, errors) => {
    const calls = gatewayCalls.tokenize;
    const response = await staffChange(stranger.id, payload());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errors });
    expect(gatewayCalls.tokenize).toBe(calls);
  });

  it('answers 400 with the message when the gateway refuses the card, and 503 when it is down', async () => {
    const refused = await staffChange(stranger.id, cardChange('4000000000000101'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: PAYMENT_MESSAGES.refused });
    isGatewayDown = true;
    try {
      const down = await staffChange(stranger.id, cardChange());
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: PAYMENT_MESSAGES.gatewayUnavailable });
    } finally {
      isGatewayDown = false;
    }
    expect((await propertyRow(stranger.id)).paymentToken).toBeNull();
  });

  it('makes one change for a replayed Idempotency-Key, and another for a new key', async () => {
    const payload = cardChange(GOOD_CARDS.discover);
    const key = randomUUID();
    const before = { history: (await historyOf(stranger.id)).length, instruments: await vaultInstruments() };
    const first = await staffChange(stranger.id, payload, key);
    const replay = await staffChange(stranger.id, payload, key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await historyOf(stranger.id)).toHaveLength(before.history + 1);
    expect(await vaultInstruments()).toBe(before.instruments + 1);
    const other = await staffChange(stranger.id, payload, randomUUID());
    expect(other.statusCode).toBe(200);
    expect(await historyOf(stranger.id)).toHaveLength(before.history + 2);
  });

  it('puts a property of the expired-card list back in service with its new card', async () => {
    const declined = await insertRecord(t.db, { marketId, property: { status: CUSTOMER_STATUS.cardDeclined } });
    const response = await staffChange(declined.id, cardChange());
    expect(response.statusCode, response.body).toBe(200);
    expect((await propertyRow(declined.id)).status).toBe(CUSTOMER_STATUS.active);
    const [entry] = await historyOf(declined.id);
    expect(entry?.description).toContain('status changed from Card declined to Active Customer');
  });
});

describe("the customer's own payment pages", () => {
  let customerUser: TestUser;

  beforeAll(async () => {
    customerUser = await t.createUser({ role: 'customers' });
    await t.db.update(customers).set({ userId: customerUser.id }).where(eq(customers.id, home.customerId));
  });

  const asCustomer = async () => t.authHeaders(customerUser);

  it("lists a signed-in customer's own properties only", async () => {
    const response = await t.app.inject({ url: '/api/customer/payment-methods', headers: await asCustomer() });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: PaymentProperty[] }>().data.map((property) => property.id)).toEqual([
      home.id,
      cabin.id,
    ]);
  });

  it("answers 404 for another customer's property, and changes nothing", async () => {
    const before = await propertyRow(stranger.id);
    const read = await t.app.inject({
      url: `/api/customer/${stranger.id}/payment-method`,
      headers: await asCustomer(),
    });
    expect(read.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${stranger.id}/update-credit-card`,
      headers: await asCustomer(),
      payload: cardChange(),
    });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual({ message: PAYMENT_MESSAGES.propertyNotFound });
    expect(await propertyRow(stranger.id)).toEqual(before);
  });

  it('lets the customer change their own, recorded as theirs', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${cabin.id}/update-credit-card`,
      headers: await asCustomer(),
      payload: cardChange(GOOD_CARDS.americanExpress),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: PaymentProperty }>().data.paymentMethod.cardLastFour).toBe('0005');
    const [entry] = await historyOf(cabin.id);
    expect(entry).toMatchObject({ userId: customerUser.id });
    expect(entry?.description).toMatch(/by the customer$/);
  });

  it('shows nothing to a customer sign-in linked to no customer', async () => {
    const loose = await t.createUser({ role: 'customers' });
    const response = await t.app.inject({ url: '/api/customer/payment-methods', headers: await t.authHeaders(loose) });
    expect(response.json()).toEqual({ data: [] });
  });

  it('refuses staff on the customer routes and customers on the staff routes (403)', async () => {
    const staff = await t.app.inject({ url: '/api/customer/payment-methods', headers: await t.authHeaders(admin) });
    expect(staff.statusCode).toBe(403);
    const customer = await t.app.inject({
      url: `/api/customers/${home.id}/payment-methods`,
      headers: await asCustomer(),
    });
    expect(customer.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/customer/payment-methods' })).statusCode).toBe(401);
  });

  it('serves an external token its own property only, and needs the payment-method scope', async () => {
    const token = await externalToken({ propertyId: home.id, scopes: ['calendar', 'payment-method'] });
    // The identity check of an external change: the fixture's service zip code and its phone's last four digits.
    const identityCheck = { serviceZipCode: '75201', phoneLastFour: '0100' };
    const list = await t.app.inject({ url: '/api/customer/payment-methods', headers: bearer(token) });
    expect(list.json<{ data: PaymentProperty[] }>().data.map((property) => property.id)).toEqual([home.id]);
    const sibling = await t.app.inject({ url: `/api/customer/${cabin.id}/payment-method`, headers: bearer(token) });
    expect(sibling.statusCode).toBe(404);
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${home.id}/update-credit-card`,
      headers: bearer(token),
      payload: eCheckChange(identityCheck),
    });
    expect(change.statusCode, change.body).toBe(200);
    const [entry] = await historyOf(home.id);
    expect(entry).toMatchObject({ userId: null });
    expect(entry?.description).toMatch(/by the customer \(account look-up\)$/);
    const calendarOnly = await externalToken({ propertyId: home.id, scopes: ['calendar'] });
    const refused = await t.app.inject({ url: '/api/customer/payment-methods', headers: bearer(calendarOnly) });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the customer's acceptance of the charges", () => {
  let customerUser: TestUser;
  let property: { id: number; customerId: number };

  beforeAll(async () => {
    property = await insertRecord(t.db, {
      marketId,
      customer: { firstName: 'Robin', lastName: 'Vale' },
      property: { serviceAddress: '5 Authorization Way' },
    });
    customerUser = await t.createUser({ role: 'customers' });
    await t.db.update(customers).set({ userId: customerUser.id }).where(eq(customers.id, property.customerId));
  });

  const customerChange = async (payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${property.id}/update-credit-card`,
      headers: await t.authHeaders(customerUser),
      payload,
    });
  const kept = () =>
    t.db
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.propertyId, property.id))
      .orderBy(desc(paymentAuthorizations.id));

  it.each([
    ['card', () => cardChange(GOOD_CARDS.visa, { authorizationAccepted: undefined })],
    ['e-check', () => eCheckChange({ authorizationAccepted: false })],
  ])('is required on a %s change made on the web, before the gateway is asked', async (_method, payload) => {
    const calls = gatewayCalls.tokenize;
    const response = await customerChange(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { authorizationAccepted: [AUTHORIZATION_MESSAGES.required] },
    });
    expect(gatewayCalls.tokenize).toBe(calls);
    expect(await kept()).toEqual([]);
  });

  it('is kept with its time, who, the channel and the words shown, and recorded in the history', async () => {
    const response = await customerChange(eCheckChange());
    expect(response.statusCode, response.body).toBe(200);

    const terms = { pricePerMow: 37.89, billingCharges: 'check-out' } as const;
    const text = chargeAuthorizationText('eCheck', terms);
    expect(text).toContain('debit my checking account $37.89 (tax included) for each mow');
    const [row] = await kept();
    expect(row).toMatchObject({
      paymentType: 2,
      acceptedAt: new Date('2026-11-22T18:00:00Z'),
      acceptedByUserId: customerUser.id,
      acceptedBy: 'Robin Vale',
      channel: 'webAccount',
      textVersion: CHARGE_AUTHORIZATION_VERSION,
      text,
    });
    expect(response.json<{ data: PaymentProperty }>().data).toMatchObject({
      chargeTerms: terms,
      authorization: {
        acceptedAt: '2026-11-22T18:00:00.000Z',
        acceptedBy: 'Robin Vale',
        channel: 'webAccount',
        textVersion: CHARGE_AUTHORIZATION_VERSION,
        text,
      },
    });
    const [entry] = await historyOf(property.id);
    expect(entry?.description).toContain(
      `charges authorized by Robin Vale (Customer's web account, wording ${CHARGE_AUTHORIZATION_VERSION})`,
    );

    const staffRead = await t.app.inject({
      url: `/api/customers/${property.id}/payment-method`,
      headers: await t.authHeaders(admin),
    });
    expect(staffRead.json<{ data: PaymentProperty }>().data.authorization?.text).toBe(text);
  });

  it('is optional for the office, which records it as the office channel when the customer gave it', async () => {
    const without = await staffChange(property.id, cardChange(GOOD_CARDS.visa, { authorizationAccepted: undefined }));
    expect(without.statusCode, without.body).toBe(200);
    expect(await kept()).toHaveLength(1);

    const given = await staffChange(property.id, cardChange(GOOD_CARDS.mastercard));
    expect(given.statusCode, given.body).toBe(200);
    const [row] = await kept();
    expect(row).toMatchObject({ paymentType: 1, channel: 'office', acceptedByUserId: admin.id });
    expect(row?.text).toContain('charge my card $37.89 (tax included) for each mow');
  });
});

describe('what the product keeps of a number', () => {
  it('never the card or account number: not in the property, the history, the vault or the e-mail jobs', async () => {
    const tables = ['properties', 'customer_history', 'payment_vault.instruments', 'pgboss.job', 'idempotency_keys'];
    const text = (
      await Promise.all(
        tables.map(async (table) =>
          (await t.db.execute<{ row: string }>(sql.raw(`select row_to_json(x)::text as row from ${table} x`))).rows
            .map((row) => row.row)
            .join('\n'),
        ),
      )
    ).join('\n');
    for (const number of [...Object.values(GOOD_CARDS), GOOD_BANK.account]) expect(text).not.toContain(number);
  });
});
