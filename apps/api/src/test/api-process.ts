import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { freePort } from './free-port';

type ApiProcessOptions = {
  /**
   * The database both the API and its job workers use. Without it, the API starts its embedded PostgreSQL in its
   * DATA_DIR on a free port (EMBEDDED_PG_PORT in `env` chooses one).
   */
  databaseUrl?: string;
  jwtSecret: string;
  /** DATA_DIR: give the one of an earlier process to start again on its data. A new folder by default. */
  dataDir?: string;
  /** Further environment variables (LOG_LEVEL, SEED_DEMO_DATA, ...); the defaults suit a test. */
  env?: Record<string, string>;
  /** Fills the new DATA_DIR before the process starts (files an older version left there, say). */
  prepareDataDir?: (dataDir: string) => Promise<void>;
};

type ApiResponse<T = unknown> = { status: number; body: T };

export type ApiProcess = {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  port: number;
  pid: number;
  /** This process's DATA_DIR (outbox, report files, ...). */
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far: its logs and its start banner. */
  output: () => string;
  /** The JSON log lines of `output()`, parsed. */
  logEntries: () => Record<string, unknown>[];
  /** A JSON request to this process; `token` is sent as a Bearer token. */
  request: <T = unknown>(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown },
  ) => Promise<ApiResponse<T>>;
  /** SIGTERM, as an operator stops it, then waits for the exit (SIGKILL after 20 s). */
  stop: () => Promise<void>;
  /** kill -9, as the kernel's out-of-memory killer ends it: no clean-up at all. */
  kill: () => Promise<void>;
  /** How it ended, once it has. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once it answers its health check; fails if it exits or takes too long. */
  waitUntilHealthy: () => Promise<void>;
  /** Stops it and deletes its DATA_DIR (unless the DATA_DIR was given). */
  close: () => Promise<void>;
};

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

/** Only what a process needs from the test runner's environment, so nothing of the runner's own set-up leaks in. */
function baseEnvironment(): Record<string, string> {
  const kept = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TZ'];
  return Object.fromEntries(kept.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the API the way `npm start` runs it (`node --import tsx apps/api/src/main.ts`, see scripts/run-api.mjs) as
 * a separate OS process on a free port of 127.0.0.1, with its own DATA_DIR, and waits until it answers its health
 * check. Its output is captured, not shown.
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const api = await spawnApiProcess(options);
  try {
    await api.waitUntilHealthy();
  } catch (error) {
    await api.close();
    throw error;
  }
  return api;
}

/** A new DATA_DIR whose parent others may enter, so that as root the embedded PostgreSQL keeps its data inside. */
async function newDataDir(): Promise<{ dataDir: string; remove: () => Promise<void> }> {
  const parent = await mkdtemp(path.join(tmpdir(), 'lawn-api-process-'));
  await chmod(parent, 0o755);
  return { dataDir: path.join(parent, 'data'), remove: () => rm(parent, { recursive: true, force: true }) };
}

/** Like startApiProcess, without waiting: for tests of the start-up itself. */
export async function spawnApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = await freePort();
  const created = options.dataDir === undefined ? await newDataDir() : undefined;
  const dataDir = options.dataDir ?? (created?.dataDir as string);
  await options.prepareDataDir?.(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...baseEnvironment(),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { EMBEDDED_PG_PORT: String(await freePort()) }),
      JWT_SECRET: options.jwtSecret,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...options.env,
    },
  });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => chunks.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  // Should the test runner end without stopping it, the process must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));

  const output = () => chunks.join('');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
      child.kill('SIGKILL');
      await waitForExit(child, STOP_TIMEOUT_MS);
    }
  };

  const request: ApiProcess['request'] = async (method, url, { token, body } = {}) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return { status: response.status, body: isJson && text ? JSON.parse(text) : text };
  };

  return {
    baseUrl,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output,
    logEntries: () =>
      output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    request,
    stop,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    exited,
    waitUntilHealthy: () => waitUntilHealthy(baseUrl, child, output),
    async close() {
      await stop();
      await created?.remove();
    },
  };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API process exited during start-up (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API process did not answer its health check within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}
