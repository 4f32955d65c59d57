// Starts the product for the browser tests on its own port, with a fresh embedded database
// (unless DATABASE_URL points at a server), so runs never depend on leftovers.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runApi } from '../scripts/run-api.mjs';

// Set by playwright.config.ts (one folder per port); the default serves a server started by hand.
const dataDir = process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../.data/e2e', import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
runApi({
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54340',
    LOG_LEVEL: 'warn',
    // Every spec signs in from 127.0.0.1, so a fast run passes the 10-a-minute limit meant for people; the limit
    // itself is covered by the API's sign-in tests.
    LOGIN_RATE_LIMIT_PER_MINUTE: '600',
    // The office's phone at the foot of the public and customer pages (555-01xx never rings anyone).
    OFFICE_PHONE: '2145550100',
  },
}).on('exit', (code) => process.exit(code ?? 0));
