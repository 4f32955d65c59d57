import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role, TokenPair } from '@lawn/shared';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { createDatabase, type Database } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { startJobQueue, type JobQueue } from '../jobs/queue';
import { createLogger, type Logger } from '../logger';
import { createMailer } from '../mail/mailer';
import type { PaymentGateway } from '../payments/gateway';
import { signAccessToken } from '../tokens/access-token';
import { hashPassword } from '../modules/auth/auth.service';
import { cloneTemplateDatabase } from './cloned-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_PASSWORD = 'correct-horse-battery';

export type TestUser = { id: number; email: string; password: string; role: Role; firstName: string; lastName: string };

export type TestContext = {
  app: App;
  db: Database;
  pool: pg.Pool;
  /** The test's own database, e.g. for a second app on it (as a second API process would be). */
  databaseUrl: string;
  config: Config;
  jobs: JobQueue;
  /** Log lines (JSON) when created with `captureLogs`. */
  logs: string[];
  createUser: (
    overrides?: Partial<Omit<TestUser, 'id'>> & { status?: number; crewNumber?: number | null },
  ) => Promise<TestUser>;
  /** Signs in through the API (from its own IP, so the per-IP limit of one test does not leak into another). */
  signIn: (email: string, password?: string) => Promise<TokenPair>;
  /**
   * An access token minted directly, for tests about something other than signing in. It belongs to a live session
   * of its own (a refresh-token family whose token nobody holds), as every access token must.
   */
  tokenFor: (user: Pick<TestUser, 'id' | 'role'>) => Promise<string>;
  authHeaders: (user: Pick<TestUser, 'id' | 'role'>) => Promise<{ authorization: string }>;
  startWorkers: () => Promise<void>;
  close: () => Promise<void>;
};

export type TestContextOptions = {
  config?: Partial<Config>;
  captureLogs?: boolean;
  /** The app's clock (default: the real time), for tests of date rules. */
  clock?: () => Date;
  /** Runs after buildApp and before ready(), e.g. to add a route only a test needs. */
  beforeReady?: (app: App) => void | Promise<void>;
  /** The payment gateway the app uses (default: the configured one, the local gateway), e.g. one that counts calls. */
  gateway?: (deps: { db: Database; config: Config }) => PaymentGateway;
};

const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

let ipCounter = 0;
/** A distinct client address per call, so rate limits only meet the tests that aim at them. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
    }),
    jobPollingIntervalSeconds: 0.5,
    ...overrides,
  };
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await cloneTemplateDatabase();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'lawn-api-test-'));
  const config = testConfig(dataDir, options.config);
  const logs: string[] = [];
  const logger: Logger = options.captureLogs
    ? createLogger({ level: 'info', stream: { write: (line: string) => void logs.push(line) } })
    : createLogger({ level: 'silent' });
  const { url } = database;
  const { pool, db } = createDatabase(url, logger, { max: 5 });
  const jobs = await startJobQueue({
    databaseUrl: url,
    log: logger,
    pollingIntervalSeconds: config.jobPollingIntervalSeconds,
    background: false,
  });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: path.join(dataDir, 'outbox'),
    log: logger,
  });
  const app = await buildApp({
    config,
    db,
    jobs,
    mailer,
    logger,
    checkResponses: true,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.gateway ? { gateway: options.gateway({ db, config }) } : {}),
  });
  await options.beforeReady?.(app);
  await app.ready();

  let userCounter = 0;
  const tokenFor = async (user: Pick<TestUser, 'id' | 'role'>) => {
    const sessionId = randomUUID();
    await db.insert(refreshTokens).values({
      userId: user.id,
      familyId: sessionId,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + config.refreshTokenTtlDays * 24 * 60 * 60 * 1000),
    });
    return signAccessToken(
      { userId: user.id, role: user.role, sessionId },
      TEST_JWT_SECRET,
      config.accessTokenTtlSeconds,
    );
  };

  return {
    app,
    db,
    pool,
    databaseUrl: url,
    config,
    jobs,
    logs,
    async createUser(overrides = {}) {
      userCounter += 1;
      const password = overrides.password ?? TEST_PASSWORD;
      const values = {
        firstName: overrides.firstName ?? `Test${userCounter}`,
        lastName: overrides.lastName ?? 'User',
        email: overrides.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`,
        role: overrides.role ?? 'Admin',
        status: overrides.status ?? 1,
        crewNumber: overrides.crewNumber ?? null,
        passwordHash: await cachedHash(password),
      };
      const [row] = await db.insert(users).values(values).returning({ id: users.id });
      if (!row) throw new Error('user not created');
      return {
        id: row.id,
        email: values.email,
        password,
        role: values.role,
        firstName: values.firstName,
        lastName: values.lastName,
      };
    },
    async signIn(email, password = TEST_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: nextIp(),
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return response.json<{ data: TokenPair }>().data;
    },
    tokenFor,
    authHeaders: async (user) => ({ authorization: `Bearer ${await tokenFor(user)}` }),
    startWorkers: () => jobs.startWorkers({ db, mailer, config, log: logger }),
    async close() {
      await app.close();
      await jobs.stop();
      mailer.close();
      await pool.end();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll for the file and returns the context, filled in once beforeAll has run. */
export function useTestContext(options: TestContextOptions = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    Object.assign(context, await createTestContext(options));
  });
  afterAll(async () => {
    await context.close?.();
  });
  return context;
}
