/**
 * Cold `npm start`: clones this repository's HEAD into a temporary folder, runs `npm start` there on ports of its own
 * and times each phase up to the first sign-in the API answers with the demo data: `npm ci`, the web build, and the
 * API's start (migrations and demo seed on a new embedded PostgreSQL). npm's warnings are counted. The clone is
 * removed afterwards. Usage: `npx tsx bench/cold-start.ts [--port 3900] [--pg-port 55900]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { option, runMain } from './lib/cli';
import { printResults, resultsDate } from './lib/report';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-password' };
const GIVE_UP_MS = 15 * 60_000;

const seconds = (ms: number) => (ms / 1000).toFixed(0);
const modifiedAt = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : Number.NaN);

async function signInAnswered(port: string): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function main() {
  const port = option('port', '3900');
  const pgPort = option('pg-port', '55900');
  const folder = mkdtempSync(join(tmpdir(), 'lawn-cold-start-'));
  const clone = join(folder, 'repo');
  const loadBefore = loadavg()[0] ?? 0;
  const started = Date.now();
  spawnSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'inherit' });
  const cloned = Date.now();

  const child = spawn('npm', ['start'], {
    cwd: clone,
    detached: true,
    env: { ...process.env, PORT: port, EMBEDDED_PG_PORT: pgPort, DATA_DIR: join(folder, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let warnings = 0;
  const countWarnings = (chunk: Buffer) => {
    warnings += (chunk.toString().match(/^npm warn/gim) ?? []).length;
  };
  child.stdout.on('data', countWarnings);
  child.stderr.on('data', countWarnings);

  try {
    while (!(await signInAnswered(port))) {
      if (child.exitCode !== null) throw new Error(`npm start ended with ${child.exitCode} before signing in`);
      if (Date.now() - started > GIVE_UP_MS) throw new Error('no sign-in within 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const signedIn = Date.now();
    const installed = modifiedAt(join(clone, 'node_modules/.package-lock.json'));
    const built = modifiedAt(join(clone, 'apps/web/dist/index.html'));
    printResults(
      `Cold npm start, ${resultsDate()}, load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after, ${warnings} npm warnings`,
      ['| clone | npm ci | web build | API start to sign-in | total |', '|---:|---:|---:|---:|---:|'],
      [
        `| ${seconds(cloned - started)} s | ${seconds(installed - cloned)} s | ${seconds(built - installed)} s | ${seconds(signedIn - built)} s | **${seconds(signedIn - started)} s** |`,
      ],
    );
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    rmSync(folder, { recursive: true, force: true });
  }
}

runMain(main);
