import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// The server's data (its database, its outbox) per port, so runs on different ports in one checkout never share it.
// The server (server.mjs) and the helpers reading its data (support/server-data.ts) take it from here.
process.env['E2E_DATA_DIR'] ??= fileURLToPath(new URL(`../.data/e2e-${port}`, import.meta.url));

export default defineConfig({
  testDir: './specs',
  // Traces and screenshots per port too: a run empties its folder when it starts.
  outputDir: `test-results/${port}`,
  // Every test makes its own data and signs in through the suite's fixtures (support/test.ts), so tests run in any
  // order, side by side. Two workers suit the 2-core machines the suite runs on, where the browsers, the server and
  // its database share those cores (README, Tests). E2E_WORKERS overrides.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A whole flow (the six-step wizard, a record's tabs) with an axe check at each state takes 20-30 s on a 2-core
  // machine to itself; with two workers sharing the cores each test runs at about half that speed, and an expectation
  // waits for what the server and the browser must first get a share of the cores to do.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, or CHROME_PATH when set (as scripts/ensure-chromium.mjs checks): Playwright never downloads one.
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node server.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
