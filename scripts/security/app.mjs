// Starts the product for the scan on 127.0.0.1 with a fresh embedded PostgreSQL and the demo data, and talks to it.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';

const START_TIMEOUT_MS = 10 * 60_000;
const STOP_TIMEOUT_MS = 30_000;

/** Fails at once when another program holds the port, rather than scanning whatever answers there. */
export function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', () => reject(new Error(`Port ${port} (${what}) is in use; free it or choose another port.`)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/**
 * Starts the API (which serves the built web app) as a child process with its output in `logFile`; `ready()` waits
 * for /api/health. The handle exists from the first moment, so a stop during start-up stops the child too. The session
 * settings keep one sign-in valid for the whole run and let the scanners hammer the sign-in and public routes: the scan looks for
 * injection and leaks, while throttling and lockout have their own tests in the suite.
 */
export function launchApp({ root, dataDir, port, pgPort, logFile }) {
  const log = openSync(logFile, 'a');
  // Its own embedded database and no mail server, whatever the calling shell has set.
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL_SECONDS: String(3 * 60 * 60),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      PUBLIC_REQUESTS_PER_MINUTE: '1000000',
      SIGN_UPS_PER_HOUR: '1000000',
      LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopApp(child, exited, dataDir);
  const ready = async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The app stopped during start-up (see ${logFile}).`);
      }
      try {
        const response = await fetch(`${url}/api/health`);
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error(`The app did not answer /api/health within ${START_TIMEOUT_MS / 60_000} minutes (see ${logFile}).`);
  };
  return { url, stop, ready };
}

/**
 * SIGTERM lets the API stop its embedded PostgreSQL cleanly; SIGKILL only if it hangs. A server the API could not
 * stop (killed, or stopped half-way through its start) is stopped here from its postmaster.pid, so no run leaves a
 * PostgreSQL behind on the port.
 */
async function stopApp(child, exited, dataDir) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  await stopOrphanPostgres(dataDir);
}

async function stopOrphanPostgres(dataDir) {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  // A stale file's number may belong to another process by now: only a server of this data folder is stopped.
  if (!commandLineOf(pid).includes(path.join(dataDir, 'postgres'))) return;
  // SIGINT is PostgreSQL's fast shutdown: it ends the sessions and stops cleanly.
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 20 && isAlive(pid); waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The process's command line (Linux); empty where it cannot be read, so nothing is stopped on a guess. */
function commandLineOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A small JSON client for the app: `{ status, body }` for every answer, whatever the status. */
export function createClient(baseUrl) {
  let token;
  const request = async (method, route, body) => {
    const headers = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    baseUrl,
    request,
    get: (route) => request('GET', route),
    get token() {
      return token;
    },
    async signIn(email, password) {
      token = undefined;
      const { status, body } = await request('POST', '/api/auth/login', { email, password });
      if (status !== 200 || typeof body?.data?.accessToken !== 'string') {
        throw new Error(`Sign-in as ${email} failed with HTTP ${status}.`);
      }
      token = body.data.accessToken;
      return token;
    },
  };
}
