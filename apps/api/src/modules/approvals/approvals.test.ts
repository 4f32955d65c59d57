import { CUSTOMER_MESSAGES, ORDER_MESSAGES, type CustomerDetail } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notes, properties } from '../../db/schema';
import { createCustomerGenerator } from '../../db/seed/customers-generator';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { insertPlannedRecord, scheduleRowCounts } from '../calendar/calendar.test-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext({ clock: () => new Date('2026-06-10T15:00:00Z') });

let manager: TestUser;
let headers: { authorization: string };
let marketId: number;

const rejectedNote = {
  serviceDate: '2026-06-10',
  serviceHour: '11:00',
  description: '',
  rejectionReasons: ['Just Shopping'],
};

/** A new order waiting for a decision (order status 0, maybe a restart). */
async function newOrder(property: Partial<typeof properties.$inferInsert> = {}): Promise<number> {
  return (await insertRecord(t.db, { marketId, property: { statusOrders: 0, isRestart: true, ...property } })).id;
}

const decide = (id: number, decision: 'approve' | 'reject', payload: Record<string, unknown>, as = headers) =>
  t.app.inject({ method: 'POST', url: `/api/customers/${id}/${decision}`, headers: as, payload });

async function stored(id: number) {
  const [row] = await t.db
    .select({ statusOrders: properties.statusOrders, isRestart: properties.isRestart, version: properties.version })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
}

async function historyOf(id: number) {
  const result = await t.db.execute<{ action: string; description: string }>(
    sql`select action, description from customer_history where property_id = ${id} order by id desc`,
  );
  return result.rows;
}

const notesOf = (id: number) => t.db.select().from(notes).where(eq(notes.propertyId, id));

beforeAll(async () => {
  manager = await t.createUser({ role: 'Manager' });
  headers = await t.authHeaders(manager);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('POST /api/customers/{id}/approve', () => {
  it('approves: order status 1, no restart, a new version and one history entry', async () => {
    const id = await newOrder();
    const response = await decide(id, 'approve', { version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(ORDER_MESSAGES.approved);
    expect(response.json<{ data: CustomerDetail }>().data).toMatchObject({
      statusOrders: 1,
      isRestart: false,
      version: 2,
    });
    expect(await stored(id)).toEqual({ statusOrders: 1, isRestart: false, version: 2 });
    expect(await historyOf(id)).toEqual([{ action: 'approve', description: 'Approved the order' }]);
  });

  it('re-plans the schedule at once: an approved order is mowed from the next week on', async () => {
    const id = await insertPlannedRecord(t.db, { marketId, property: { statusOrders: 0 } });
    expect((await scheduleRowCounts(t.db, id))?.workdays).not.toMatch(/2026-/);
    expect((await decide(id, 'approve', { version: 1 })).statusCode).toBe(200);
    expect((await scheduleRowCounts(t.db, id))?.workdays).toMatch(/^\{2026-/);
  });

  it('is refused to Representatives (403), also through the customer PATCH, and changes nothing', async () => {
    const id = await newOrder();
    const representative = await t.createUser({ role: 'Representative' });
    const as = await t.authHeaders(representative);
    expect((await decide(id, 'approve', { version: 1 }, as)).statusCode).toBe(403);
    expect((await decide(id, 'reject', { version: 1, ...rejectedNote }, as)).statusCode).toBe(403);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${id}`,
      headers: as,
      payload: { statusOrders: 1 },
    });
    expect(patch.statusCode).toBe(403);
    expect(await stored(id)).toEqual({ statusOrders: 0, isRestart: true, version: 1 });
  });

  it('lets customer-service decide', async () => {
    const id = await newOrder();
    const service = await t.createUser({ role: 'customer-service' });
    expect((await decide(id, 'approve', { version: 1 }, await t.authHeaders(service))).statusCode).toBe(200);
  });

  it('answers 409 for a version someone changed meanwhile, and writes nothing', async () => {
    const id = await newOrder();
    // Someone else edits the record first: it moves to version 2.
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload: { crew: 7 } });
    expect(edit.json().data.version).toBe(2);
    const stale = await decide(id, 'approve', { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CUSTOMER_MESSAGES.stale });
    expect(await stored(id)).toMatchObject({ statusOrders: 0, version: 2 });
    expect((await historyOf(id)).map((entry) => entry.action)).toEqual(['update']);
  });

  it('answers 409 for an order that is already approved, 404 for a missing record', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const response = await decide(id, 'approve', { version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ORDER_MESSAGES.alreadyApproved });
    expect((await decide(999_999, 'approve', { version: 1 })).statusCode).toBe(404);
  });
});

describe('POST /api/customers/{id}/reject', () => {
  it('saves the rejected note and the rejection together: order status 2 and a restart', async () => {
    const id = await newOrder({ isRestart: false });
    const response = await decide(id, 'reject', { version: 1, ...rejectedNote });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ message: string; data: CustomerDetail; noteId: number }>();
    expect(body.message).toBe(ORDER_MESSAGES.rejected);
    expect(body.data).toMatchObject({ statusOrders: 2, isRestart: true, version: 2 });
    const [note] = await notesOf(id);
    expect(note).toMatchObject({ id: body.noteId, typeId: 4, userId: manager.id, rejectionReasons: ['Just Shopping'] });
    expect(await historyOf(id)).toEqual([
      { action: 'reject', description: `Rejected the order (rejected note #${body.noteId}: Just Shopping)` },
    ]);
  });

  it('can reject a rejected order again with another note', async () => {
    const id = await newOrder({ statusOrders: 2 });
    const response = await decide(id, 'reject', { version: 1, ...rejectedNote, description: 'Still shopping around' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await notesOf(id)).toHaveLength(1);
    expect(await stored(id)).toEqual({ statusOrders: 2, isRestart: true, version: 2 });
  });

  it('needs the note: without a reason or a description nothing is written', async () => {
    const id = await newOrder();
    const response = await decide(id, 'reject', { version: 1, ...rejectedNote, rejectionReasons: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ description: ['Field is required'] });
    expect(await stored(id)).toEqual({ statusOrders: 0, isRestart: true, version: 1 });
  });

  it('writes neither the note nor the rejection from a stale version', async () => {
    const id = await newOrder({ version: 3 });
    const response = await decide(id, 'reject', { version: 2, ...rejectedNote });
    expect(response.statusCode).toBe(409);
    expect(await notesOf(id)).toEqual([]);
    expect(await historyOf(id)).toEqual([]);
  });
});

describe('the approved flag', () => {
  /** Order status -> isApproved, as the demo data writes them (every order status occurs in a few hundred rows). */
  const demoFlags = new Map(
    [
      ...createCustomerGenerator({
        seed: 7,
        markets: [{ id: 1, name: 'Dallas', taxRate: 8.25 }],
        staffIds: [1],
        firstCustomerId: 1,
        firstPropertyId: 1,
        today: new Date('2026-06-10T15:00:00Z'),
      }).records(400),
    ].flatMap((record) => record.properties.map((property) => [property.statusOrders, property.isApproved] as const)),
  );

  const flagOf = async (id: number) =>
    (await t.db.select({ isApproved: properties.isApproved }).from(properties).where(eq(properties.id, id)))[0]
      ?.isApproved;

  it('is what the demo data has for each order status: set by an approval, cleared by a rejection or a restart', async () => {
    expect([...demoFlags.keys()].sort()).toEqual([0, 1, 2]);

    const approved = await newOrder({ isApproved: false });
    const approval = await decide(approved, 'approve', { version: 1 });
    expect(approval.json<{ data: CustomerDetail }>().data.isApproved).toBe(true);
    expect(await flagOf(approved)).toBe(demoFlags.get(1));

    const rejected = await newOrder({ isApproved: true });
    const rejection = await decide(rejected, 'reject', { version: 1, ...rejectedNote });
    expect(rejection.json<{ data: CustomerDetail }>().data.isApproved).toBe(false);
    expect(await flagOf(rejected)).toBe(demoFlags.get(2));

    // A restart sends the approved order back to review (order status 0).
    const restart = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${approved}`,
      headers,
      payload: { isRestart: true },
    });
    expect(restart.json<{ data: CustomerDetail }>().data).toMatchObject({ statusOrders: 0, isApproved: false });
    expect(await flagOf(approved)).toBe(demoFlags.get(0));
  });

  it('follows an order status changed through the record itself', async () => {
    const id = await newOrder({ isRestart: false });
    const patch = (statusOrders: number) =>
      t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload: { statusOrders } });
    expect((await patch(1)).json<{ data: CustomerDetail }>().data.isApproved).toBe(true);
    expect((await patch(2)).json<{ data: CustomerDetail }>().data.isApproved).toBe(false);
    expect(await flagOf(id)).toBe(false);
  });
});
