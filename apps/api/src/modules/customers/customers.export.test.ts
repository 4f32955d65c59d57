import type { CustomerListRow, Page } from '@lawn/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { seedDemoCustomers } from '../../db/seed/customers-seed';
import { isHttpError } from '../../http/errors';
import { useTestContext } from '../../test/test-app';
import { countCustomerExportRows, customerExportRows, type CustomerExportSelection } from './customers.export';
import { insertMarket } from '../../test/record-fixtures';

const t = useTestContext();
let headers: { authorization: string };

beforeAll(async () => {
  const admin = await t.createUser({ role: 'Admin' });
  await t.createUser({ role: 'Manager', firstName: 'Maria', lastName: 'Garcia' });
  headers = await t.authHeaders(admin);
  for (const name of ['Dallas', 'Fort Worth', 'Austin', 'San Antonio']) await insertMarket(t.db, name);
  await seedDemoCustomers(t.db, { properties: 400, seed: 7, today: new Date('2026-06-15T12:00:00Z') });
});

async function collect(selection: CustomerExportSelection, batchSize?: number) {
  const batches: CustomerListRow[][] = [];
  for await (const batch of customerExportRows(t.db, selection, batchSize)) batches.push(batch);
  return batches;
}

/** Every row of the list for a query string, through the API, all pages. */
async function listAll(query: string): Promise<{ rows: CustomerListRow[]; total: number }> {
  const rows: CustomerListRow[] = [];
  let total: number;
  for (let pageNumber = 1; ; pageNumber += 1) {
    const response = await t.app.inject({
      url: `/api/customers?${query}&include=userEdit,userNote&limit=100&page=${pageNumber}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<CustomerListRow>>();
    total = page.total;
    rows.push(...page.data);
    if (page.data.length < 100) return { rows, total };
  }
}

describe('customerExportRows', () => {
  it('yields the list rows in batches, in the list order, with the list defaults', async () => {
    const batches = await collect({ query: {} }, 50);
    const list = await listAll('');
    const rows = batches.flat();
    expect(rows.length).toBe(list.total);
    expect(list.total).toBeGreaterThan(200);
    expect(batches.slice(0, -1).every((batch) => batch.length === 50)).toBe(true);
    expect(batches.at(-1)?.length).toBeLessThanOrEqual(50);
    // Same rows, same order, same values (userEdit and userNote included).
    expect(rows).toEqual(list.rows);
    expect(rows.some((row) => row.userEdit !== null)).toBe(true);
    expect(await countCustomerExportRows(t.db, { query: {} })).toBe(list.total);
  });

  it('follows the query filters and sort exactly as GET /api/customers does', async () => {
    const query = { 'filter[status]': '1,2', 'filter[weekDay]': '2', sort: 'fullName' };
    const rows = (await collect({ query }, 7)).flat();
    const list = await listAll('filter[status]=1,2&filter[weekDay]=2&sort=fullName');
    expect(rows.map((row) => row.id)).toEqual(list.rows.map((row) => row.id));
    expect(await countCustomerExportRows(t.db, { query })).toBe(list.total);

    const byMarket = { 'filter[market]': String(rows[0]?.market), sort: '-marketName,userNote' };
    const marketRows = (await collect({ query: byMarket })).flat();
    const marketList = await listAll(`filter[market]=${rows[0]?.market}&sort=-marketName,userNote`);
    expect(marketRows.map((row) => row.id)).toEqual(marketList.rows.map((row) => row.id));
  });

  it('exports exactly the chosen ids that are still live, whatever their status, in the chosen order', async () => {
    const chosen = await t.db
      .select({ id: properties.id })
      .from(properties)
      .where(inArray(properties.status, [1, 5]))
      .limit(6);
    const chosenIds = chosen.map((row) => row.id);
    const [deleted] = chosenIds;
    await t.db
      .update(properties)
      .set({ deletedAt: new Date() })
      .where(eq(properties.id, deleted ?? 0));
    await t.db
      .update(properties)
      .set({ statusOrders: 2 })
      .where(eq(properties.id, chosenIds[1] ?? 0));

    const rows = (await collect({ ids: [...chosenIds, 99_999_999] })).flat();
    const expected = chosenIds.slice(1).sort((a, b) => b - a);
    expect(rows.map((row) => row.id)).toEqual(expected);
    expect(await countCustomerExportRows(t.db, { ids: chosenIds })).toBe(5);

    const byName = (await collect({ ids: chosenIds, query: { sort: 'fullName' } })).flat();
    const keys = byName.map((row) => [row.firstName.toLowerCase(), row.lastName.toLowerCase(), row.id] as const);
    const byteWise = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    expect(keys).toEqual(
      [...keys].sort((a, b) => byteWise(a[0], b[0]) || byteWise(a[1], b[1]) || byteWise(a[2], b[2])),
    );
  });

  it('rejects what the list rejects, with the same 400 error', async () => {
    const queries: Record<string, string>[] = [
      { 'filter[nope]': '1' },
      { sort: 'shoeSize' },
      { 'filter[status]': '9' },
    ];
    for (const query of queries) {
      const failure = await collect({ query }).catch((error: unknown) => error);
      expect(isHttpError(failure) && failure.statusCode).toBe(400);
      const counted = await countCustomerExportRows(t.db, { query }).catch((error: unknown) => error);
      expect(isHttpError(counted) && counted.statusCode).toBe(400);
    }
  });

  it('streams through a cursor: stopping early gives the connection back', async () => {
    let seen = 0;
    for await (const batch of customerExportRows(t.db, { query: { 'filter[status]': '' } }, 25)) {
      expect(batch).toHaveLength(25);
      seen += 1;
      if (seen === 2) break;
    }
    expect(t.pool.totalCount - t.pool.idleCount).toBe(0);
    const [row] = await t.db.select({ id: properties.id }).from(properties).limit(1);
    expect(row?.id).toBeGreaterThan(0);
  });
});
