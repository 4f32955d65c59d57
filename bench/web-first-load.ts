/**
 * The JavaScript the app's pages load in Chromium, gzipped: the first load of the sign-in pages, the external
 * (phone and account-number) pages and the customer's web sign-in (budget 150 KB each), and everything loaded from
 * opening /login to the first row of the customer list (budget 350 KB: sign in as the demo Admin, land on the
 * dashboard, open Customer List from the menu). By default it starts the product itself, as `npm start` does
 * (building apps/web when stale), on its own port and embedded database, like the quote page's bench; `--origin`
 * measures a product already running. Each page opens in a fresh browser context (an empty cache); a script counts
 * once, at the gzipped size of its body (what the API's compression sends).
 *
 *   npx tsx bench/web-first-load.ts [--origin http://localhost:3000] [--verbose]
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { APP_PATHS } from '@lawn/shared';
import { flag, option } from './lib/cli';
import { printResults, resultsDate } from './lib/report';
import { loadAverage } from './lib/stats';
import { chromePath, startProduct } from './lib/web-preview';

const PAGE_BUDGET_KB = 150;
const LIST_BUDGET_KB = 350;
const PORT = Number(process.env['WEB_BENCH_PORT'] ?? 4398);
const PG_PORT = Number(process.env['WEB_BENCH_PG_PORT'] ?? 55398);
const ADMIN = { email: 'admin@example.com', password: 'demo-password' };

type Script = { url: string; gzip: number };
type Measured = { name: string; budget: number; scripts: Script[] };

/** Opens a fresh context, runs `walk` in it and returns every script the page requested meanwhile. */
async function scriptsOf(browser: Browser, origin: string, walk: (page: Page) => Promise<void>): Promise<Script[]> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const scripts = new Map<string, Script>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url()).pathname;
    pending.push(
      response.body().then((body) => {
        scripts.set(url, { url, gzip: gzipSync(body).length });
      }),
    );
  });
  try {
    await walk(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return [...scripts.values()].sort((a, b) => b.gzip - a.gzip);
  } finally {
    await context.close();
  }
}

const firstLoad = (path: string) => async (page: Page) => {
  await page.goto(path, { waitUntil: 'networkidle' });
};

/** /login, the demo Admin's sign-in, the dashboard, then Customer List from the menu until its first row shows. */
async function signInToList(page: Page): Promise<void> {
  await page.goto(APP_PATHS.login, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard/);
  // The menu's Customers group opens with a click; its Customer List entry opens the list.
  const group = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Customers', exact: true });
  await group.click();
  await page.getByRole('link', { name: 'Customer List' }).click();
  await page.locator('[data-field="customerId"][role="gridcell"]').first().waitFor();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const origin = option('origin', '').replace(/\/$/, '');
const target = origin ? { origin, stop: () => undefined } : await startProduct(PORT, PG_PORT);
const browser = await chromium.launch({ executablePath: chromePath() });
try {
  const measured: Measured[] = [];
  const pages: [string, string][] = [
    ['/login', APP_PATHS.login],
    ['/external-search-phone', APP_PATHS.externalSearchPhone],
    ['/external-account-number', APP_PATHS.externalSignIn],
    ['/web/login', APP_PATHS.webLogin],
  ];
  for (const [name, path] of pages) {
    measured.push({ name, budget: PAGE_BUDGET_KB, scripts: await scriptsOf(browser, target.origin, firstLoad(path)) });
  }
  measured.push({
    name: '/login to the first list row',
    budget: LIST_BUDGET_KB,
    scripts: await scriptsOf(browser, target.origin, signInToList),
  });
  if (flag('verbose')) {
    for (const { name, scripts } of measured) {
      process.stdout.write(`\n${name}\n`);
      for (const script of scripts) process.stdout.write(`${kb(script.gzip).padStart(8)} KB  ${script.url}\n`);
    }
  }
  const totalOf = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.gzip, 0);
  printResults(
    `${resultsDate()}, load average ${loadAverage()}`,
    ['| page | scripts | gzipped JS | budget |', '|---|---:|---:|---:|'],
    measured.map(
      ({ name, budget, scripts }) => `| ${name} | ${scripts.length} | ${kb(totalOf(scripts))} KB | ${budget} KB |`,
    ),
  );
  process.exitCode = measured.every(({ budget, scripts }) => totalOf(scripts) / 1024 <= budget) ? 0 : 1;
} finally {
  await browser.close();
  await target.stop();
}
