import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each test file gets its own database and app; real argon2 and PostgreSQL need a little time.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
