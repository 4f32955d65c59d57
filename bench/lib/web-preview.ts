import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const web = path.join(root, 'apps', 'web');

/** The public quote page with an address, as a prospect arrives from the marketing site. */
export const QUOTE_PATH = '/web/quote?address=1%20Main%20St&zipcode=75201';

/** Debian's Chromium unless CHROME_PATH names another. */
export const chromePath = (): string => process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/**
 * Serves the built web app with `vite preview` on `port` (building apps/web first when its dist/ lacks the app or the
 * quote page). Preview answers /web/quote with quote.html, as the API's static serving does in production (the web
 * app's quote-page plugin). No API is needed: the page's look-ups fail, its code and styles load all the same.
 */
export async function startWebPreview(port: number): Promise<QuoteTarget> {
  if (!['index.html', 'quote.html'].every((page) => existsSync(path.join(web, 'dist', page)))) {
    spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
  }
  // vite's own entry, not npx, so stopping the server stops the process that listens.
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const server: ChildProcess = spawn(process.execPath, [vite, 'preview', '--port', String(port), '--strictPort'], {
    cwd: web,
    stdio: 'pipe',
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes(String(port)) && resolve());
    server.on('exit', (code) => reject(new Error(`vite preview exited with ${code}`)));
  });
  return { origin: `http://localhost:${port}`, stop: () => void server.kill() };
}

/**
 * Starts the product as `npm start` runs it (building apps/web first when its output is stale): the API on `port`
 * serving the built app with gzip, with its own embedded PostgreSQL in `.data/bench-quote` (the demo service zones
 * serve the quote's zip). Resolves once `/api/health` answers; `stop` ends the API, which stops PostgreSQL cleanly.
 */
export async function startProduct(port: number, pgPort: number): Promise<QuoteTarget> {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the web app failed');
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(root, '.data', 'bench-quote'),
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => api.once('exit', () => resolve()));
  const origin = `http://localhost:${port}`;
  const startedBy = Date.now() + 180_000;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`the product exited with ${api.exitCode} before it answered`);
    if (Date.now() > startedBy) {
      api.kill('SIGTERM');
      throw new Error(`the product did not answer ${origin}/api/health within 3 minutes`);
    }
    const health = await fetch(`${origin}/api/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    stop: async () => {
      if (api.exitCode === null) api.kill('SIGTERM');
      await exited;
    },
  };
}

export type QuoteTarget = { origin: string; stop: () => void | Promise<void> };

/**
 * What a quote bench measures: by default the product itself, started on `port` (the API's static serving, gzip, the
 * zip look-up's preload hint and the real look-ups: the page renders its form and lot cards); with `origin` a product
 * already running there; with `preview` the built files served by `vite preview` on `port`, which has no API, so the
 * page loads its code and styles and then shows its look-up error.
 */
export async function startQuoteTarget({
  port,
  pgPort,
  origin,
  preview,
}: {
  port: number;
  pgPort: number;
  origin: string | null;
  preview: boolean;
}): Promise<QuoteTarget> {
  if (origin) return { origin: origin.replace(/\/$/, ''), stop: () => undefined };
  if (preview) return startWebPreview(port);
  return startProduct(port, pgPort);
}
