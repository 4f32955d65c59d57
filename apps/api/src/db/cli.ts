import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { PG_BOSS_SCHEMA } from '../jobs/queue';
import { createDatabase } from './client';
import { runMigrations } from './migrate';
import { seedDatabase } from './seed/seed';
import { openDatabaseServer } from './server';

const COMMANDS = ['migrate', 'seed', 'reset'] as const;
type Command = (typeof COMMANDS)[number];

function isCommand(value: string | undefined): value is Command {
  return (COMMANDS as readonly (string | undefined)[]).includes(value);
}

/** `tsx src/db/cli.ts migrate|seed|reset`, against DATABASE_URL or the embedded server (stopped again afterwards). */
async function main(): Promise<void> {
  const command = process.argv[2];
  if (!isCommand(command)) {
    process.stderr.write(`usage: cli.ts ${COMMANDS.join('|')}\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  const server = await openDatabaseServer(config, log);
  const { pool, db } = createDatabase(server.url, log, { max: 2 });
  try {
    if (command === 'reset') {
      // Everything the app owns: tables, drizzle's migration journal and pg-boss's queue.
      await db.execute(sql.raw(`drop schema if exists public cascade; drop schema if exists drizzle cascade;`));
      await db.execute(sql.raw(`drop schema if exists ${PG_BOSS_SCHEMA} cascade; create schema public;`));
      log.info('database emptied');
    }
    await runMigrations(pool);
    log.info('migrations applied');
    if (command === 'seed' || command === 'reset') {
      await seedDatabase(db);
      log.info('demo data seeded');
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
