import type { CustomerDetail, Role } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { customerHistory } from '../../db/schema';
import { insertMarket, insertRecord, type RecordFixture } from '../../test/record-fixtures';
import { useTestContext, type TestContext, type TestContextOptions, type TestUser } from '../../test/test-app';

export type RecordEditing = {
  t: TestContext;
  /** The person editing the records (customer service's Sofia Ramirez unless `editor` says otherwise). */
  editor: TestUser;
  headers: { authorization: string };
  /** A Dallas market taxing 8.25 %, the records' market unless a test inserts another. */
  marketId: number;
  /** PATCH /api/customers/{id}, as the record's autosave sends it, as the editor (or `as`). */
  patch: (
    id: number,
    payload: Record<string, unknown>,
    as?: { authorization: string },
  ) => ReturnType<TestContext['app']['inject']>;
  /** A live, approved record in the market (or the fixture's), as `insertRecord` makes it. */
  insertRecord: (fixture?: Omit<RecordFixture, 'marketId'> & { marketId?: number }) => ReturnType<typeof insertRecord>;
  /** GET /api/customers/{id}'s record. */
  read: (id: number) => Promise<CustomerDetail>;
  /** The record's history rows as stored, oldest first. */
  historyOf: (id: number) => Promise<(typeof customerHistory.$inferSelect)[]>;
};

/**
 * The set-up of the tests of a record's edits through PATCH /api/customers/{id}: the file's app, an editor signed in,
 * and a market, filled in once beforeAll has run.
 */
export function useRecordEditing(
  options: TestContextOptions & { editor?: { role: Role; firstName?: string; lastName?: string } } = {},
): RecordEditing {
  const { editor: editorOptions, ...contextOptions } = options;
  const t = useTestContext(contextOptions);
  const editing = {
    t,
    patch: (id, payload, as) =>
      t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers: as ?? editing.headers, payload }),
    insertRecord: (fixture = {}) => insertRecord(t.db, { marketId: editing.marketId, ...fixture }),
    read: async (id) =>
      (await t.app.inject({ url: `/api/customers/${id}`, headers: editing.headers })).json<{ data: CustomerDetail }>()
        .data,
    historyOf: async (id) =>
      t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, id)).orderBy(customerHistory.id),
  } as RecordEditing;
  beforeAll(async () => {
    editing.editor = await t.createUser(
      editorOptions ?? { role: 'customer-service', firstName: 'Sofia', lastName: 'Ramirez' },
    );
    editing.headers = await t.authHeaders(editing.editor);
    editing.marketId = await insertMarket(t.db, 'Dallas');
  });
  return editing;
}
