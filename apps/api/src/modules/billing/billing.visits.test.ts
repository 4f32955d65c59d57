import {
  dateOfWeekday,
  INVOICE_STATUS,
  UNCONFIRMED_SKIP_REASON,
  VISIT_MESSAGES,
  type IsoDate,
  type Page,
  type VisitToConfirm,
  type Weekday,
  weekOf,
} from '@lawn/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerHistory, invoices, properties, propertySchedules, serviceNotes, visits } from '../../db/schema';
import { createLogger } from '../../logger';
import { encryptFor, GOOD_BANK, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { runBilling } from './billing.service';
import { payByCard, useBillingSetUp } from './billing.test-fixtures';

/**
 * The daily billing charges what was done (BILLING_CHARGES=check-out, the default): a visit once its crew checked out
 * of it; a scheduled mow with no check-out by the end of the next business day waits on the office's list instead.
 */
const YEAR = 2027;
/** Week 11 of 2027: Monday May 3 to Friday May 7. */
const WEEK = 11;
const day = (weekday: Weekday, week = WEEK) => dateOfWeekday(YEAR, week, weekday);
/** The office works on Wednesday of the week after. */
const t = useTestContext({ clock: () => new Date('2027-05-12T15:00:00Z') });
const log = createLogger({ level: 'silent' });
const setUp = useBillingSetUp(t, 'Check-out billing market');
let office: Record<string, string>;

beforeAll(async () => {
  office = await t.authHeaders(await t.createUser({ role: 'customer-service' }));
});

const bill = (billingDate: IsoDate, charges: 'check-out' | 'schedule' = 'check-out') =>
  runBilling({ db: t.db, gateway: setUp.gateway, log, charges, jobs: t.jobs, appUrl: t.config.appUrl }, billingDate);

beforeEach(async () => {
  // A run before the first mow, so later runs gather every day since.
  await bill(day(2, WEEK - 1));
});

/** A property in service paying by card, scheduled on the given dates of 2027. */
async function scheduledOn(dates: IsoDate[]): Promise<number> {
  const { id } = await insertRecord(t.db, { marketId: setUp.marketId });
  await payByCard(t, setUp.gateway, id, GOOD_CARDS.visa);
  await t.db.insert(propertySchedules).values({ propertyId: id, year: YEAR, planned: dates, workdays: dates });
  return id;
}

/** The crew's visit of `workday`, checked out at `checkedOutAt` (default: that day at 10:00 in Chicago). */
async function checkedOut(propertyId: number, workday: IsoDate, checkedOutAt = new Date(`${workday}T15:00:00Z`)) {
  const times = { checkedInAt: new Date(checkedOutAt.getTime() - 30 * 60_000), checkedOutAt };
  // The row billing made for a mow on the list is the one a late check-out completes.
  await t.db
    .insert(visits)
    .values({ propertyId, workday, ...weekOf(workday), crew: 101, ...times })
    .onConflictDoUpdate({ target: [visits.propertyId, visits.workday], set: times });
}

const invoicesOf = (propertyId: number) => t.db.select().from(invoices).where(eq(invoices.propertyId, propertyId));

async function toConfirm(): Promise<VisitToConfirm[]> {
  const response = await t.app.inject({ url: '/api/billing/visits-to-confirm?limit=100', headers: office });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<VisitToConfirm>>().data;
}

const confirm = (id: number, result: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/billing/visits-to-confirm/${id}/confirm`,
    headers: office,
    payload: { result },
  });

describe('billing what was done', () => {
  it('charges a checked-out visit the next day, and puts a mow with no check-out on the list, not an invoice', async () => {
    const done = await scheduledOn([day(1)]);
    await checkedOut(done, day(1));
    const unchecked = await scheduledOn([day(1)]);

    await bill(day(2));
    expect(await invoicesOf(done)).toMatchObject([
      { serviceDate: day(1), week: WEEK, status: INVOICE_STATUS.paid, total: 37.89 },
    ]);
    expect(await invoicesOf(unchecked)).toEqual([]);
    // Tuesday is still within Monday's deadline.
    expect(await t.db.select().from(visits).where(eq(visits.propertyId, unchecked))).toEqual([]);

    await bill(day(3));
    expect(await invoicesOf(unchecked)).toEqual([]);
    const listed = (await toConfirm()).filter((visit) => visit.propertyId === unchecked);
    expect(listed).toMatchObject([{ workday: day(1), crewNumber: 101, checkedInAt: null }]);
    expect((await toConfirm()).some((visit) => visit.propertyId === done)).toBe(false);
  });

  it('charges a check-out that arrives days late (an offline phone) with the next run, once', async () => {
    const id = await scheduledOn([day(1)]);
    await bill(day(2));
    await bill(day(3));
    await checkedOut(id, day(1), new Date(`${day(3)}T18:00:00Z`));
    await bill(day(4));
    await bill(day(5));
    expect(await invoicesOf(id)).toMatchObject([{ serviceDate: day(1), status: INVOICE_STATUS.paid }]);
  });

  it('bills a visit the office confirms done, once, and writes the history', async () => {
    const id = await scheduledOn([day(1)]);
    await bill(day(2));
    await bill(day(3));
    const visit = (await toConfirm()).find((row) => row.propertyId === id);
    if (!visit) throw new Error('the visit is not on the list');

    const response = await confirm(visit.id, 'done');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(VISIT_MESSAGES.confirmedDone);
    expect(await invoicesOf(id)).toMatchObject([{ serviceDate: day(1), status: INVOICE_STATUS.pending }]);
    await bill(day(4));
    expect(await invoicesOf(id)).toMatchObject([{ status: INVOICE_STATUS.paid }]);
    expect((await toConfirm()).some((row) => row.id === visit.id)).toBe(false);
    const history = await t.db
      .select()
      .from(customerHistory)
      .where(and(eq(customerHistory.propertyId, id), eq(customerHistory.action, 'visit')));
    expect(history.map((entry) => entry.description)).toEqual([
      'Visit of 05/03/2027 confirmed done by the office: billed',
    ]);

    const again = await confirm(visit.id, 'skipped');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(VISIT_MESSAGES.alreadyConfirmed);
  });

  it('marks the week skipped when the office says it was not mowed, and bills nothing', async () => {
    const id = await scheduledOn([day(1)]);
    await bill(day(2));
    await bill(day(3));
    const visit = (await toConfirm()).find((row) => row.propertyId === id);
    if (!visit) throw new Error('the visit is not on the list');

    expect((await confirm(visit.id, 'skipped')).statusCode).toBe(200);
    expect(await t.db.select().from(serviceNotes).where(eq(serviceNotes.propertyId, id))).toMatchObject([
      { year: YEAR, week: WEEK, type: 'skip', workday: day(1), message: UNCONFIRMED_SKIP_REASON },
    ]);
    const history = await t.db
      .select()
      .from(customerHistory)
      .where(and(eq(customerHistory.propertyId, id), eq(customerHistory.action, 'schedule')));
    expect(history).toHaveLength(1);
    await bill(day(4));
    expect(await invoicesOf(id)).toEqual([]);
  });

  it('refuses a result other than done or skipped (400) and an unknown visit (404)', async () => {
    expect((await confirm(1, 'maybe')).statusCode).toBe(400);
    expect((await confirm(2_000_000, 'done')).statusCode).toBe(404);
  });

  it('keeps the old rule when set to: every scheduled mow is billed the next business day, checked out or not', async () => {
    const unchecked = await scheduledOn([day(1)]);
    await bill(day(2), 'schedule');
    expect(await invoicesOf(unchecked)).toMatchObject([{ serviceDate: day(1), status: INVOICE_STATUS.paid }]);
    expect((await toConfirm()).some((visit) => visit.propertyId === unchecked)).toBe(false);
  });

  it("keeps the fifth-mow rule: a new e-check customer's fifth checked-out visit is billed at zero", async () => {
    const mondays = [0, 1, 2, 3, 4].map((offset) => day(1, WEEK + offset));
    const id = await scheduledOn(mondays);
    const account = await setUp.gateway.tokenizeBankAccount({
      encryptedAccountNumber: await encryptFor(setUp.gateway, GOOD_BANK.account),
      routingNumber: GOOD_BANK.routing,
      holderName: 'Pat Doe',
    });
    await t.db
      .update(properties)
      .set({ paymentToken: account.token, paymentType: 2, bankLastFour: account.lastFour })
      .where(eq(properties.id, id));
    for (const monday of mondays) {
      await checkedOut(id, monday);
      await bill(day(2, weekOf(monday).week));
    }
    const billed = (await invoicesOf(id)).sort((a, b) => a.serviceDate.localeCompare(b.serviceDate));
    expect(billed.map((invoice) => [invoice.total, invoice.discount])).toEqual([
      [37.89, null],
      [37.89, null],
      [37.89, null],
      [37.89, null],
      [0, 'fifth_mow'],
    ]);
  });
});
