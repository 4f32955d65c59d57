/**
 * Billing benchmark (issue 13): the daily billing job charges 100,000 completed services with the real job code
 * (`runBilling`, what the `billing` pg-boss job runs) through the local gateway, and records the wall time, charges per
 * second and the process's memory while it runs. Target: under 5 minutes with flat memory.
 *
 *   npx tsx bench/billing.ts [--services 100000] [--batch 500] [--concurrency 8]
 *
 * Database: its own embedded PostgreSQL in .data/bench-billing on port 54331 (DATA_DIR / EMBEDDED_PG_PORT, or
 * DATABASE_URL), filled with generated properties (the customers module's COPY loader) until it holds enough in
 * service. Every run starts from no invoices and no charges: `--services` properties in service with a card that has
 * not expired (or an e-check) get one mow on the next business day, and the billing of the business day after bills
 * them. One account in fifty declines for insufficient funds, as the gateway's test behaviours allow. Memory: RSS and
 * heap sampled every 100 ms during the run (after a full garbage collection), and noted at every 10 % of progress.
 */
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  calendarDateIn,
  INVOICE_STATUS,
  IN_SERVICE_STATUSES,
  mowYearOf,
  nextBusinessDay,
  ORDER_STATUS,
  PAYMENT_TYPE,
  type IsoDate,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { createLogger } from '../apps/api/src/logger';
import { BILLING_BATCH_SIZE, runBilling, type BillingSummary } from '../apps/api/src/modules/billing/billing.service';
import { keepDemoInstruments, type DemoInstrument } from '../apps/api/src/payments/local/demo-instruments';
import { createLocalGateway } from '../apps/api/src/payments/local/local-gateway';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { BENCH_DATA_DIR } from './lib/locations';
import { printResults, resultsDate } from './lib/report';
import { measureRun, type RunUse } from './lib/run-meter';
import { loadAverage, thousands } from './lib/stats';

const DATA_DIR = path.join(path.dirname(BENCH_DATA_DIR), 'bench-billing');
const PORT = 54_331;
/** About two properties in three of a generated book are in service with a usable card or account. */
const BOOK_PER_SERVICE = 1.6;

// A full garbage collection before each run, so "RSS before" is the process at rest, not the leftovers of the set-up.
setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

type Book = { ids: number[]; instruments: DemoInstrument[] };

/** The properties to bill: in service, with a token, paying by e-check or by a card still good on the billing day. */
async function chooseBook(db: Database, services: number, billingDay: IsoDate): Promise<Book> {
  const rows = await db.execute<{
    id: number;
    token: string;
    payment_type: number;
    card_type: number | null;
    card_last_four: string | null;
    card_expiry: string | null;
    bank_last_four: string | null;
  }>(sql`
    select id, payment_token as token, payment_type, card_type, card_last_four, card_expiry::text, bank_last_four
    from properties
    where deleted_at is null and status_orders = ${ORDER_STATUS.approved}
      and status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[]) and payment_token is not null
      and (payment_type = ${PAYMENT_TYPE.eCheck} or card_expiry >= ${billingDay}::date)
    order by id limit ${services}`);
  if (rows.rows.length < services) throw new Error(`only ${rows.rows.length} properties can be billed`);
  const instruments = rows.rows.map((row, index): DemoInstrument => ({
    token: row.token,
    kind: row.payment_type === PAYMENT_TYPE.card ? 'card' : 'bank',
    cardType: row.card_type,
    lastFour: (row.payment_type === PAYMENT_TYPE.card ? row.card_last_four : row.bank_last_four) ?? '0000',
    expiry: row.payment_type === PAYMENT_TYPE.card ? row.card_expiry : null,
    behaviour: index % 50 === 49 ? 'insufficient_funds' : 'approve',
  }));
  return { ids: rows.rows.map((row) => row.id), instruments };
}

/** No invoices, runs or charges; the book's cards in the vault; one mow on `mowDay` for each of the book. */
async function prepare(db: Database, book: Book, mowDay: IsoDate): Promise<void> {
  await db.execute(
    sql`truncate invoices, charge_attempts, charge_declines, billing_runs, payment_vault.charges, payment_vault.refunds, payment_vault.instruments`,
  );
  await keepDemoInstruments(db, book.instruments);
  const year = mowYearOf(mowDay);
  await db.execute(sql`delete from property_schedules where year = ${year}`);
  await db.execute(sql`
    insert into property_schedules (property_id, year, planned, workdays)
    select id, ${year}, array[${mowDay}::date], array[${mowDay}::date] from unnest(${sql.param(book.ids)}::int[]) as id`);
  await db.execute(sql`vacuum (analyze) property_schedules, invoices, billing_runs`);
}

/** A declined charge's e-mail is queued, not sent: the bench measures the charges, so its queue keeps nothing. */
const BENCH_NOTICES = { jobs: { enqueue: async () => 'bench' }, appUrl: 'http://localhost' };

type Measured = RunUse & { summary: BillingSummary };

async function bill(
  db: Database,
  billingDay: IsoDate,
  total: number,
  options: { batchSize: number; concurrency: number },
): Promise<Measured> {
  const gateway = createLocalGateway({ db, keyFile: path.join(DATA_DIR, 'payment-encryption-key.pem') });
  collectGarbage();
  const { result: summary, use } = await measureRun(total, (progressed) =>
    // The book's mows are scheduled, not checked out of: charged by the schedule, a day's services at a time.
    runBilling(
      { db, gateway, log: createLogger({ level: 'warn' }), charges: 'schedule', ...BENCH_NOTICES },
      billingDay,
      {
        ...options,
        afterBatch: ({ batches }) => progressed(batches * options.batchSize),
      },
    ),
  );
  return { summary, ...use };
}

/** Every service has one invoice, charged once: the invoices by status, and the gateway's charges. */
async function check(db: Database, services: number): Promise<string> {
  const result = await db.execute<{ paid: number; declined: number; pending: number; charges: number }>(sql`
    select
      (select count(*)::int from invoices where status = ${INVOICE_STATUS.paid}) as paid,
      (select count(*)::int from invoices where status = ${INVOICE_STATUS.declined}) as declined,
      (select count(*)::int from invoices where status = ${INVOICE_STATUS.pending}) as pending,
      (select count(*)::int from payment_vault.charges) as charges`);
  const counts = result.rows[0];
  if (!counts || counts.paid + counts.declined !== services || counts.pending !== 0 || counts.charges !== services) {
    throw new Error(`expected ${services} services billed once, found ${JSON.stringify(counts)}`);
  }
  const moved = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from customer_history where action = 'billing'`,
  );
  return `${thousands(counts.paid)} paid, ${thousands(counts.declined)} declined, ${thousands(counts.charges)} charges, ${thousands(moved.rows[0]?.total ?? 0)} properties moved to the expired-card list`;
}

function row(label: string, options: { batchSize: number; concurrency: number }, measured: Measured): string {
  const { summary } = measured;
  const charged = summary.paid + summary.declined;
  return `| ${label} | ${options.batchSize} | ${options.concurrency} | ${thousands(summary.collected)} | ${thousands(charged)} | **${measured.seconds.toFixed(1)} s** | ${thousands(charged / measured.seconds)} | ${measured.cpuSeconds.toFixed(0)} s | ${measured.baselineRssMb} MB | **${measured.peakRssMb} MB** | ${measured.heapPeakMb} MB | ${measured.atProgress || '—'} |`;
}

async function main(): Promise<void> {
  const services = Number(option('services', '100000'));
  const options = {
    batchSize: Number(option('batch', String(BILLING_BATCH_SIZE))),
    concurrency: Number(option('concurrency', '8')),
  };
  await withBenchDatabase({ poolSize: options.concurrency + 4, dataDir: DATA_DIR, port: PORT }, async (bench) => {
    const { db } = bench;
    await ensureProperties(bench, Math.ceil(services * BOOK_PER_SERVICE), {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties with COPY...\n`),
    });
    const mowDay = nextBusinessDay(calendarDateIn(new Date()));
    const billingDay = nextBusinessDay(mowDay);
    process.stdout.write(`preparing ${thousands(services)} services mowed on ${mowDay}...\n`);
    await prepare(db, await chooseBook(db, services, billingDay), mowDay);

    process.stdout.write(`billing on ${billingDay}...\n`);
    const first = await bill(db, billingDay, services, options);
    const checked = await check(db, services);
    process.stdout.write(`${row('first run', options, first)}\n${checked}\n`);
    const again = await bill(db, billingDay, services, options);
    await check(db, services);
    printResults(
      `Billing, ${resultsDate()}, load average ${loadAverage()}; ${checked}`,
      [
        '| run | batch | concurrent charges | services gathered | charges | wall time | charges/s | CPU (Node) | RSS before | peak RSS | heap peak | RSS / heap used (MB) at progress |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ],
      [row('first run', options, first), row('same day again (nothing to bill)', options, again)],
    );
  });
}

runMain(main);
