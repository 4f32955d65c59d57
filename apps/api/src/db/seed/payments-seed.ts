import {
  addDays,
  BUSINESS_TIME_ZONE,
  calendarDateIn,
  INVOICE_STATUS,
  IN_SERVICE_STATUSES,
  mowYearOf,
  mowYearStart,
  nextBusinessDay,
  ORDER_STATUS,
  PAYMENT_TYPE,
  type IsoDate,
} from '@lawn/shared';
import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import { keepDemoInstruments, type DemoInstrument } from '../../payments/local/demo-instruments';
import type { Database } from '../client';
import { billingRuns, invoices, properties } from '../schema';

/** One charge in 50 of the demo's past season was declined for insufficient funds. */
const DECLINE_EVERY = 50;

/**
 * Puts the demo properties' cards and accounts in the local gateway's vault under the tokens the generated data
 * carries (brand, last four, expiry: never a number), so the daily billing can charge them.
 */
async function seedDemoTokens(db: Database): Promise<void> {
  const rows = await db
    .select({
      token: properties.paymentToken,
      paymentType: properties.paymentType,
      cardType: properties.cardType,
      cardLastFour: properties.cardLastFour,
      cardExpiry: properties.cardExpiry,
      bankLastFour: properties.bankLastFour,
    })
    .from(properties)
    .where(and(isNotNull(properties.paymentToken), isNull(properties.deletedAt)));
  const instruments = rows.map((row): DemoInstrument => ({
    token: row.token ?? '',
    kind: row.paymentType === PAYMENT_TYPE.card ? 'card' : 'bank',
    cardType: row.paymentType === PAYMENT_TYPE.card ? row.cardType : null,
    lastFour: (row.paymentType === PAYMENT_TYPE.card ? row.cardLastFour : row.bankLastFour) ?? '0000',
    expiry: row.paymentType === PAYMENT_TYPE.card ? row.cardExpiry : null,
    behaviour: 'approve',
  }));
  await keepDemoInstruments(db, instruments);
}

/**
 * The invoices of the season so far: every planned service of the current mow year whose billing day (the next
 * business day after the mow) has passed, billed with the property's total and paid, except cards past their expiry
 * (declined as expired) and one charge in fifty (declined for insufficient funds). Services billed today or later
 * are left to the daily billing. One statement: the demo's 5,000 properties make about 100,000 invoices.
 */
async function seedDemoInvoices(db: Database, today: IsoDate): Promise<number> {
  const year = mowYearOf(today);
  const start = mowYearStart(year);
  const mowDays: IsoDate[] = [];
  const billingDays: IsoDate[] = [];
  for (let day = start; day < today; day = addDays(day, 1)) {
    const billingDay = nextBusinessDay(day);
    if (billingDay >= today) break;
    mowDays.push(day);
    billingDays.push(billingDay);
  }
  if (mowDays.length === 0) return 0;
  // Raw SQL: unnesting the schedule's date arrays and joining a list of dates are beyond the query builder (ADR 0003).
  const result = await db.execute(sql`
    with billing_days (day, billing_day) as (
      select * from unnest(${sql.param(mowDays)}::date[], ${sql.param(billingDays)}::date[])
    ),
    services as (
      select p.id as property_id, d.day, d.billing_day, p.payment_type, p.card_type, p.card_expiry,
             case when p.payment_type = ${PAYMENT_TYPE.card} then p.card_last_four else p.bank_last_four end
               as last_four,
             pp.subtotal_mowing, pp.calculated_tax, pp.total_mowing
      from property_schedules ps
      cross join lateral unnest(ps.workdays) as w (day)
      join billing_days d on d.day = w.day
      join properties p on p.id = ps.property_id
      join property_prices pp on pp.property_id = p.id
      where ps.year = ${year} and p.deleted_at is null and p.status_orders = ${ORDER_STATUS.approved}
        and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])
    ),
    outcomes as (
      select s.*,
        case
          when s.payment_type = ${PAYMENT_TYPE.card} and s.card_expiry < s.day then 'expired_card'
          when (s.property_id * 31 + (s.day - ${start}::date)) % ${DECLINE_EVERY}::int = 0 then 'insufficient_funds'
        end as decline_code
      from services s
    )
    insert into invoices (property_id, year, week, service_date, billing_date, subtotal, tax, total, status,
                          payment_type, card_type, last_four, transaction_id, decline_code, charged_at, created_at)
    select o.property_id, ${year}, ((o.day - ${start}::date) / 7 + 1), o.day, o.billing_day,
           o.subtotal_mowing, o.calculated_tax, o.total_mowing,
           case when o.decline_code is null then ${INVOICE_STATUS.paid}::smallint else ${INVOICE_STATUS.declined}::smallint end,
           o.payment_type, case when o.payment_type = ${PAYMENT_TYPE.card} then o.card_type end, o.last_four,
           case when o.decline_code = 'expired_card' then null
                else 'ch_' || substr(md5(o.property_id || ':' || o.day), 1, 24) end,
           o.decline_code,
           (o.billing_day + time '06:00') at time zone ${BUSINESS_TIME_ZONE},
           (o.billing_day + time '06:00') at time zone ${BUSINESS_TIME_ZONE}
    from outcomes o
    on conflict (property_id, year, week) do nothing
  `);
  await db.execute(sql`analyze invoices`);
  const collected = result.rowCount ?? 0;
  await recordSeasonBilled(
    db,
    { from: start, through: mowDays.at(-1) ?? start, on: billingDays.at(-1) ?? today },
    collected,
  );
  return collected;
}

/**
 * The billing the seeded invoices stand for, as one completed run: the daily billing goes on after the last day they
 * cover, as it would have in a real season, instead of its first run gathering a week of demo mows again.
 */
async function recordSeasonBilled(
  db: Database,
  days: { from: IsoDate; through: IsoDate; on: IsoDate },
  collected: number,
): Promise<void> {
  const [outcome] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${invoices.status} = ${INVOICE_STATUS.paid})::int`,
      declined: sql<number>`count(*) filter (where ${invoices.status} = ${INVOICE_STATUS.declined})::int`,
    })
    .from(invoices);
  const completedAt = new Date(`${days.on}T12:00:00Z`);
  await db.insert(billingRuns).values({
    billingDate: days.on,
    collectedFrom: days.from,
    collectedThrough: days.through,
    status: 'completed',
    collected,
    paid: outcome?.paid ?? 0,
    declined: outcome?.declined ?? 0,
    startedAt: completedAt,
    completedAt,
  });
}

/**
 * The attempts of the demo's declined invoices, as they would have happened: the daily billing's charge, then the
 * retries of the default schedule (3, 5 and 7 days apart) whose day has passed, each declined again for the same
 * reason. A charge declined without reaching the gateway (a card past its expiry) has no payment number. One
 * statement over the declined invoices (one in fifty), so the seed keeps its time. Raw SQL: an insert from a cross
 * join with a VALUES list is beyond the query builder (ADR 0003).
 */
async function seedDemoChargeAttempts(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    insert into charge_attempts (invoice_id, number, idempotency_key, source, result, decline_code, transaction_id,
                                 started_at, finished_at)
    select i.id, r.number,
           case when r.number = 1 then 'invoice-' || i.id else 'invoice-' || i.id || '-attempt-' || r.number end,
           case when r.number = 1 then 'billing' else 'schedule' end,
           'declined', i.decline_code,
           case when i.transaction_id is null then null
                when r.number = 1 then i.transaction_id
                else 'ch_' || substr(md5(i.id || ':' || r.number), 1, 24) end,
           i.charged_at + r.after_days * interval '1 day',
           i.charged_at + r.after_days * interval '1 day'
    from invoices i
    cross join (values (1, 0), (2, 3), (3, 8), (4, 15)) as r (number, after_days)
    where i.status = ${INVOICE_STATUS.declined} and i.charged_at + r.after_days * interval '1 day' < ${now.toISOString()}::timestamptz
  `);
}

/**
 * Payment tokens for the demo properties and a season of invoices, once: a database that has invoices already is left
 * alone. Properties on the expired-card list keep their status; their past invoices show why.
 */
export async function seedDemoPayments(db: Database, now = new Date()): Promise<void> {
  const [existing] = await db.select({ id: invoices.id }).from(invoices).limit(1);
  if (existing) return;
  await seedDemoTokens(db);
  await seedDemoInvoices(db, calendarDateIn(now));
  await seedDemoChargeAttempts(db, now);
}
