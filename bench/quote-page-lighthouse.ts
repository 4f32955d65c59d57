/**
 * Lighthouse's performance score of the public quote page (/web/quote) in Chromium: the page's target is 95 or more.
 * By default it starts the product itself, as `npm start` does (building apps/web when stale), on its own port and
 * embedded database: the API's static serving with gzip, the zip look-up's preload hint and the page's real look-ups,
 * so the page renders its form and lot cards. Then it starts Chromium headless with a debugging port and runs
 * Lighthouse's default audit (a mid-range phone on a throttled 4G connection, simulated) against the page, and prints
 * the score, the page's metrics and every performance audit that lost points.
 *
 *   npx tsx bench/quote-page-lighthouse.ts            (CHROME_PATH overrides /usr/bin/chromium)
 *   npx tsx bench/quote-page-lighthouse.ts --desktop  (Lighthouse's desktop preset: a desktop on a fast connection)
 *   npx tsx bench/quote-page-lighthouse.ts --origin http://localhost:3000   (a product already running there)
 *   npx tsx bench/quote-page-lighthouse.ts --preview  (`vite preview`: no API, so it measures the page's load and its
 *                                                      look-up error, not the page a prospect sees)
 *
 * QUOTE_BENCH_PORT (4398) and QUOTE_BENCH_PG_PORT (55398) choose the ports of the product it starts.
 */
import { chromium } from '@playwright/test';
import { flag, option } from './lib/cli';
import { loadLighthouse } from './lib/lighthouse';
import { chromePath, QUOTE_PATH, startQuoteTarget } from './lib/web-preview';

const TARGET_SCORE = 95;
const PORT = Number(process.env['QUOTE_BENCH_PORT'] ?? 4398);
const PG_PORT = Number(process.env['QUOTE_BENCH_PG_PORT'] ?? 55398);
const DEBUG_PORT = Number(process.env['QUOTE_BENCH_DEBUG_PORT'] ?? 9322);
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const { lighthouse, desktopConfig } = await loadLighthouse();
const preview = await startQuoteTarget({
  port: PORT,
  pgPort: PG_PORT,
  origin: option('origin', '') || null,
  preview: flag('preview'),
});
const browser = await chromium.launch({
  executablePath: chromePath(),
  args: [`--remote-debugging-port=${DEBUG_PORT}`, '--no-sandbox'],
});
try {
  const result = await lighthouse(
    `${preview.origin}${QUOTE_PATH}`,
    {
      port: DEBUG_PORT,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    },
    flag('desktop') ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  const score = Math.round((lhr.categories['performance']?.score ?? 0) * 100);
  for (const id of METRICS) {
    const audit = lhr.audits[id];
    if (audit) console.log(`${audit.title.padEnd(28)} ${audit.displayValue ?? ''}`);
  }
  const lost = Object.values(lhr.audits).filter(
    (audit) =>
      audit.score !== null &&
      audit.score < 0.9 &&
      audit.scoreDisplayMode !== 'informative' &&
      !METRICS.includes(audit.id),
  );
  if (lost.length > 0) console.log(`\nFlagged:\n${lost.map((a) => `  ${a.title} ${a.displayValue ?? ''}`).join('\n')}`);
  console.log(
    `\n/web/quote Lighthouse performance (${flag('desktop') ? 'desktop' : 'mobile'}): ${score} (target ${TARGET_SCORE}, Lighthouse ${lhr.lighthouseVersion})`,
  );
  process.exitCode = score >= TARGET_SCORE ? 0 : 1;
} finally {
  await browser.close();
  await preview.stop();
}
