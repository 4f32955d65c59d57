import { CUSTOMER_MESSAGES, NOTE_TYPE, ORDER_STATUS, type PublicSignUpRequest } from '@lawn/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, notes, properties } from '../../db/schema';
import { insertOrderMarket, NEW_ORDER_NOW, type OrderMarket } from '../../test/new-customer-fixtures';
import { insertRecord } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';

const OFFICE_PHONE = '2145550100';
const t = useTestContext({ clock: () => NEW_ORDER_NOW, config: { officePhone: OFFICE_PHONE } });

let market: OrderMarket;
/** A current customer with a web account and a property in service. */
let current: { customerId: number; propertyId: number; email: string; user: TestUser };

beforeAll(async () => {
  market = await insertOrderMarket(t, 'Current-customer market');
  const record = await insertRecord(t.db, {
    marketId: market.marketId,
    customer: {
      firstName: 'Casey',
      lastName: 'Current',
      email: 'casey.current@example.com',
      contactNumber: '2145550111',
    },
  });
  const user = await t.createUser({ role: 'customers', email: 'casey.current@example.com' });
  await t.db.update(customers).set({ userId: user.id }).where(eq(customers.id, record.customerId));
  current = { customerId: record.customerId, propertyId: record.id, email: 'casey.current@example.com', user };
});

/** A complete sign-up of a second property, as the public pages send it, with the given e-mail address. */
function signUp(email: string, about = 5): PublicSignUpRequest {
  return {
    order: market.order({
      email,
      firstName: 'Someone',
      lastName: 'Else',
      contactNumber: '+1 (214) 555-0177',
      about,
      aboutOption: '',
      payment: market.checkPayment(),
    }),
    signUp: {
      scheduleService: 'scheduled',
      isItLocked: 'No',
      isBackyardComboLock: '',
      isLineTrimBeds: '',
      isFlowerBedsDamage: '',
      isPetNoTrouble: '',
      disclaimerFencePlastic: '',
      disclaimerAboveGroundPool: '',
      disclaimerTrampoline: '',
      isFlowerBedCleaning: false,
      isBushTrimming: false,
    },
  };
}

const post = (body: PublicSignUpRequest) =>
  t.app.inject({
    method: 'POST',
    url: '/api/web/customers',
    remoteAddress: nextIp(),
    headers: { 'idempotency-key': `current-${Math.random()}` },
    payload: body,
  });

const customerCount = async () => (await t.db.select({ n: count() }).from(customers))[0]?.n ?? 0;
const emailsTo = async (to: string) =>
  (
    await t.pool.query<{ data: { to: string; subject: string; text: string } }>(
      `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
      [to],
    )
  ).rows.map((row) => row.data);
const invitationsOf = async (customerId: number) =>
  Number(
    (
      await t.pool.query<{ n: string }>(
        `select count(*) as n from pgboss.job where name = 'web-account-invitation' and (data->>'customerId')::int = $1`,
        [customerId],
      )
    ).rows[0]?.n,
  );

describe('a public sign-up with the e-mail address of a current customer', () => {
  it('adds the property to that customer, answering only its new account number, as for a new customer', async () => {
    const customersBefore = await customerCount();
    const response = await post(signUp(current.email.toUpperCase()));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ message: string; data: Record<string, unknown> }>();
    // Nothing of the customer it joined: no customer id, no name, the same keys as a brand-new customer's answer.
    expect(Object.keys(body.data)).toEqual(['accountNumber']);
    expect(response.body).not.toContain('Casey');
    const fresh = await post(signUp('brand.new.sign-up@example.com', 1));
    expect(Object.keys(fresh.json<{ data: Record<string, unknown> }>().data)).toEqual(['accountNumber']);

    const accountNumber = String(body.data['accountNumber']);
    const [property] = await t.db.select().from(properties).where(eq(properties.accountNumber, accountNumber));
    expect(property).toMatchObject({ customerId: current.customerId, statusOrders: ORDER_STATUS.pending });
    // Only the brand-new sign-up made a customer; the current customer keeps their own name and phone.
    expect(await customerCount()).toBe(customersBefore + 1);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, current.customerId));
    expect(customer).toMatchObject({ firstName: 'Casey', lastName: 'Current', contactNumber: '2145550111' });

    // The office reads what the sign-up typed about the person, to compare it on the confirming call.
    const [note] = await t.db
      .select({ text: notes.description })
      .from(notes)
      .where(and(eq(notes.propertyId, property?.id ?? 0), eq(notes.typeId, NOTE_TYPE.private)));
    expect(note?.text).toContain('Name given: Someone Else. Phone given: +1 (214) 555-0177.');

    // The customer hears of it by e-mail, with the office's phone; they already sign in, so no invitation is sent.
    const [mail] = await emailsTo(current.email);
    expect(mail?.subject).toBe('A property was added to your account');
    expect(mail?.text).toContain(`account ending in ${accountNumber.slice(-4)}`);
    expect(mail?.text).toContain('+1 (214) 555-0100');
    expect(mail?.text).not.toContain('Someone');
    expect(await invitationsOf(current.customerId)).toBe(0);
  });

  it("shows the new property in the customer's web account", async () => {
    const response = await post(signUp(current.email));
    expect(response.statusCode, response.body).toBe(201);
    const { accountNumber } = response.json<{ data: { accountNumber: string } }>().data;
    const list = await t.app.inject({
      url: '/api/customer/payment-methods',
      headers: await t.authHeaders(current.user),
    });
    expect(list.statusCode).toBe(200);
    const numbers = list.json<{ data: { accountNumber: string }[] }>().data.map((row) => row.accountNumber);
    expect(numbers).toContain(accountNumber);
  });

  it("does not open the customer's name or phone through the new account number before the office approves it", async () => {
    const response = await post(signUp(current.email));
    const { accountNumber } = response.json<{ data: { accountNumber: string } }>().data;
    const lookup = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/external/login-account',
        payload: { account_number: accountNumber },
        remoteAddress: nextIp(),
      });
    const pending = await lookup();
    expect(pending.statusCode).toBe(401);
    expect(pending.body).not.toContain('Casey');
    expect(pending.body).not.toContain('2145550111');

    // Once the office has confirmed it with the customer and approved it, it opens like any other account.
    await t.db
      .update(properties)
      .set({ statusOrders: ORDER_STATUS.approved })
      .where(eq(properties.accountNumber, accountNumber));
    expect((await lookup()).statusCode).toBe(200);
  });

  it('invites a joined customer without a web account to make one', async () => {
    const record = await insertRecord(t.db, {
      marketId: market.marketId,
      customer: { email: 'no.account.yet@example.com' },
    });
    const response = await post(signUp('no.account.yet@example.com'));
    expect(response.statusCode, response.body).toBe(201);
    const [property] = await t.db
      .select({ customerId: properties.customerId })
      .from(properties)
      .where(eq(properties.accountNumber, response.json<{ data: { accountNumber: string } }>().data.accountNumber));
    expect(property?.customerId).toBe(record.customerId);
    expect(await invitationsOf(record.customerId)).toBe(1);
  });

  it("refuses a staff account's e-mail address at the email field, creating nothing", async () => {
    const staff = await t.createUser({ role: 'Manager', email: 'office.manager@example.com' });
    const before = await customerCount();
    const response = await post(signUp(staff.email, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors['email']).toEqual([
      CUSTOMER_MESSAGES.emailTaken,
    ]);
    expect(await customerCount()).toBe(before);
  });
});

describe('GET /api/web/sign-up-settings with OFFICE_PHONE set', () => {
  it("answers the office's phone as its 10 digits", async () => {
    const response = await t.app.inject({ url: '/api/web/sign-up-settings' });
    expect(response.json<{ data: { officePhone: string | null } }>().data.officePhone).toBe(OFFICE_PHONE);
  });
});
