import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // A worker imports the app (Fastify, Drizzle, the shared schemas) once for all its files instead of once per file,
    // which cost a few seconds a file. Files share no state through it: each builds its own app on its own database
    // (test/test-app.ts), and a file that fakes timers restores them.
    isolate: false,
    // Each test file gets its own database and app; real argon2 and PostgreSQL need a little time.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
