import {
  LOOKUP_MESSAGES,
  SAVED_SEARCH_MESSAGES,
  type CustomerListRow,
  type Page,
  type SavedSearch,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedSearches } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let alice: TestUser;
let bob: TestUser;
let market: number;
const ids: number[] = [];

beforeAll(async () => {
  alice = await t.createUser({ role: 'Representative' });
  bob = await t.createUser({ role: 'customer-service' });
  market = await insertMarket(t.db, 'Saved town');
  for (const lastName of ['Baker', 'Carter', 'Moore']) {
    ids.push((await insertRecord(t.db, { marketId: market, customer: { lastName } })).id);
  }
});

async function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  key?: string,
) {
  const headers = { ...(await t.authHeaders(user)), ...(key ? { 'idempotency-key': key } : {}) };
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const save = (user: TestUser, name: string, filter: string, key?: string) =>
  call(user, 'POST', '/api/saved-searches', { name, filter }, key);

describe('saved searches', () => {
  it('saves a lookup, says so, and answers a retry with the same key once', async () => {
    const filter = `filter[market]=${market}&filter[lastNameBucket]=A-F`;
    const first = await save(alice, 'A to F', filter, 'save-a-f');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: LOOKUP_MESSAGES.saved, data: { name: 'A to F', filter } });
    const retry = await save(alice, 'A to F', filter, 'save-a-f');
    expect(retry.body).toEqual(first.body);
    const mine = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, alice.id));
    expect(mine.filter((row) => row.name === 'A to F')).toHaveLength(1);
  });

  it.each([
    [{ name: '', filter: 'filter[status]=1' }, 'name', SAVED_SEARCH_MESSAGES.nameRequired],
    [{ filter: 'filter[status]=1' }, 'name', SAVED_SEARCH_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), filter: 'filter[status]=1' }, 'name', SAVED_SEARCH_MESSAGES.nameMax],
    [{ name: 'Empty', filter: '' }, 'filter', SAVED_SEARCH_MESSAGES.noParameter],
    [{ name: 'Unknown', filter: 'filter[shoeSize]=9' }, 'filter', 'Unknown filter: shoeSize'],
    [{ name: 'Bad value', filter: 'filter[week]=99' }, 'filter', 'Invalid value: 99'],
    [{ name: 'Paging', filter: 'filter[status]=1&page=2' }, 'filter', 'not: page'],
    [{ name: 'Nul', filter: 'filter[fullName]=a\u0000b' }, 'filter', 'NUL'],
  ])('refuses %j with 400 at %s', async (body, field, message) => {
    const { status, body: answer } = await call(alice, 'POST', '/api/saved-searches', body);
    expect(status).toBe(400);
    const errors = answer['errors'] as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]?.join(' ')).toContain(message);
  });

  it("lists the caller's own searches, newest first, 10 a page", async () => {
    for (let index = 1; index <= 11; index += 1) await save(bob, `Bob ${index}`, 'filter[status]=1');
    const first = await call(bob, 'GET', '/api/saved-searches');
    expect(first.body).toMatchObject({ total: 11, perPage: 10, currentPage: 1, lastPage: 2 });
    const rows = first.body['data'] as SavedSearch[];
    expect(rows.map((row) => row.name)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Bob ${n}`));
    const second = await call(bob, 'GET', '/api/saved-searches?page=2');
    expect((second.body['data'] as SavedSearch[]).map((row) => row.name)).toEqual(['Bob 1']);
    const alices = await call(alice, 'GET', '/api/saved-searches');
    expect((alices.body['data'] as SavedSearch[]).every((row) => !row.name.startsWith('Bob'))).toBe(true);
  });

  it("processes a search: the customer list's first page for its filter", async () => {
    const saved = await save(alice, 'C to M', `filter[market]=${market}&filter[lastNameBucket]=G-M,A-F`);
    const id = (saved.body['data'] as SavedSearch).id;
    const { status, body } = await call(alice, 'GET', `/api/saved-searches/${id}/customers`);
    expect(status).toBe(200);
    const page = body as unknown as Page<CustomerListRow>;
    expect(page).toMatchObject({ total: 3, currentPage: 1, perPage: 50 });
    expect(page.data.map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it('answers 400 with a clear message for a search whose filters no longer exist', async () => {
    const [row] = await t.db
      .insert(savedSearches)
      .values({ userId: alice.id, name: 'Old', filter: 'filter[status]=1&filter[retired]=2' })
      .returning();
    const { status, body } = await call(alice, 'GET', `/api/saved-searches/${row?.id}/customers`);
    expect(status).toBe(400);
    expect(body['message']).toBe(SAVED_SEARCH_MESSAGES.unknownFilters(['retired']));
  });

  it('answers 400 for a search whose values the list no longer takes', async () => {
    const [row] = await t.db
      .insert(savedSearches)
      .values({ userId: alice.id, name: 'Odd', filter: 'filter[status]=99' })
      .returning();
    const { status, body } = await call(alice, 'GET', `/api/saved-searches/${row?.id}/customers`);
    expect(status).toBe(400);
    expect(Object.keys(body['errors'] as object)).toEqual(['filter[status]']);
  });

  it("deletes the caller's own search; another user's answers 404 and stays", async () => {
    const saved = await save(alice, 'To delete', 'filter[status]=1');
    const id = (saved.body['data'] as SavedSearch).id;
    expect((await call(bob, 'DELETE', `/api/saved-searches/${id}`)).status).toBe(404);
    expect((await call(bob, 'GET', `/api/saved-searches/${id}/customers`)).status).toBe(404);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, id))).toHaveLength(1);
    expect(await call(alice, 'DELETE', `/api/saved-searches/${id}`)).toEqual({
      status: 200,
      body: { message: LOOKUP_MESSAGES.deleted },
    });
    expect((await call(alice, 'DELETE', `/api/saved-searches/${id}`)).status).toBe(404);
  });
});
