import path from 'node:path';
import { APP_PATHS } from '@lawn/shared';
import { buildApp, DOCS_PREFIX } from './app';
import { ConfigError, isLoopbackHost, loadConfig } from './config';
import { secureDataDir } from './data-dir';
import { createDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-data';
import { demoAccountsWithDemoPassword, hasDemoUsers, hasUsers, seedDatabase } from './db/seed/seed';
import { embeddedServerAccount, openDatabaseServer } from './db/server';
import { startJobQueue } from './jobs/queue';
import { createFileStorage } from './storage/configured-storage';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { resumeUnfinishedReports } from './modules/reports/reports.service';
import { resumeBilling } from './modules/billing/billing.service';
import { resumePriceUpdates } from './modules/price-updates/price-updates.service';
import { resumeScheduleRuns, watchAbandonedScheduleRuns } from './modules/schedule/schedule.service';
import { moveLocalFilesToStore } from './storage/local-files';

/** Clean-up steps, run newest first, so whatever started is stopped even when start-up fails half-way. */
const cleanups: { name: string; run: () => Promise<unknown> | unknown }[] = [];

/**
 * Set by the first SIGINT or SIGTERM (or a fatal error) that arrives before the app listens. Start-up checks it after
 * every step, once that step's clean-up is registered, and stops there instead of going on: a stop requested while the
 * database starts or migrations run must not end with a listening server (or an orphaned database).
 */
const stopRequest = new AbortController();
let isStarted = false;

class StartStopped extends Error {
  constructor() {
    super('start-up stopped on request');
  }
}

/** Ends start-up here when a stop was requested during the last step. */
function checkStop(): void {
  if (stopRequest.signal.aborted) throw new StartStopped();
}

async function start(): Promise<void> {
  // Whatever the app writes (outbox, exports, secrets) is private to its user, whichever part of it writes the file.
  process.umask(0o077);
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  installShutdownHandlers(log);
  await secureDataDir(config.dataDir, { serverAccount: await embeddedServerAccount(config, log), log });
  checkStop();

  const server = await openDatabaseServer(config, log);
  cleanups.push({ name: 'database server', run: server.stop });
  checkStop();
  const { pool, db } = createDatabase(server.url, log);
  cleanups.push({ name: 'database pool', run: () => pool.end() });

  await runMigrations(pool, {
    signal: stopRequest.signal,
    onWait: () => log.info('waiting for another instance to finish migrating the database'),
  });
  checkStop();
  if (config.seedDemoData && !(await hasUsers(db))) {
    log.info('empty database: seeding demo data');
    await seedDatabase(db, {
      demoPayments: config.paymentGateway === 'local',
      files: createFileStorage({ config, db }),
    });
    checkStop();
  }
  await refuseExposedDemoAccounts(db, config.host);
  await moveLocalFilesToStore({ config, db, log });

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  cleanups.push({ name: 'mailer', run: () => mailer.close() });
  const jobs = await startJobQueue({
    databaseUrl: server.url,
    log,
    pollingIntervalSeconds: config.jobPollingIntervalSeconds,
  });
  cleanups.push({ name: 'job queue', run: jobs.stop });
  checkStop();
  await jobs.startWorkers({ db, mailer, config, log });
  checkStop();
  // A schedule run interrupted by the last stop or crash carries on from its cursor now, not after its job expires;
  // an interrupted export is written again.
  await resumeScheduleRuns({ db, jobs, log });
  // A run whose process dies later (with several processes, another one's) is taken over once its lease runs out.
  cleanups.push({ name: 'schedule run watch', run: watchAbandonedScheduleRuns({ db, jobs, log }) });
  await resumeUnfinishedReports({ db, jobs, log });
  checkStop();
  // Billing interrupted the same way charges what it left pending now, not at the next day's run.
  await resumeBilling({ db, jobs, log });
  checkStop();
  // A bulk price update interrupted the same way goes on after its last committed batch.
  await resumePriceUpdates({ db, jobs, log });
  checkStop();

  const app = await buildApp({ config, db, jobs, mailer, logger: log });
  cleanups.push({ name: 'http server', run: () => app.close() });
  checkStop();
  await app.listen({ port: config.port, host: config.host });
  isStarted = true;
  // A stop requested while the port was being opened: the server listens, and the clean-up closes it.
  checkStop();

  printBanner(`http://localhost:${config.port}`, server.isEmbedded, await hasDemoUsers(db));
}

/**
 * The demo is for this machine: on an address other machines may reach, a demo account that still has the README's
 * password (an Admin among them) would let anyone in, so the start stops with one line saying what to do.
 */
async function refuseExposedDemoAccounts(db: Database, host: string): Promise<void> {
  if (isLoopbackHost(host)) return;
  const exposed = await demoAccountsWithDemoPassword(db);
  if (exposed.length === 0) return;
  throw new ConfigError(
    `Refusing to listen on ${host}, which other machines may reach: the demo accounts ${exposed.join(', ')} still ` +
      'have the demo password from the README. Change their passwords (or delete them; on a new database, set ' +
      'SEED_DEMO_DATA=false), or leave HOST unset to serve this machine only.',
  );
}

function printBanner(url: string, isEmbedded: boolean, showDemoUsers: boolean): void {
  const lines = [
    '',
    `Lawn Care Office is running at ${url}`,
    `API documentation: ${url}${DOCS_PREFIX}`,
    isEmbedded ? 'Database: embedded PostgreSQL (set DATABASE_URL to use your own)' : 'Database: DATABASE_URL',
  ];
  if (showDemoUsers) {
    const width = Math.max(...DEMO_USERS.map((user) => user.role.length)) + 2;
    lines.push('', `Demo sign-ins (password: ${DEMO_PASSWORD})`);
    lines.push(`  ${'Role'.padEnd(width)}E-mail`);
    for (const user of DEMO_USERS) lines.push(`  ${user.role.padEnd(width)}${user.email}`);
    lines.push(`  Customer web account (${url}${APP_PATHS.webLogin}): ${DEMO_CUSTOMER_EMAIL}`);
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n'));
}

let shuttingDown: Promise<void> | undefined;

async function shutdown(log: { info: (message: string) => void; error: (object: object, message: string) => void }) {
  shuttingDown ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup.run();
      } catch (error) {
        log.error({ err: error }, `stopping the ${cleanup.name} failed`);
      }
    }
    log.info('stopped');
  })();
  return shuttingDown;
}

function installShutdownHandlers(log: ReturnType<typeof createLogger>): void {
  const stop = (exitCode: number) => {
    // A stuck step must not keep the process alive forever; unref'd so it never delays a clean exit. (Should it fire,
    // the embedded PostgreSQL's watchdog still stops the database.)
    setTimeout(() => process.exit(exitCode), 20_000).unref();
    process.exitCode = exitCode;
    if (!isStarted) {
      // Start-up stops after its current step and then runs the clean-up itself (see the end of this file).
      stopRequest.abort();
      return;
    }
    void shutdown(log).finally(() => {
      process.exitCode = exitCode;
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Every time, not once: one Ctrl-C can arrive twice (the terminal signals the whole process group and
    // `npm start`'s launcher passes signals on), and the repeat must not kill the process half-way through stopping.
    process.on(signal, () => {
      if (!shuttingDown && !stopRequest.signal.aborted) {
        log.info(isStarted ? `${signal} received, shutting down` : `${signal} received during start-up, stopping`);
      }
      stop(0);
    });
  }
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception');
    stop(1);
  });
  process.on('unhandledRejection', (reason) => {
    log.fatal({ err: reason }, 'unhandled rejection');
    stop(1);
  });
}

start().catch(async (error: unknown) => {
  const stderrLog = {
    info: () => undefined,
    error: (object: object, text: string) => process.stderr.write(`${text}: ${String(object)}\n`),
  };
  if (stopRequest.signal.aborted) {
    // Stopped on request: whatever the step in progress made of it (a Ctrl-C also stops the embedded PostgreSQL,
    // so the step may have failed), this is a stop, not a failure. The exit code is the one the stop asked for.
    process.stdout.write('Start-up stopped.\n');
    await shutdown(stderrLog);
    return;
  }
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Start-up failed: ${message}\n`);
  await shutdown(stderrLog);
  process.exitCode = 1;
});
