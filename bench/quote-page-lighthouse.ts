/**
 * Lighthouse's performance score of the public quote page (/web/quote) in Chromium: the page's target is 95 or more.
 * Serves the built web app with `vite preview` (built first when apps/web/dist is missing; /web/quote answers the
 * quote page's own quote.html, as the API does), or measures a running product given with `--origin` (the API's
 * static serving with gzip, and the page's real look-ups), starts Chromium headless with a debugging port and runs
 * Lighthouse's default audit (a mid-range phone on a throttled 4G connection, simulated) against the page. Prints the
 * score, the page's metrics and every performance audit that lost points.
 *
 *   npx tsx bench/quote-page-lighthouse.ts            (CHROME_PATH overrides /usr/bin/chromium)
 *   npx tsx bench/quote-page-lighthouse.ts --desktop  (Lighthouse's desktop preset: a desktop on a fast connection)
 *   npx tsx bench/quote-page-lighthouse.ts --origin http://localhost:3000   (after `npm start`)
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { flag, option } from './lib/cli';
import { chromePath, QUOTE_PATH, startQuoteTarget } from './lib/web-preview';

const TARGET_SCORE = 95;
const PORT = Number(process.env['QUOTE_BENCH_PORT'] ?? 4398);
const DEBUG_PORT = Number(process.env['QUOTE_BENCH_DEBUG_PORT'] ?? 9322);
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const preview = await startQuoteTarget(PORT, option('origin', '') || null);
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
  preview.stop();
}
