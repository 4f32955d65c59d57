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
export async function startWebPreview(port: number): Promise<{ origin: string; stop: () => void }> {
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
  return { origin: `http://localhost:${port}`, stop: () => server.kill() };
}

/**
 * What a quote bench measures: the product running at `--origin <url>` (e.g. `npm start`: the API's static serving,
 * gzip and the real look-ups), or else the built files served by `vite preview` on `port`.
 */
export async function startQuoteTarget(
  port: number,
  origin: string | null,
): Promise<{ origin: string; stop: () => void }> {
  if (origin) return { origin: origin.replace(/\/$/, ''), stop: () => undefined };
  return startWebPreview(port);
}
