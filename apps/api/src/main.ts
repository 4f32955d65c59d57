import path from 'node:path';
import { buildApp, DOCS_PREFIX } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-data';
import { hasDemoUsers, hasUsers, seedDatabase } from './db/seed/seed';
import { openDatabaseServer } from './db/server';
import { startJobQueue } from './jobs/queue';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { resumeBilling } from './modules/billing/billing.service';
import { resumeScheduleRuns } from './modules/schedule/schedule.service';

/** Clean-up steps, run newest first, so whatever started is stopped even when start-up fails half-way. */
const cleanups: { name: string; run: () => Promise<unknown> | unknown }[] = [];

async function start(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  installShutdownHandlers(log);

  const server = await openDatabaseServer(config, log);
  cleanups.push({ name: 'database server', run: server.stop });
  const { pool, db } = createDatabase(server.url, log);
  cleanups.push({ name: 'database pool', run: () => pool.end() });

  await runMigrations(pool);
  if (config.seedDemoData && !(await hasUsers(db))) {
    log.info('empty database: seeding demo data');
    await seedDatabase(db, { demoPayments: config.paymentGateway === 'local' });
  }

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
  await jobs.startWorkers({ db, mailer, config, log });
  // A schedule run interrupted by the last stop or crash carries on from its cursor now, not after its job expires.
  await resumeScheduleRuns({ db, jobs, log });
  // Billing interrupted the same way charges what it left pending now, not at the next day's run.
  await resumeBilling({ db, jobs, log });

  const app = await buildApp({ config, db, jobs, mailer, logger: log });
  cleanups.push({ name: 'http server', run: () => app.close() });
  await app.listen({ port: config.port, host: config.host });

  printBanner(`http://localhost:${config.port}`, server.isEmbedded, await hasDemoUsers(db));
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
    // A stuck step must not keep the process alive forever; unref'd so it never delays a clean exit.
    setTimeout(() => process.exit(exitCode), 20_000).unref();
    void shutdown(log).finally(() => {
      process.exitCode = exitCode;
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Every time, not once: one Ctrl-C can arrive twice (the terminal signals the whole process group and
    // `npm start`'s launcher passes signals on), and the repeat must not kill the process half-way through stopping.
    process.on(signal, () => {
      if (!shuttingDown) log.info(`${signal} received, shutting down`);
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
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`Start-up failed: ${message}\n`);
  await shutdown({
    info: () => undefined,
    error: (object, text) => process.stderr.write(`${text}: ${String(object)}\n`),
  });
  process.exitCode = 1;
});
