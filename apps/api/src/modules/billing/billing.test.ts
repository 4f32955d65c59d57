import { addDays, CUSTOMER_STATUS, dateOfWeekday, INVOICE_STATUS, type IsoDate, type Weekday } from '@lawn/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  billingRuns,
  customerHistory,
  invoices,
  properties,
  propertySchedules,
  serviceNotes,
  type NewPropertyRecord,
} from '../../db/schema';
import { createLogger } from '../../logger';
import type { PaymentGateway } from '../../payments/gateway';
import { GOOD_CARDS } from '../../test/payment-fixtures';
import { insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { payByCard, useBillingSetUp } from './billing.test-fixtures';
import { invoiceChargeKey, resumeBilling, runBilling, type BillingOptions } from './billing.service';

/**
 * The daily billing under the rule for crews that do not use the app (BILLING_CHARGES=schedule): every scheduled mow
 * is charged the next business day after it. Called by hand so a run can be stopped at an exact point (the job only
 * adds the queue around it). Each test starts from no invoices, runs and schedules, with properties of its own.
 */
const t = useTestContext();
const log = createLogger({ level: 'silent' });
const YEAR = 2027;
/** Week 11 of 2027: Monday May 3 to Friday May 7. */
const WEEK = 11;
const day = (weekday: Weekday, week = WEEK) => dateOfWeekday(YEAR, week, weekday);

const setUp = useBillingSetUp(t, 'Billing market');

const bill = (billingDate: IsoDate, options: BillingOptions = {}, withGateway: PaymentGateway = setUp.gateway) =>
  runBilling(
    { db: t.db, gateway: withGateway, log, charges: 'schedule', jobs: t.jobs, appUrl: t.config.appUrl },
    billingDate,
    options,
  );

/** A property in service paying by card, mowed on the given dates of 2027. */
async function customerMowedOn(
  dates: IsoDate[],
  options: { card?: string; expiry?: IsoDate; property?: Partial<NewPropertyRecord> } = {},
): Promise<number> {
  const { id } = await insertRecord(t.db, { marketId: setUp.marketId, property: options.property ?? {} });
  if (options.card !== undefined) await payByCard(t, setUp.gateway, id, options.card, options.expiry);
  await t.db.insert(propertySchedules).values({ propertyId: id, year: YEAR, planned: dates, workdays: dates });
  return id;
}

const invoicesOf = (propertyId: number) =>
  t.db.select().from(invoices).where(eq(invoices.propertyId, propertyId)).orderBy(asc(invoices.serviceDate));
async function propertyStatus(id: number): Promise<number | undefined> {
  const [row] = await t.db.select({ status: properties.status }).from(properties).where(eq(properties.id, id));
  return row?.status;
}
const vaultChargeKeys = async () =>
  (await t.pool.query<{ key: string }>('select idempotency_key as key from payment_vault.charges')).rows.map(
    (row) => row.key,
  );

describe('the daily billing', () => {
  it('charges each completed service the next business day after the mow, with tax, through its token', async () => {
    const monday = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa });
    const tuesday = await customerMowedOn([day(2)], { card: GOOD_CARDS.visa });

    const first = await bill(day(2));
    expect(first).toEqual({ billingDate: day(2), collected: 1, paid: 1, declined: 0, unavailable: 0 });
    const [invoice] = await invoicesOf(monday);
    expect(invoice).toMatchObject({
      year: YEAR,
      week: WEEK,
      serviceDate: day(1),
      billingDate: day(2),
      subtotal: 35,
      tax: 2.89,
      total: 37.89,
      status: INVOICE_STATUS.paid,
      paymentType: 1,
      cardType: 4,
      lastFour: '4242',
      transactionId: expect.stringMatching(/^ch_/),
    });
    const charges = await t.pool.query<{ id: string; amount: number; key: string }>(
      'select id, amount_cents as amount, idempotency_key as key from payment_vault.charges where id = $1',
      [invoice?.transactionId],
    );
    expect(charges.rows).toEqual([
      { id: invoice?.transactionId, amount: 3789, key: invoiceChargeKey(invoice?.id ?? 0) },
    ]);
    expect(await invoicesOf(tuesday)).toEqual([]);

    await bill(day(3));
    expect(await invoicesOf(tuesday)).toMatchObject([{ serviceDate: day(2), billingDate: day(3), status: 1 }]);
    const [run] = await t.db
      .select()
      .from(billingRuns)
      .where(eq(billingRuns.billingDate, day(3)));
    expect(run).toMatchObject({ status: 'completed', collectedFrom: day(2), collectedThrough: day(2), paid: 1 });
  });

  it("bills Friday's mow on Monday, nothing on the weekend, and after a Monday holiday on Tuesday", async () => {
    const friday = await customerMowedOn([day(5)], { card: GOOD_CARDS.visa });
    expect(await bill(addDays(day(5), 1))).toMatchObject({ collected: 0, paid: 0 });
    expect(await t.db.select().from(billingRuns)).toEqual([]);
    await bill(day(1, WEEK + 1));
    expect(await invoicesOf(friday)).toMatchObject([{ billingDate: day(1, WEEK + 1) }]);

    // Friday May 28 is followed by Memorial Day (Monday May 31): billed on Tuesday June 1.
    const beforeHoliday = await customerMowedOn(['2027-05-28'], { card: GOOD_CARDS.visa });
    expect(await bill('2027-05-31')).toMatchObject({ collected: 0 });
    await bill('2027-06-01');
    expect(await invoicesOf(beforeHoliday)).toMatchObject([{ serviceDate: '2027-05-28', billingDate: '2027-06-01' }]);
  });

  it('skips a skipped week, bills a write-in on its own date, and never bills a redo', async () => {
    const weeks = [day(1), day(1, WEEK + 1), day(1, WEEK + 2)];
    const id = await customerMowedOn(weeks, { card: GOOD_CARDS.visa });
    await t.db.insert(serviceNotes).values([
      { propertyId: id, year: YEAR, week: WEEK, type: 'skip', workday: day(1) },
      { propertyId: id, year: YEAR, week: WEEK + 1, type: 'write', workday: day(3, WEEK + 1) },
      { propertyId: id, year: YEAR, week: WEEK + 2, type: 'redo', workday: day(4, WEEK + 2) },
    ]);
    for (const week of [WEEK + 1, WEEK + 2, WEEK + 3]) await bill(day(1, week));
    expect((await invoicesOf(id)).map((invoice) => [invoice.week, invoice.serviceDate])).toEqual([
      [WEEK + 1, day(3, WEEK + 1)],
      [WEEK + 2, day(1, WEEK + 2)],
    ]);
  });

  it('bills only properties in service: not pending orders, past customers or deleted ones', async () => {
    const served = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa });
    const pending = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa, property: { statusOrders: 0 } });
    const past = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa, property: { status: 5 } });
    const deleted = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa, property: { deletedAt: new Date() } });
    await bill(day(2));
    expect(await invoicesOf(served)).toHaveLength(1);
    for (const id of [pending, past, deleted]) expect(await invoicesOf(id)).toEqual([]);
  });

  it('records declines; every decline moves its property to the expired-card list', async () => {
    const poor = await customerMowedOn([day(1)], { card: '4000000000009995' });
    const declinedAsExpired = await customerMowedOn([day(1)], { card: '4000000000000069' });
    const pastExpiry = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa, expiry: '2027-04-30' });
    const noCard = await customerMowedOn([day(1)]);
    const chargesBefore = (await vaultChargeKeys()).length;

    expect(await bill(day(2))).toMatchObject({ collected: 4, paid: 0, declined: 4 });
    expect(await invoicesOf(poor)).toMatchObject([{ status: 2, declineCode: 'insufficient_funds' }]);
    expect(await invoicesOf(declinedAsExpired)).toMatchObject([{ status: 2, declineCode: 'expired_card' }]);
    expect(await invoicesOf(pastExpiry)).toMatchObject([
      { status: 2, declineCode: 'expired_card', transactionId: null },
    ]);
    expect(await invoicesOf(noCard)).toMatchObject([{ status: 2, declineCode: 'no_payment_method' }]);
    // The card past its expiry and the property without a card never reach the gateway.
    expect((await vaultChargeKeys()).length).toBe(chargesBefore + 2);

    for (const id of [poor, declinedAsExpired, pastExpiry, noCard]) {
      expect(await propertyStatus(id)).toBe(CUSTOMER_STATUS.cardDeclined);
      const history = await t.db
        .select()
        .from(customerHistory)
        .where(and(eq(customerHistory.propertyId, id), eq(customerHistory.action, 'billing')));
      expect(history).toMatchObject([{ userId: null, description: expect.stringContaining('expired-card list') }]);
    }
  });

  it('never bills twice: a second run of the same day finds nothing new', async () => {
    const id = await customerMowedOn([day(1)], { card: GOOD_CARDS.visa });
    await bill(day(2));
    const charges = (await vaultChargeKeys()).length;
    expect(await bill(day(2))).toMatchObject({ collected: 0, paid: 0, declined: 0 });
    expect(await bill(day(3))).toMatchObject({ collected: 0, paid: 0 });
    expect(await invoicesOf(id)).toHaveLength(1);
    expect((await vaultChargeKeys()).length).toBe(charges);
  });

  it('leaves charges the gateway cannot make pending, and charges them on the next attempt', async () => {
    const id = await customerMowedOn([day(1)], { card: '4000000000000119' });
    await expect(bill(day(2))).rejects.toThrow(/could not reach the payment gateway/);
    expect(await invoicesOf(id)).toMatchObject([{ status: INVOICE_STATUS.pending }]);
    const [run] = await t.db.select().from(billingRuns);
    expect(run).toMatchObject({ status: 'failed', unavailable: 1 });
    expect(await resumeBilling({ db: t.db, jobs: t.jobs, log })).toBe(true);
    const queued = await t.pool.query(`select data from pgboss.job where name = 'billing'`);
    expect(queued.rows).toHaveLength(1);
  });
});

describe('a billing run killed half-way', () => {
  const SERVICES = 30;
  const BATCH = 4;
  class Killed extends Error {}

  async function bookOfServices(): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < SERVICES; index += 1) {
      ids.push(await customerMowedOn([day(((index % 5) + 1) as Weekday)], { card: GOOD_CARDS.visa }));
    }
    return ids;
  }

  /** Every service has exactly one invoice, paid, charged once under its own key. */
  async function expectBilledOnce(ids: number[]): Promise<void> {
    const rows = await t.db.select().from(invoices);
    expect(rows).toHaveLength(SERVICES);
    expect(new Set(rows.map((row) => row.propertyId))).toEqual(new Set(ids));
    expect(rows.every((row) => row.status === INVOICE_STATUS.paid)).toBe(true);
    const keys = await vaultChargeKeys();
    for (const row of rows) expect(keys.filter((key) => key === invoiceChargeKey(row.id))).toHaveLength(1);
    expect(new Set(rows.map((row) => row.transactionId)).size).toBe(SERVICES);
  }

  it('between two batches: the rerun carries on and bills each service once', async () => {
    const ids = await bookOfServices();
    const billingDay = day(1, WEEK + 1);
    const killAfterTwo: BillingOptions['afterBatch'] = ({ batches }) => {
      if (batches === 2) throw new Killed('killed after 2 batches');
    };
    await expect(bill(billingDay, { batchSize: BATCH, afterBatch: killAfterTwo })).rejects.toBeInstanceOf(Killed);
    const paid = await t.db.select().from(invoices).where(eq(invoices.status, INVOICE_STATUS.paid));
    expect(paid).toHaveLength(2 * BATCH);

    await bill(billingDay, { batchSize: BATCH });
    await expectBilledOnce(ids);
  });

  it('inside a batch, after the gateway charged but before the invoices were saved: nothing is charged twice', async () => {
    const ids = await bookOfServices();
    const billingDay = day(1, WEEK + 1);
    let charged = 0;
    // Dies right after its 7th charge went through: the gateway has it, the batch holding it never commits.
    const dying: PaymentGateway = {
      ...setUp.gateway,
      charge: async (request) => {
        const result = await setUp.gateway.charge(request);
        charged += 1;
        if (charged === 7) throw new Killed('killed after a charge');
        return result;
      },
    };
    await expect(bill(billingDay, { batchSize: BATCH, concurrency: 1 }, dying)).rejects.toBeInstanceOf(Killed);
    const chargedBefore = (await vaultChargeKeys()).length;
    expect(chargedBefore).toBe(7);

    await bill(billingDay, { batchSize: BATCH });
    await expectBilledOnce(ids);
  });
});

describe('GET /api/invoices', () => {
  it('pages the invoices newest first with the columns of the screen, and refuses unknown filters', async () => {
    const admin = await t.createUser({ role: 'Manager' });
    const ids = [
      await customerMowedOn([day(1), day(1, WEEK + 1)], { card: GOOD_CARDS.visa }),
      await customerMowedOn([day(2)], { card: '4000000000000002' }),
    ];
    await bill(day(3));
    await bill(day(2, WEEK + 1));
    const headers = await t.authHeaders(admin);
    const page = await t.app.inject({ url: '/api/invoices?limit=2&page=1', headers });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ total: 3, perPage: 2, currentPage: 1, lastPage: 2 });
    expect(body.data[0]).toMatchObject({
      propertyId: ids[0],
      createdAt: day(2, WEEK + 1),
      serviceDate: day(1, WEEK + 1),
      total: 37.89,
      status: 1,
      statusName: 'Paid',
      paymentTypeName: 'Visa',
      transactionId: expect.stringMatching(/^ch_/),
      customers: { serviceAddress: expect.stringContaining('Elm Street'), fullName: expect.stringMatching(/^Pat /) },
    });
    const declined = await t.app.inject({ url: '/api/invoices?filter[status]=2', headers });
    expect(declined.json()).toMatchObject({
      total: 1,
      data: [{ propertyId: ids[1], statusName: 'Declined', declineReason: 'Card declined' }],
    });
    expect((await t.app.inject({ url: '/api/invoices?filter[nope]=1', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/invoices?limit=101', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/invoices?filter[status]=99999999999', headers })).statusCode).toBe(400);
  });
});
