import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file; it reads the schema and writes SQL, no database needed.
export default defineConfig({
  dialect: 'postgresql',
  // The payment gateway's vault is its own schema, kept apart from the business tables (payments/local/).
  schema: ['./src/db/schema/index.ts', './src/payments/local/vault.schema.ts'],
  out: './src/db/migrations',
});
