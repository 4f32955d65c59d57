import { readFileSync } from 'node:fs';
import path from 'node:path';
import PgBoss from 'pg-boss';
import type { OfficeApi } from './office-api';
import { SERVER_DATA_DIR } from './server-data';

/** Today in the business's time zone, as YYYY-MM-DD. */
function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The first weekday after `date` that is no holiday, as the office's calendar lists them: the next billing day. */
async function nextBusinessDay(office: OfficeApi, date: string): Promise<string> {
  for (let day = addDays(date, 1); ; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const { holidays } = await office.get<{ holidays: { date: string }[] }>(`/api/helper/date-info?date=${day}`);
    if (!holidays.some((holiday) => holiday.date === day)) return day;
  }
}

/**
 * The test database as the app connects to it: the embedded server's app role, its password kept in the server's data
 * folder (or DATABASE_URL when the server runs against one).
 */
function databaseUrl(): string {
  if (process.env['DATABASE_URL']) return process.env['DATABASE_URL'];
  const password = readFileSync(path.join(SERVER_DATA_DIR, 'postgres.app-password'), 'utf8').trim();
  const port = process.env['E2E_PG_PORT'] ?? '54340';
  return `postgres://lawn_app:${encodeURIComponent(password)}@127.0.0.1:${port}/lawn`;
}

/**
 * The daily billing of the next business day for one test property (a harness helper: the product bills on its
 * timetable only). Tomorrow's run would gather every service of the day before, and on a fresh database a week of
 * them, so the demo's mows nobody checked out of would join the office's list of visits to confirm, which other specs
 * read. So this gathers the property's checked-out visits as the run's gathering does (a pending invoice each, at the
 * property's price) and records that day's gathering done; then it queues the timetabled `billing` job for that day
 * in the server's job queue, which charges the pending invoices through the payment gateway and follows up a decline
 * as every run does. Answers the billing day.
 */
export async function billPropertyNextBusinessDay(office: OfficeApi, propertyId: number): Promise<string> {
  const today = businessToday();
  const billingDate = await nextBusinessDay(office, today);
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  try {
    // One statement, so the gathering and its record are written together.
    await boss.getDb().executeSql(
      `with gathered as (
         insert into invoices (property_id, year, week, service_date, billing_date, subtotal, tax, total)
         select v.property_id, v.year, v.week, v.workday, $2::date, pp.subtotal_mowing, pp.calculated_tax, pp.total_mowing
         from visits v
         join properties p on p.id = v.property_id
         join property_prices pp on pp.property_id = p.id
         where v.property_id = $1 and v.checked_out_at is not null
         on conflict (property_id, year, week) do nothing
         returning id
       )
       insert into billing_runs (billing_date, collected_from, collected_through, collected, status, completed_at)
       select $2::date, $3::date, $2::date - 1, count(*), 'completed', now() from gathered
       on conflict (billing_date) do nothing`,
      [propertyId, billingDate, today],
    );
    const id = await boss.send('billing', { date: billingDate }, { singletonKey: `billing-${billingDate}` });
    if (!id) throw new Error(`the billing of ${billingDate} was not queued`);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
  return billingDate;
}
