import { ALARM_MESSAGES, type Alarm } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alarms } from '../../db/schema';
import { useTestContext, type TestUser } from '../../test/test-app';

// 04:30 UTC on Nov 28 is still Nov 27 (22:30) in the business's zone, America/Chicago.
const NOW = new Date('2026-11-28T04:30:00Z');
const t = useTestContext({ clock: () => NOW });

let rep: TestUser;
let otherRep: TestUser;
let manager: TestUser;

beforeAll(async () => {
  rep = await t.createUser({ role: 'Representative' });
  otherRep = await t.createUser({ role: 'customer-service' });
  manager = await t.createUser({ role: 'Manager' });
});

const valid = {
  alarmDate: '2026-11-27',
  alarmHour: '09:30',
  duration: 15,
  snooze: false,
  regarding: 'Call back',
  detail: 'Ask about the fall clean-up',
};

async function call(
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  key?: string,
) {
  const headers = { ...(await t.authHeaders(user)), ...(key ? { 'idempotency-key': key } : {}) };
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function setAlarm(user: TestUser, changes: Partial<typeof valid> = {}): Promise<Alarm> {
  const { status, body } = await call(user, 'POST', '/api/alarms', { ...valid, ...changes });
  expect(status).toBe(201);
  return body['data'] as Alarm;
}

const rows = (body: Record<string, unknown>) => body['data'] as Alarm[];

describe('alarms', () => {
  it('sets an alarm for the caller, once for a retried key', async () => {
    const first = await call(rep, 'POST', '/api/alarms', valid, 'alarm-once');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: ALARM_MESSAGES.created,
      data: { ...valid, active: true, version: 1, user: { id: rep.id } },
    });
    expect((await call(rep, 'POST', '/api/alarms', valid, 'alarm-once')).body).toEqual(first.body);
    const mine = await t.db.select().from(alarms).where(eq(alarms.userId, rep.id));
    expect(mine).toHaveLength(1);
  });

  it.each([
    [{ alarmDate: '2051-01-01' }, 'alarmDate', ALARM_MESSAGES.dateMax],
    [{ alarmHour: '9:30' }, 'alarmHour', ALARM_MESSAGES.hourInvalid],
    [{ duration: 40_000 }, 'duration', ALARM_MESSAGES.durationInvalid],
    [{ duration: 'ten' }, 'duration', ALARM_MESSAGES.required],
    [{ snooze: 'yes' }, 'snooze', ALARM_MESSAGES.required],
    [{ regarding: '' }, 'regarding', ALARM_MESSAGES.required],
    [{ detail: 'a\u0000' }, 'detail', 'Text cannot contain a NUL character'],
  ])('refuses %j with 400 at %s', async (change, field, message) => {
    const { status, body } = await call(rep, 'POST', '/api/alarms', { ...valid, ...change });
    expect(status).toBe(400);
    expect(body['errors']).toEqual({ [field]: [message] });
  });

  it("lists a person's own alarms, and everyone's for Admin and Manager", async () => {
    const own = await setAlarm(otherRep, { regarding: 'Mine only' });
    const listed = await call(otherRep, 'GET', '/api/alarms?render=paginate&include=users&sort=-id&limit=50');
    expect(listed.status).toBe(200);
    expect(rows(listed.body).every((alarm) => alarm.user.id === otherRep.id)).toBe(true);
    expect(rows(listed.body).map((alarm) => alarm.id)).toContain(own.id);
    // Asking for another's alarms still shows only one's own.
    const asked = await call(otherRep, 'GET', `/api/alarms?filter[userId]=${rep.id}`);
    expect(rows(asked.body)).toEqual([]);
    const all = await call(manager, 'GET', '/api/alarms?limit=50');
    const owners = new Set(rows(all.body).map((alarm) => alarm.user.id));
    expect(owners.has(rep.id) && owners.has(otherRep.id)).toBe(true);
    const filtered = await call(manager, 'GET', `/api/alarms?filter[userId]=${otherRep.id}`);
    expect(rows(filtered.body).every((alarm) => alarm.user.id === otherRep.id)).toBe(true);
    expect((await call(manager, 'GET', '/api/alarms?limit=101')).status).toBe(400);
  });

  it("lists today's own alarms by the business's date, not UTC's", async () => {
    const user = await t.createUser({ role: 'Representative' });
    await setAlarm(user, { alarmHour: '21:00', regarding: 'Late' });
    await setAlarm(user, { alarmHour: '08:00', regarding: 'Early' });
    await setAlarm(user, { alarmDate: '2026-11-28', regarding: 'Tomorrow' });
    await setAlarm(rep, { regarding: 'Not theirs' });
    const { status, body } = await call(user, 'GET', '/api/alarms/today');
    expect(status).toBe(200);
    expect(body['today']).toBe('2026-11-27');
    expect(rows(body).map((alarm) => alarm.regarding)).toEqual(['Early', 'Late']);
  });

  it('stops and snoozes an alarm; a Representative cannot see or stop another’s (404)', async () => {
    const alarm = await setAlarm(rep);
    expect((await call(otherRep, 'GET', `/api/alarms/${alarm.id}`)).status).toBe(404);
    expect((await call(otherRep, 'PATCH', `/api/alarms/${alarm.id}/status`, { active: false })).status).toBe(404);
    const stopped = await call(rep, 'PATCH', `/api/alarms/${alarm.id}/status`, { active: false });
    expect(stopped.body['data']).toMatchObject({ active: false, snooze: false, version: 2 });
    const snoozed = await call(rep, 'PATCH', `/api/alarms/${alarm.id}/status`, { snooze: true });
    expect(snoozed.body['data']).toMatchObject({ active: false, snooze: true, version: 3 });
    expect((await call(rep, 'PATCH', `/api/alarms/${alarm.id}/status`, {})).status).toBe(400);
    expect((await call(manager, 'PATCH', `/api/alarms/${alarm.id}/status`, { active: true })).status).toBe(200);
  });

  it('reschedules from the version read, refuses a stale one with 409, and rings again', async () => {
    const alarm = await setAlarm(rep);
    await call(rep, 'PATCH', `/api/alarms/${alarm.id}/status`, { active: false });
    const stale = await call(rep, 'PATCH', `/api/alarms/${alarm.id}`, { ...valid, alarmHour: '10:00', version: 1 });
    expect(stale).toEqual({ status: 409, body: { message: ALARM_MESSAGES.stale } });
    const moved = await call(rep, 'PATCH', `/api/alarms/${alarm.id}`, { ...valid, alarmHour: '10:00', version: 2 });
    expect(moved.status).toBe(200);
    expect(moved.body['data']).toMatchObject({ alarmHour: '10:00', active: true, version: 3 });
    const foreign = await call(otherRep, 'PATCH', `/api/alarms/${alarm.id}`, { ...valid, version: 3 });
    expect(foreign.status).toBe(404);
    expect((await call(rep, 'PATCH', `/api/alarms/${alarm.id}`, { ...valid, version: 0 })).status).toBe(400);
  });

  it('deletes the selected alarms, or none when one is another’s', async () => {
    const first = await setAlarm(rep);
    const second = await setAlarm(rep);
    const foreign = await setAlarm(otherRep);
    const refused = await call(rep, 'DELETE', '/api/alarms', { ids: [first.id, foreign.id] });
    expect(refused.status).toBe(404);
    expect(await t.db.select().from(alarms).where(eq(alarms.id, first.id))).toHaveLength(1);
    const none = await call(rep, 'DELETE', '/api/alarms', { ids: [] });
    expect(none).toMatchObject({ status: 400, body: { errors: { ids: [ALARM_MESSAGES.selectAtLeastOne] } } });
    const deleted = await call(rep, 'DELETE', '/api/alarms', { ids: [first.id, second.id] });
    expect(deleted).toEqual({ status: 200, body: { message: ALARM_MESSAGES.deleted, deleted: 2 } });
    expect((await call(manager, 'DELETE', '/api/alarms', { ids: [foreign.id] })).body['deleted']).toBe(1);
  });
});
