import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { bulkLoadCustomers } from './customers-seed';

const t = useTestContext();

const rows = async (query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows;

/** What the load takes apart and must put back: indexes, foreign keys (validated) and the look-up trigger. */
const structure = () =>
  rows(sql`
    select 'index ' || indexrelid::regclass::text || ' ' || pg_get_indexdef(indexrelid) as item
      from pg_index where indrelid in ('customers'::regclass, 'properties'::regclass)
    union all
    select 'key ' || conname || ' ' || pg_get_constraintdef(oid) || ' validated ' || convalidated
      from pg_constraint where conrelid in ('customers'::regclass, 'properties'::regclass)
    union all
    select 'trigger ' || tgname || ' ' || tgenabled::text
      from pg_trigger where tgrelid in ('customers'::regclass, 'properties'::regclass) and not tgisinternal
    order by 1`);

describe('bulk load into empty tables', () => {
  it('writes the list copies the trigger would, and restores every index, key and trigger', async () => {
    await t.createUser({ role: 'Representative' });
    await t.createUser({ role: 'Manager' });
    for (const name of ['Dallas', 'Fort Worth', 'Austin', 'San Antonio']) await insertMarket(t.db, name);
    const before = await structure();
    expect(before.some((row) => String(row['item']).startsWith('key '))).toBe(true);

    const loaded = await bulkLoadCustomers(t.pool, t.db, { properties: 2000, seed: 5, batchSize: 700, rebuildFrom: 1 });

    expect(loaded).toBe(2000);
    expect(await structure()).toEqual(before);
    // Every copy equals what properties_copy_lookups reads from the customer, market and users.
    const [mismatch] = await rows(sql`
      select count(*)::int as total from properties p
        join customers c on c.id = p.customer_id join markets m on m.id = p.market_id
       where p.customer_first_name is distinct from c.first_name or p.customer_last_name is distinct from c.last_name
          or p.customer_email is distinct from c.email or p.customer_phone is distinct from c.contact_number
          or p.market_name is distinct from m.name
          or p.last_edited_by_name is distinct from
             (select u.first_name || ' ' || u.last_name from users u where u.id = p.last_edited_by)
          or p.last_note_by_name is distinct from
             (select u.first_name || ' ' || u.last_name from users u where u.id = p.last_note_by)`);
    expect(mismatch?.['total']).toBe(0);
    const [named] = await rows(
      sql`select count(*)::int as total from properties where last_edited_by_name is not null and market_name <> ''`,
    );
    expect(named?.['total']).toBeGreaterThan(1000);
    // The maintained list counts match a recount.
    const [counted] = await rows(sql`select sum(total)::int as total from customer_list_counts`);
    expect(counted?.['total']).toBe(2000);
  });
});
