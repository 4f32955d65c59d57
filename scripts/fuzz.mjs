// `npm run fuzz`: the OpenAPI fuzz test with many more requests than the suite sends (10,000 by default).
//   npm run fuzz -- --seed 42            another seed (the suite's is fixed); the same seed repeats the same requests
//   npm run fuzz -- --count 50000        another number of requests
//   npm run fuzz -- --seed 42 --only 17  replays request #17 of that run alone (with the same --count)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '10000' },
    only: { type: 'string' },
  },
});
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number, not ${value}`);
    process.exit(2);
  }
}

console.log(`fuzzing with seed ${values.seed}, ${values.count} requests${values.only ? `, only #${values.only}` : ''}`);
const env = { ...process.env, FUZZ_SEED: values.seed, FUZZ_COUNT: values.count };
if (values.only !== undefined) env.FUZZ_ONLY = values.only;
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'apps/api/src/http/fuzz.test.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exitCode = result.status ?? 1;
