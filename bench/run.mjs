// `npm run bench`: runs the benchmarks in this folder one after the other (or only those named: node bench/run.mjs
// customers-list). Each is a standalone `npx tsx bench/<name>.ts`; see bench/README.md.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** In this order; each fills its own database when it is empty (see bench/README.md). */
const BENCHMARKS = [
  'customers-list',
  'lookup',
  'customers-list-throughput',
  'customers-export',
  'schedule-process',
  'calendar-read',
  'availability',
  'market-map',
  'price-calculation',
  'file-storage',
  'places-lookups',
  'customer-record',
  'record-autosave',
  'session-check',
  'notification-latency',
  'billing',
  'new-customer',
  'crew-payments-upload',
  'quote-page-js',
  'quote-page-lighthouse',
  'web-first-load',
];

const chosen = process.argv.slice(2);
let failed = false;
for (const name of chosen.length > 0 ? chosen : BENCHMARKS) {
  const file = path.join(here, `${name}.ts`);
  if (!existsSync(file)) {
    process.stdout.write(`\n== ${name}: skipped (bench/${name}.ts does not exist yet)\n`);
    continue;
  }
  process.stdout.write(`\n== ${name}\n`);
  const result = spawnSync('npx', ['tsx', file], { stdio: 'inherit', cwd: path.dirname(here) });
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
