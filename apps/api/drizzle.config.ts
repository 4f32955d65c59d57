import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file; it reads the schema and writes SQL, no database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
