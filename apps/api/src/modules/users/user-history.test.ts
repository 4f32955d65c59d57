import { randomUUID } from 'node:crypto';
import { USER_STATUS, type UserDetail, type UserHistoryEntry } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let admin: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Ada', lastName: 'Owner' });
  headers = await t.authHeaders(admin);
});

async function call(method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...headers, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ data: UserDetail }>().data;
}

async function historyOf(id: number, as = headers) {
  return t.app.inject({ url: `/api/users/${id}/history`, headers: as });
}

const email = () => `history-${randomUUID().slice(0, 8)}@example.com`;

describe('GET /api/users/:id/history', () => {
  it('records a staff user made, edited, deactivated and reactivated: who, when, what, never the password', async () => {
    const password = 'a-secret-password-1';
    const made = await call('POST', '/api/users', {
      firstName: 'Nina',
      lastName: 'Lopez',
      email: email(),
      password,
      role: 'Representative',
    });
    const edit = { firstName: 'Nina', lastName: 'Lopez', password: '', role: 'Representative' };
    const renamed = await call('PATCH', `/api/users/${made.id}`, {
      ...edit,
      lastName: 'Lopez Diaz',
      role: 'Manager',
      password: 'another-password-2',
      status: USER_STATUS.active,
      version: made.version,
    });
    const off = await call('PATCH', `/api/users/${made.id}`, {
      ...edit,
      lastName: 'Lopez Diaz',
      role: 'Manager',
      status: USER_STATUS.inactive,
      version: renamed.version,
    });
    // Saved as it was: nothing changed, nothing recorded.
    const same = await call('PATCH', `/api/users/${made.id}`, {
      ...edit,
      lastName: 'Lopez Diaz',
      role: 'Manager',
      status: USER_STATUS.inactive,
      version: off.version,
    });
    await call('PATCH', `/api/users/${made.id}`, {
      ...edit,
      lastName: 'Lopez Diaz',
      role: 'Manager',
      status: USER_STATUS.active,
      version: same.version,
    });

    const response = await historyOf(made.id);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(password);
    expect(response.body).not.toContain('another-password-2');
    const entries = response.json<{ data: UserHistoryEntry[] }>().data;
    expect(entries.map((entry) => entry.action)).toEqual(['reactivated', 'deactivated', 'updated', 'created']);
    expect(
      entries.every((entry) => entry.changedBy === 'Ada Owner' && !Number.isNaN(Date.parse(entry.changedAt))),
    ).toBe(true);
    const [reactivated, deactivated, updated, created] = entries;
    expect(created?.changes).toMatchObject({
      firstName: { from: null, to: 'Nina' },
      email: { from: null, to: made.email },
      role: { from: null, to: 'Representative' },
    });
    expect(created?.isPasswordChanged).toBe(true);
    expect(updated?.changes).toEqual({
      lastName: { from: 'Lopez', to: 'Lopez Diaz' },
      role: { from: 'Representative', to: 'Manager' },
    });
    expect(updated?.isPasswordChanged).toBe(true);
    expect(deactivated?.changes).toEqual({ status: { from: USER_STATUS.active, to: USER_STATUS.inactive } });
    expect(deactivated?.isPasswordChanged).toBe(false);
    expect(reactivated?.changes).toEqual({ status: { from: USER_STATUS.inactive, to: USER_STATUS.active } });
  });

  it("records a crew member's changes too", async () => {
    const crew = await call('POST', '/api/crew-members', {
      firstName: 'Carl',
      lastName: 'Reyes',
      email: email(),
      password: '',
      crewNumber: 4321,
    });
    await call('PATCH', `/api/crew-members/${crew.id}`, {
      firstName: 'Carl',
      lastName: 'Reyes',
      password: '',
      crewNumber: 4322,
      status: USER_STATUS.active,
      version: crew.version,
    });
    const crewHistory = (await historyOf(crew.id)).json<{ data: UserHistoryEntry[] }>().data;
    expect(crewHistory.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(crewHistory[0]?.changes).toEqual({ crewNumber: { from: 4321, to: 4322 } });
    expect(crewHistory[1]?.isPasswordChanged).toBe(false);
  });

  it('is for the user managers only, and 404 for an unknown user or a customer', async () => {
    const manager = await t.createUser({ role: 'Manager' });
    expect((await historyOf(manager.id, await t.authHeaders(manager))).statusCode).toBe(200);
    const representative = await t.createUser({ role: 'Representative' });
    expect((await historyOf(manager.id, await t.authHeaders(representative))).statusCode).toBe(403);
    expect((await historyOf(2_000_000_000)).statusCode).toBe(404);
    const customer = await t.createUser({ role: 'customers' });
    expect((await historyOf(customer.id)).statusCode).toBe(404);
  });
});
