import { DELETION_REQUEST_MESSAGES, type DeletionRequest } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let representative: TestUser;
let headers: { authorization: string };
let marketId: number;
const recipients: TestUser[] = [];
const bystanders: TestUser[] = [];

const request = (id: number) => t.app.inject({ method: 'POST', url: `/api/customers/${id}/deletion-request`, headers });
const read = (id: number) => t.app.inject({ url: `/api/customers/${id}/deletion-request`, headers });

const notificationsOf = (propertyId: number) =>
  t.db
    .select({
      userId: notifications.userId,
      typeId: notifications.typeId,
      name: notifications.name,
      customerName: notifications.customerName,
    })
    .from(notifications)
    .where(eq(notifications.customerAttributeId, propertyId))
    .orderBy(notifications.userId);

beforeAll(async () => {
  representative = await t.createUser({ role: 'Representative', firstName: 'Ryan', lastName: 'Brooks' });
  headers = await t.authHeaders(representative);
  marketId = await insertMarket(t.db, 'Dallas');
  recipients.push(await t.createUser({ role: 'Admin' }), await t.createUser({ role: 'Manager' }));
  bystanders.push(
    await t.createUser({ role: 'Admin', status: 0 }),
    await t.createUser({ role: 'customer-service' }),
    representative,
  );
});

describe('Request deletion?', () => {
  it('creates one request that reaches every active Admin and Manager as a notification opening the record', async () => {
    const { id } = await insertRecord(t.db, { marketId, customer: { firstName: 'Lee', lastName: 'Park' } });
    expect((await read(id)).json()).toEqual({ data: null });

    const response = await request(id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: DELETION_REQUEST_MESSAGES.requested,
      data: { customerAttributesId: id, requestedBy: { id: representative.id, fullName: 'Ryan Brooks' } },
    });
    // Every test user of these roles, and only them (other test files' users live in other databases).
    const expected = recipients.map((user) => ({
      userId: user.id,
      typeId: 3,
      name: DELETION_REQUEST_MESSAGES.notificationName,
      customerName: 'Lee Park',
    }));
    expect(await notificationsOf(id)).toEqual(expected);
    expect(bystanders.some((user) => expected.some((row) => row.userId === user.id))).toBe(false);

    const history = await t.db.execute<{ action: string }>(
      sql`select action from customer_history where property_id = ${id}`,
    );
    expect(history.rows).toEqual([{ action: 'deletion-request' }]);
    expect((await read(id)).json<{ data: DeletionRequest }>().data.requestedBy?.id).toBe(representative.id);
  });

  it('creates nothing the second time', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const first = await request(id);
    const second = await request(id);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(await notificationsOf(id)).toHaveLength(recipients.length);
  });

  it('is not for a new order (order status 0): that one is rejected instead', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { statusOrders: 0 } });
    const response = await request(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: DELETION_REQUEST_MESSAGES.newOrder });
    expect(await notificationsOf(id)).toEqual([]);
  });
});
