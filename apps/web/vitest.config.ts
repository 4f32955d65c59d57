import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // MUI (the data grid above all) renders slowly in jsdom; on a busy two-core CI machine a
    // screen test can pass 5 s without anything being wrong.
    testTimeout: 20_000,
  },
});
