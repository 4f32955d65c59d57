import {
  calendarDateIn,
  INVOICE_STATUS,
  mowYearOf,
  nextBusinessDay,
  normalizePhone,
  type CustomerListRow,
  type PaymentProperty,
  type TokenPair,
} from '@lawn/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { invoices, propertySchedules } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { startJobQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { signExternalToken } from '../tokens/external-token';
import { startApiProcess, type ApiProcess } from './api-process';
import { cloneTemplateDatabase, type ClonedDatabase } from './cloned-database';
import { encryptNumber, GOOD_BANK, GOOD_CARDS } from './payment-fixtures';
import { describeFindings, scanForSecrets, type KnownSecret, type TextSource } from './secret-scan';
import { databaseTextSources, outboxFiles, outboxTextSources } from './secret-sources';
import { TEST_JWT_SECRET } from './test-app';
import { waitFor } from './wait-for';

/**
 * No card or account number in anything the product keeps, after payment methods were changed the ways the product
 * allows (staff and a customer, card and e-check, good numbers and refused ones) and a changed card was billed: a
 * real API process with the demo data, at log level trace; then every row of every table (the gateway's vault and the
 * job queue included), the whole log and every e-mail sent are searched for the numbers typed and for anything shaped
 * like a card or routing number.
 */

let database: ClonedDatabase;
let api: ApiProcess;
let logs: TextSource[];
let outbox: TextSource[];
let dump: TextSource[];
let billedInvoices: number;
const known: KnownSecret[] = [
  { kind: 'card number', value: GOOD_CARDS.visa },
  { kind: 'card number', value: GOOD_CARDS.mastercard },
  { kind: 'card number', value: '4242424242424241' },
  { kind: 'account number', value: GOOD_BANK.account },
];

async function runFlow(): Promise<void> {
  const signIn = await api.request<{ data: TokenPair }>('POST', '/api/auth/login', {
    body: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const token = signIn.body.data.accessToken;
  const { publicKey } = (await api.request<{ data: { publicKey: string } }>('GET', '/api/payments/public-key')).body
    .data;
  const encrypt = (number: string) => encryptNumber(publicKey, number);
  const customers = await api.request<{ data: Pick<CustomerListRow, 'id' | 'email' | 'zipcode' | 'contactNumber'>[] }>(
    'GET',
    '/api/customers?limit=20',
    { token },
  );
  const [property, other] = customers.body.data.filter((row) => row.email);
  if (!property || !other) throw new Error('the demo data has customers with e-mail');

  const card = (number: string) => ({
    paymentOption: 0,
    nameOnCard: 'Jordan Smith',
    creditCardNumber: encrypt(number),
    cardType: Number(number.charAt(0)),
    creditCardExpirationMonth: 8,
    creditCardExpirationYear: Number(calendarDateIn(new Date()).slice(0, 4)) + 3,
  });
  const change = (url: string, body: object, bearer = token) =>
    api.request<{ data: PaymentProperty }>('PATCH', url, { token: bearer, body });

  expect((await change(`/api/customers/${other.id}/update-credit-card`, card('4242424242424241'))).status).toBe(400);
  expect(
    (
      await change(`/api/customers/${other.id}/update-credit-card`, {
        ...card(GOOD_CARDS.visa),
        creditCardNumber: GOOD_CARDS.visa,
      })
    ).status,
  ).toBe(400);
  const eCheck = await change(`/api/customers/${other.id}/update-credit-card`, {
    paymentOption: 1,
    checkNameOnAccount: 'Jordan Smith',
    checkRoutingNumber: GOOD_BANK.routing,
    checkAccountNumber: encrypt(GOOD_BANK.account),
  });
  expect(eCheck.status, JSON.stringify(eCheck.body)).toBe(200);
  const external = await signExternalToken({ propertyId: other.id, scopes: ['payment-method'] }, TEST_JWT_SECRET);
  // Through an external door the change also answers the identity check: the service zip and the phone's last four.
  const identity = { serviceZipCode: other.zipcode, phoneLastFour: normalizePhone(other.contactNumber).slice(-4) };
  const byCustomer = await change(
    `/api/customer/${other.id}/update-credit-card`,
    { ...card(GOOD_CARDS.mastercard), ...identity, authorizationAccepted: true },
    external,
  );
  expect(byCustomer.status, JSON.stringify(byCustomer.body)).toBe(200);
  const byStaff = await change(`/api/customers/${property.id}/update-credit-card`, card(GOOD_CARDS.visa));
  expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
  await waitFor('three payment e-mails', async () =>
    (await outboxFiles(`${api.dataDir}/outbox`)).length >= 3 ? true : undefined,
  );

  // The new card is billed: a mow tomorrow (a week the demo season has not billed), charged the business day after.
  const mowDay = nextBusinessDay(calendarDateIn(new Date()));
  const billingDay = nextBusinessDay(mowDay);
  const { db, pool } = createDatabase(database.url, createLogger({ level: 'silent' }), { max: 2 });
  const jobs = await startJobQueue({
    databaseUrl: database.url,
    log: createLogger({ level: 'silent' }),
    pollingIntervalSeconds: 1,
    background: false,
  });
  try {
    await db
      .insert(propertySchedules)
      .values({ propertyId: property.id, year: mowYearOf(mowDay), planned: [mowDay], workdays: [mowDay] })
      .onConflictDoUpdate({
        target: [propertySchedules.propertyId, propertySchedules.year],
        set: { workdays: sql`array_append(${propertySchedules.workdays}, ${mowDay}::date)` },
      });
    await jobs.enqueue('billing', { date: billingDay });
    billedInvoices = await waitFor('the billing of the new card', async () => {
      const rows = await db
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.propertyId, property.id), eq(invoices.serviceDate, mowDay)));
      return rows[0] && rows[0].status !== INVOICE_STATUS.pending ? rows.length : undefined;
    });
  } finally {
    await jobs.stop();
    await pool.end();
  }
}

beforeAll(async () => {
  database = await cloneTemplateDatabase();
  api = await startApiProcess({
    databaseUrl: database.url,
    jwtSecret: TEST_JWT_SECRET,
    // Billing charges the planned mow (the setting of a business whose crews do not check visits out), so the new
    // card is billed without a crew's visit.
    env: { SEED_DEMO_DATA: 'true', LOG_LEVEL: 'trace', BILLING_CHARGES: 'schedule' },
  });
  await runFlow();
  await api.stop();
  logs = [{ name: 'log:api', text: api.output() }];
  outbox = await outboxTextSources(`${api.dataDir}/outbox`);
  dump = await databaseTextSources(database.url);
}, 300_000);

afterAll(async () => {
  await api?.close();
  await database?.drop();
}, 60_000);

describe('card and account numbers after payment-method changes and billing', () => {
  it('searched the vault, the invoices, the job queue, the log and the e-mails', () => {
    const tables = dump.map((source) => source.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'database:payment_vault.instruments',
        'database:payment_vault.charges',
        'database:public.invoices',
        'database:public.properties',
        'database:pgboss.job',
      ]),
    );
    expect(billedInvoices).toBe(1);
    expect(outbox.length).toBeGreaterThanOrEqual(3);
    expect(outbox.some((source) => source.text.includes('Visa ending in 4242'))).toBe(true);
    expect(logs[0]?.text).toContain('billing: run completed');
  });

  it('are in no table', () => {
    const findings = scanForSecrets(dump, { known });
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it('are in no log line', () => {
    const findings = scanForSecrets(logs, { known });
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it('are in no e-mail', () => {
    const findings = scanForSecrets(outbox, { known });
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
