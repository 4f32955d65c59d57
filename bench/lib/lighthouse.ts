// Lighthouse is only for bench/quote-page-lighthouse.ts, so the product's `npm ci` does not install it: it lives in
// bench/lighthouse/ with its own lockfile (exact versions) and is installed there on the benchmark's first run. It and
// its Puppeteer also ask for a newer Node.js than the product needs, which npm warns about on every install.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = new URL('../lighthouse/', import.meta.url);
const installedMarker = new URL('node_modules/.package-lock.json', folder);
const lockfile = new URL('package-lock.json', folder);

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string };
type LighthouseResult = {
  lhr: {
    lighthouseVersion: string;
    categories: Record<string, { score: number | null }>;
    audits: Record<string, Audit>;
  };
};
type LighthouseFlags = { port: number; onlyCategories: string[]; output: 'json'; logLevel: 'error' };
/** The part of Lighthouse's Node API the benchmark uses (`lighthouse(url, flags, config)`). */
type Lighthouse = (url: string, flags: LighthouseFlags, config?: unknown) => Promise<LighthouseResult | undefined>;

/** Runs `npm ci` in bench/lighthouse when it was never installed or its lockfile changed since. */
function ensureInstalled(): void {
  const isInstalled = existsSync(installedMarker) && statSync(installedMarker).mtimeMs >= statSync(lockfile).mtimeMs;
  if (isInstalled) return;
  console.log('Installing Lighthouse for this benchmark (npm ci in bench/lighthouse)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: fileURLToPath(folder), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci in bench/lighthouse failed');
}

/** Lighthouse and its desktop preset, installed first when needed. */
export async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; desktopConfig: unknown }> {
  ensureInstalled();
  const module = (path: string) => new URL(`node_modules/lighthouse/${path}`, folder).href;
  const core = (await import(module('core/index.js'))) as { default: Lighthouse };
  const desktop = (await import(module('core/config/desktop-config.js'))) as { default: unknown };
  return { lighthouse: core.default, desktopConfig: desktop.default };
}
