import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { secureDataDir } from '../data-dir';
import { createLogger } from '../logger';
import { PG_BOSS_SCHEMA } from '../jobs/queue';
import { createDatabase } from './client';
import { runMigrations } from './migrate';
import { bulkLoadCustomers } from './seed/customers-seed';
import { seedDatabase } from './seed/seed';
import { embeddedServerAccount, openDatabaseServer } from './server';

const COMMANDS = ['migrate', 'seed', 'reset'] as const;
type Command = (typeof COMMANDS)[number];

function isCommand(value: string | undefined): value is Command {
  return (COMMANDS as readonly (string | undefined)[]).includes(value);
}

const USAGE = `usage: cli.ts ${COMMANDS.join('|')} [--properties N] [--seed S] [--batch B]
  --properties N  (seed, reset) bulk-load N generated properties with COPY instead of the demo customers
  --seed S        generator seed (default: the demo seed)
  --batch B       properties per COPY transaction (default 25000)\n`;

function parseOptions(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { properties: { type: 'string' }, seed: { type: 'string' }, batch: { type: 'string' } },
  });
  const whole = (name: string, value: string | undefined, min: number) => {
    if (value === undefined) return undefined;
    const number = Number(value.replaceAll('_', ''));
    if (!Number.isSafeInteger(number) || number < min) throw new Error(`--${name} must be a whole number >= ${min}`);
    return number;
  };
  return {
    command: positionals[0],
    properties: whole('properties', values.properties, 1),
    seed: whole('seed', values.seed, 0),
    batch: whole('batch', values.batch, 1),
  };
}

/**
 * `tsx src/db/cli.ts migrate|seed|reset [--properties N]`, against DATABASE_URL or the embedded server (stopped again
 * afterwards).
 */
async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { command } = options;
  if (!isCommand(command)) {
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  await secureDataDir(config.dataDir, { serverAccount: await embeddedServerAccount(config, log), log });
  const server = await openDatabaseServer(config, log);
  const { pool, db } = createDatabase(server.url, log, { max: 2 });
  try {
    if (command === 'reset') {
      // Everything the app owns: tables, drizzle's migration journal and pg-boss's queue.
      await db.execute(sql.raw(`drop schema if exists public cascade; drop schema if exists drizzle cascade;`));
      await db.execute(sql.raw(`drop schema if exists ${PG_BOSS_SCHEMA} cascade; create schema public;`));
      // The extensions went with the public schema; the embedded server's superuser creates them again.
      await server.prepare();
      log.info('database emptied');
    }
    await runMigrations(pool);
    log.info('migrations applied');
    if (command === 'seed' || command === 'reset') {
      const bulk = options.properties;
      await seedDatabase(db, bulk === undefined ? {} : { demoProperties: 0 });
      log.info('reference and demo data seeded');
      if (bulk !== undefined) {
        const started = performance.now();
        const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
        process.stdout.write(`loading ${bulk.toLocaleString('en-US')} properties with COPY...\n`);
        await bulkLoadCustomers(pool, db, {
          properties: bulk,
          seed: options.seed,
          batchSize: options.batch,
          onStage: (text) => process.stdout.write(`  ${text}, ${seconds()} s\n`),
          onProgress: (loaded, total) => {
            const rate = Math.round(loaded / Math.max(0.001, (performance.now() - started) / 1000));
            process.stdout.write(
              `  ${loaded.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} properties, ${seconds()} s (${rate.toLocaleString('en-US')}/s)\n`,
            );
          },
        });
        process.stdout.write(`loaded and analyzed ${bulk.toLocaleString('en-US')} properties in ${seconds()} s\n`);
      }
    }
  } finally {
    await pool.end();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
