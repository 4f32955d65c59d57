import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../apps/api/src/app';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed/demo-data';
import { createMailer } from '../../apps/api/src/mail/mailer';
import type { BenchDatabase } from './database';

type BenchApp = {
  app: App;
  /** The Authorization header of the demo admin, signed in through the API. */
  authorization: string;
  /** Answers a GET as the admin; anything but 200 fails the benchmark. */
  get: (url: string) => Promise<{ body: string; json: <T>() => T }>;
  close: () => Promise<void>;
};

/** The real app built for a benchmark, and what stops it and removes its outbox. */
type BuiltBenchApp = { app: App; close: () => Promise<void> };

/**
 * The real app (`buildApp`: routing, access check, validation, serialisation) on the bench database, without the web
 * app, a job queue or an SMTP server (mail goes to a temporary outbox); not yet ready, nobody signed in.
 */
export async function buildBenchApp(
  { config, db, log }: Pick<BenchDatabase, 'config' | 'db' | 'log'>,
  options: { clock?: () => Date } = {},
): Promise<BuiltBenchApp> {
  const outbox = await mkdtemp(path.join(tmpdir(), 'lawn-bench-'));
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: outbox, log });
  const app = await buildApp({
    config: { ...config, webDist: path.join(outbox, 'no-web') },
    db,
    jobs: { enqueue: async () => 'bench' },
    mailer,
    logger: log,
    clock: options.clock,
  });
  const close = async () => {
    await app.close();
    mailer.close();
    await rm(outbox, { recursive: true, force: true });
  };
  return { app, close };
}

/** The bench app (`buildBenchApp`), ready, with the demo admin signed in. */
export async function startBenchApp(
  bench: Pick<BenchDatabase, 'config' | 'db' | 'log'>,
  options: { clock?: () => Date } = {},
): Promise<BenchApp> {
  const { app, close } = await buildBenchApp(bench, options);
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
    const authorization = `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}`;
    const get = async (url: string) => {
      const response = await app.inject({ url, headers: { authorization } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { body: response.body, json: <T>() => response.json<T>() };
    };
    return { app, authorization, get, close };
  } catch (error) {
    await close();
    throw error;
  }
}
