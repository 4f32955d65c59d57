import { fileURLToPath } from 'node:url';

/**
 * The data folder of the app under test (its database's passwords, its outbox): one per port, set by
 * playwright.config.ts; the default serves a server started by hand.
 */
export const SERVER_DATA_DIR =
  process.env['E2E_DATA_DIR'] ?? fileURLToPath(new URL('../../.data/e2e', import.meta.url));
