import { dateOfWeekday, INVOICE_DISCOUNTS, INVOICE_STATUS, type InvoiceRow, type IsoDate } from '@lawn/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoices, properties, propertySchedules } from '../../db/schema';
import { createLogger } from '../../logger';
import { encryptFor, GOOD_BANK, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { grantFifthMowDiscounts } from './billing.repo';
import { runBilling } from './billing.service';
import { payByCard, useBillingSetUp } from './billing.test-fixtures';

/** The fifth-mow discount of the daily billing: a new e-check customer's fifth service is billed at zero, once. */
const t = useTestContext();
const log = createLogger({ level: 'silent' });
const YEAR = 2027;
/** Week 11 of 2027 starts on Monday May 3. */
const FIRST_WEEK = 11;
/** The Monday of the n-th mowed week (1-based). */
const monday = (n: number) => dateOfWeekday(YEAR, FIRST_WEEK + n - 1, 1);
/** The Tuesday after it, when that Monday's mow is billed. */
const tuesday = (n: number) => dateOfWeekday(YEAR, FIRST_WEEK + n - 1, 2);
const mondays = (count: number) => Array.from({ length: count }, (_, index) => monday(index + 1));

const setUp = useBillingSetUp(t, 'Fifth mow market');

beforeEach(async () => {
  // A run before the first mow, so later runs gather every day since (the first run ever looks back a week only).
  await bill(dateOfWeekday(YEAR, FIRST_WEEK - 1, 2));
});

/** Billed by the schedule, so each test's mows need no crew's check-out (billing.visits.test.ts bills check-outs). */
const bill = (billingDate: IsoDate) =>
  runBilling(
    { db: t.db, gateway: setUp.gateway, log, charges: 'schedule', jobs: t.jobs, appUrl: t.config.appUrl },
    billingDate,
  );

/** A property in service, mowed on the given dates, paying by e-check or card. */
async function propertyMowedOn(
  dates: IsoDate[],
  paying: 'e-check' | 'card',
  customerId?: number,
): Promise<{ id: number; customerId: number }> {
  const record = await insertRecord(t.db, {
    marketId: setUp.marketId,
    ...(customerId === undefined ? {} : { customerId }),
  });
  if (paying === 'e-check') {
    const account = await setUp.gateway.tokenizeBankAccount({
      encryptedAccountNumber: await encryptFor(setUp.gateway, GOOD_BANK.account),
      routingNumber: GOOD_BANK.routing,
      holderName: 'Pat Doe',
    });
    await t.db
      .update(properties)
      .set({ paymentToken: account.token, paymentType: 2, bankLastFour: account.lastFour })
      .where(eq(properties.id, record.id));
  } else {
    await payByCard(t, setUp.gateway, record.id, GOOD_CARDS.visa);
  }
  await t.db.insert(propertySchedules).values({ propertyId: record.id, year: YEAR, planned: dates, workdays: dates });
  return record;
}

const invoicesOf = (propertyIds: number[]) =>
  t.db
    .select()
    .from(invoices)
    .where(inArray(invoices.propertyId, propertyIds))
    .orderBy(asc(invoices.serviceDate), asc(invoices.id));

const vaultChargeCount = async () =>
  Number((await t.pool.query<{ n: string }>('select count(*) as n from payment_vault.charges')).rows[0]?.n);

describe('the fifth-mow discount', () => {
  it("bills a new e-check customer's fifth service at zero, as paid with the discount, and charges the others", async () => {
    const property = await propertyMowedOn(mondays(6), 'e-check');
    for (let week = 1; week <= 6; week += 1) await bill(tuesday(week));

    const billed = await invoicesOf([property.id]);
    expect(billed.map((invoice) => [invoice.total, invoice.discount, invoice.status])).toEqual([
      [37.89, null, INVOICE_STATUS.paid],
      [37.89, null, INVOICE_STATUS.paid],
      [37.89, null, INVOICE_STATUS.paid],
      [37.89, null, INVOICE_STATUS.paid],
      [0, 'fifth_mow', INVOICE_STATUS.paid],
      [37.89, null, INVOICE_STATUS.paid],
    ]);
    expect(billed[4]).toMatchObject({ serviceDate: monday(5), subtotal: 0, tax: 0, transactionId: null });
    // Nothing was charged for the free mow.
    expect(await vaultChargeCount()).toBe(5);
  });

  it('grants it exactly once, also when billing runs again', async () => {
    const property = await propertyMowedOn(mondays(5), 'e-check');
    for (let week = 1; week <= 5; week += 1) {
      await bill(tuesday(week));
      await bill(tuesday(week));
    }
    expect(await t.db.transaction((tx) => grantFifthMowDiscounts(tx))).toBe(0);
    const billed = await invoicesOf([property.id]);
    expect(billed).toHaveLength(5);
    expect(billed.filter((invoice) => invoice.discount === 'fifth_mow')).toHaveLength(1);
    expect(await vaultChargeCount()).toBe(4);
  });

  it('finds the fifth service among several gathered at once (billing catching up)', async () => {
    const property = await propertyMowedOn(mondays(6), 'e-check');
    await bill(tuesday(6));
    const billed = await invoicesOf([property.id]);
    expect(billed.map((invoice) => invoice.discount)).toEqual([null, null, null, null, 'fifth_mow', null]);
  });

  it('is not granted to a property paying by card', async () => {
    const property = await propertyMowedOn(mondays(5), 'card');
    await bill(tuesday(5));
    expect((await invoicesOf([property.id])).map((invoice) => invoice.discount)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is granted once per customer: the earliest fifth service of their e-check properties', async () => {
    const first = await propertyMowedOn(mondays(5), 'e-check');
    const second = await propertyMowedOn(
      mondays(5).map((date) => dateOfWeekday(YEAR, weekOf(date), 3)),
      'e-check',
      first.customerId,
    );
    await bill(tuesday(6));
    const discounted = (await invoicesOf([first.id, second.id])).filter((invoice) => invoice.discount !== null);
    expect(discounted.map((invoice) => [invoice.propertyId, invoice.serviceDate])).toEqual([[first.id, monday(5)]]);
  });

  it('is not granted after the fifth service: a customer who moves to e-check later gets no free mow', async () => {
    const property = await propertyMowedOn(mondays(6), 'card');
    for (let week = 1; week <= 5; week += 1) await bill(tuesday(week));
    await t.db.update(properties).set({ paymentType: 2 }).where(eq(properties.id, property.id));
    await bill(tuesday(6));
    expect((await invoicesOf([property.id])).every((invoice) => invoice.discount === null)).toBe(true);
  });

  it('shows on the invoices list, in words', async () => {
    const property = await propertyMowedOn(mondays(5), 'e-check');
    await bill(tuesday(5));
    const admin = await t.createUser({ role: 'Admin' });
    const response = await t.app.inject({ url: '/api/invoices?limit=50', headers: await t.authHeaders(admin) });
    const rows = response.json<{ data: InvoiceRow[] }>().data.filter((row) => row.propertyId === property.id);
    const free = rows.find((row) => row.serviceDate === monday(5));
    expect(free).toMatchObject({ total: 0, statusName: 'Paid', discountName: INVOICE_DISCOUNTS.fifth_mow });
    expect(rows.filter((row) => row.discountName !== null)).toHaveLength(1);
  });
});

/** The mow-year week of a Monday of these tests. */
function weekOf(date: IsoDate): number {
  for (let week = FIRST_WEEK; week < FIRST_WEEK + 10; week += 1) if (dateOfWeekday(YEAR, week, 1) === date) return week;
  throw new Error(`${date} is not a Monday of the test weeks`);
}
