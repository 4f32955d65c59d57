/**
 * The JavaScript a prospect's browser downloads to show the public quote (/web/quote), gzipped: the page must not pull
 * the staff app, and its first load stays under 150 KB. By default it starts the product itself (as `npm start` does,
 * building apps/web when stale, on its own port and embedded database), opens the page in Chromium until the network
 * is idle, and sums the gzipped size of every script the page requested. `--origin` measures a product already running;
 * `--preview` serves the built files with `vite preview` instead (no API: the page's look-ups fail, its first code
 * loads all the same).
 *
 *   npx tsx bench/quote-page-js.ts
 *   npx tsx bench/quote-page-js.ts --origin http://localhost:3000   (after `npm start`)
 *   npx tsx bench/quote-page-js.ts --preview
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { flag, option } from './lib/cli';
import { chromePath, QUOTE_PATH, startQuoteTarget } from './lib/web-preview';

const BUDGET_KB = 150;
const PORT = Number(process.env['QUOTE_BENCH_PORT'] ?? 4399);
const PG_PORT = Number(process.env['QUOTE_BENCH_PG_PORT'] ?? 55399);

const preview = await startQuoteTarget({
  port: PORT,
  pgPort: PG_PORT,
  origin: option('origin', '') || null,
  preview: flag('preview'),
});
const browser = await chromium.launch({ executablePath: chromePath() });
try {
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
      }),
    );
  });
  await page.goto(`${preview.origin}${QUOTE_PATH}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  scripts.sort((a, b) => b.gzip - a.gzip);
  for (const script of scripts) {
    console.log(
      `${(script.gzip / 1024).toFixed(1).padStart(7)} KB gz ${(script.raw / 1024).toFixed(1).padStart(8)} KB  ${script.url}`,
    );
  }
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  const staff = scripts.filter((script) => /StaffShell|DataGrid|EditCustomer/.test(script.url));
  console.log(
    `\n/web/quote first load: ${scripts.length} scripts, ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
  );
  console.log(
    staff.length === 0 ? 'No staff-app chunk loaded.' : `Staff chunks loaded: ${staff.map((s) => s.url).join(', ')}`,
  );
  process.exitCode = total <= BUDGET_KB && staff.length === 0 ? 0 : 1;
} finally {
  await browser.close();
  await preview.stop();
}
