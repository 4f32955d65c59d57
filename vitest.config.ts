import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web', 'scripts'],
    // Vitest's default is one worker fewer than the cores: a single one on the 2-core machines the suite runs on.
    // Most files wait on PostgreSQL (its own processes) or on the app's I/O, so a second worker keeps both cores busy.
    maxWorkers: 2,
  },
});
