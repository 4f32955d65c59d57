import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { customers, properties } from '../schema';
import { copyLine } from './copy-text';
import { bulkLoadCustomers, seedDemoCustomers } from './customers-seed';

const t = useTestContext();

const total = async (table: typeof customers | typeof properties) =>
  (await t.db.select({ total: count() }).from(table))[0]?.total ?? 0;

describe('copyLine', () => {
  it('writes COPY text format: tabs between values, \\N for null, escapes, array literals', () => {
    const columns = [
      ['a', (row: Record<string, unknown>) => row['a']],
      ['b', (row: Record<string, unknown>) => row['b']],
      ['c', (row: Record<string, unknown>) => row['c']],
      ['d', (row: Record<string, unknown>) => row['d']],
    ] as never;
    const line = copyLine(columns, { a: 'x\ty\\z\nw', b: null, c: ['Front', 'Back'], d: true } as never);
    expect(line).toBe('x\\ty\\\\z\\nw\t\\N\t{"Front","Back"}\tt\n');
  });
});

describe('demo and bulk customer data', () => {
  it('seeds the demo customers once, then bulk-loads more with COPY on top', async () => {
    await t.createUser({ role: 'Representative' });
    for (const name of ['Dallas', 'Fort Worth', 'Austin', 'San Antonio']) await insertMarket(t.db, name);

    expect(await seedDemoCustomers(t.db, { properties: 300 })).toBe(300);
    expect(await seedDemoCustomers(t.db, { properties: 300 })).toBe(0);
    expect(await total(properties)).toBe(300);

    const progress: number[] = [];
    const loaded = await bulkLoadCustomers(t.pool, t.db, {
      properties: 1200,
      seed: 3,
      batchSize: 500,
      onProgress: (done) => progress.push(done),
    });
    expect(loaded).toBe(1200);
    expect(progress.at(-1)).toBe(1200);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(await total(properties)).toBe(1500);

    // The sequences moved past the explicit ids: an ordinary insert still works.
    const [customer] = await t.db
      .insert(customers)
      .values({ firstName: 'New', lastName: 'Person', contactNumber: '2145550000' })
      .returning({ id: customers.id });
    expect(customer?.id).toBeGreaterThan(0);

    // The maintained list counts match a recount.
    const maintained = await t.db.execute(
      sql`select market_id, status, status_orders, is_cellphone, total::int from customer_list_counts where total <> 0 order by 1, 2, 3, 4`,
    );
    await t.db.execute(sql`select customer_list_counts_rebuild()`);
    const rebuilt = await t.db.execute(
      sql`select market_id, status, status_orders, is_cellphone, total::int from customer_list_counts where total <> 0 order by 1, 2, 3, 4`,
    );
    expect(maintained.rows).toEqual(rebuilt.rows);
    const summed = maintained.rows.reduce((sum, row) => sum + Number(row['total']), 0);
    expect(summed).toBe(1500);
  });
});
