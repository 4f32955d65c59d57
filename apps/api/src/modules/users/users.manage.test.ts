import { randomUUID } from 'node:crypto';
import { USER_MESSAGES, type UserDetail } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';
import { sendStaffInvitation } from './users.service';

const t = useTestContext();

let admin: TestUser;
let adminHeaders: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  adminHeaders = await t.authHeaders(admin);
});

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'Lopez',
  email: `nina-${randomUUID().slice(0, 8)}@example.com`,
  password: '',
  role: 'Representative',
  ...overrides,
});

function create(payload: unknown, headers = adminHeaders) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: payload as Record<string, unknown>,
  });
}

function update(id: number, payload: unknown, headers = adminHeaders) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
}

async function created(overrides: Record<string, unknown> = {}): Promise<UserDetail> {
  const response = await create(newUser(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: UserDetail }>().data;
}

const editOf = (user: UserDetail, overrides: Record<string, unknown> = {}) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  password: '',
  role: user.role,
  status: user.status,
  version: user.version,
  ...overrides,
});

function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });
}

describe('who manages users', () => {
  it('lets Admin and Manager create, read and edit, and nobody else', async () => {
    const manager = await t.createUser({ role: 'Manager' });
    expect((await create(newUser(), await t.authHeaders(manager))).statusCode).toBe(201);
    for (const role of ['Representative', 'customer-service', 'crew', 'customers'] as const) {
      const headers = await t.authHeaders(await t.createUser({ role }));
      expect((await create(newUser(), headers)).statusCode, role).toBe(403);
      expect((await t.app.inject({ url: `/api/users/${admin.id}`, headers })).statusCode, role).toBe(403);
      expect((await update(admin.id, {}, headers)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/users', payload: newUser() })).statusCode).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('answers each rule with its own message on its field', async () => {
    const response = await create({
      firstName: '',
      lastName: 'x'.repeat(51),
      email: 'not-an-email',
      password: 'short',
      role: 'crew',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: [USER_MESSAGES.firstNameRequired],
      lastName: ['Max. 50 characters'],
      email: [USER_MESSAGES.emailInvalid],
      password: [USER_MESSAGES.passwordMin],
      role: [USER_MESSAGES.roleRequired],
    });
    const missing = await create({});
    expect(missing.json().errors).toMatchObject({ email: [USER_MESSAGES.emailRequired] });
    const nul = await create(newUser({ firstName: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
  });

  it('creates a user with a typed password, who signs in with it', async () => {
    const email = `typed-${randomUUID().slice(0, 8)}@example.com`;
    const user = await created({ email: email.toUpperCase(), password: 'a good password', role: 'customer-service' });
    expect(user).toMatchObject({ email, role: 'customer-service', status: 1, version: 1 });
    expect((await signIn(email, 'a good password')).statusCode).toBe(200);
  });

  it('refuses an address already taken, in any letter case, on the email field', async () => {
    const user = await created();
    const again = await create(newUser({ email: user.email.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: USER_MESSAGES.emailTaken, errors: { email: [USER_MESSAGES.emailTaken] } });
  });

  it('without a password queues a set-your-password e-mail whose link sets it', async () => {
    const response = await create(newUser());
    expect(response.json().message).toBe(USER_MESSAGES.invited);
    const user = response.json<{ data: UserDetail }>().data;
    const queued = await t.db.execute<{ count: string }>(
      sql`select count(*) from pgboss.job where name = 'staff-invitation' and data->>'userId' = ${String(user.id)}`,
    );
    expect(Number(queued.rows[0]?.count)).toBe(1);
    // Nobody can sign in before the user chose a password.
    expect((await signIn(user.email, '')).statusCode).toBe(400);

    const sent: MailMessage[] = [];
    const mailer = {
      send: async (mail: MailMessage) => {
        sent.push(mail);
        return { messageId: 'test' };
      },
    };
    await sendStaffInvitation({ db: t.db, config: t.config, mailer }, user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(user.email);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(sent[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { password: 'chosen by me', password_confirmation: 'chosen by me', password_token: token },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(user.email, 'chosen by me')).statusCode).toBe(200);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('edits names and role from the version read, keeps the password when it is empty, refuses a stale version', async () => {
    const user = await created({ password: 'first password' });
    const response = await update(user.id, editOf(user, { firstName: 'Nora', role: 'Manager' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ firstName: 'Nora', role: 'Manager', email: user.email, version: 2 });
    expect((await signIn(user.email, 'first password')).statusCode).toBe(200);

    const stale = await update(user.id, editOf(user, { lastName: 'Late' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(USER_MESSAGES.stale);
  });

  it('never takes an e-mail, and answers 404 for a crew member or customer account', async () => {
    const user = await created();
    expect((await update(user.id, { ...editOf(user), email: 'new@example.com' })).statusCode).toBe(400);
    const crew = await t.createUser({ role: 'crew', crewNumber: 120 });
    const crewEdit = await update(crew.id, { ...editOf(user), version: 1 });
    expect(crewEdit.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${crew.id}`, headers: adminHeaders })).statusCode).toBe(404);
  });

  it('a new password replaces the old one and ends the sessions', async () => {
    const user = await created({ password: 'first password' });
    const session = (await signIn(user.email, 'first password')).json<{ data: { accessToken: string } }>().data;
    const response = await update(user.id, editOf(user, { password: 'second password' }));
    expect(response.statusCode).toBe(200);
    expect((await signIn(user.email, 'first password')).statusCode).not.toBe(200);
    expect((await signIn(user.email, 'second password')).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.statusCode).toBe(401);
  });

  it('deactivating ends the sessions at once and takes the user out of the active CSR list', async () => {
    const csr = await created({ password: 'csr password', role: 'customer-service' });
    const tokens = (await signIn(csr.email, 'csr password')).json<{
      data: { accessToken: string; refreshToken: string };
    }>().data;
    const csrList = async () =>
      (
        await t.app.inject({
          url: '/api/users?filter[role]=customer-service&filter[status]=1&limit=500',
          headers: adminHeaders,
        })
      )
        .json<{ data: { id: number }[] }>()
        .data.map((row) => row.id);
    expect(await csrList()).toContain(csr.id);

    const response = await update(csr.id, editOf(csr, { status: 0 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe(0);

    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(me.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await signIn(csr.email, 'csr password')).statusCode).not.toBe(200);
    expect(await csrList()).not.toContain(csr.id);
  });

  it('refuses to deactivate oneself, and bounds status and version', async () => {
    const self = await t.app.inject({ url: `/api/users/${admin.id}`, headers: adminHeaders });
    const detail = self.json<{ data: UserDetail }>().data;
    const response = await update(admin.id, editOf(detail, { status: 0 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ status: [USER_MESSAGES.ownAccount] });
    expect((await update(admin.id, editOf(detail, { status: 7 }))).statusCode).toBe(400);
    expect((await update(admin.id, editOf(detail, { version: 2 ** 31 }))).statusCode).toBe(400);
    expect((await update(2 ** 31, editOf(detail))).statusCode).toBe(400);
  });
});
