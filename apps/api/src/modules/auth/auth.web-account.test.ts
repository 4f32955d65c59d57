import { APP_PATHS, AUTH_MESSAGES, type PaymentProperty, type TokenPair } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, loginAttempts, passwordResetTokens, refreshTokens } from '../../db/schema';
import { passwordResetJob } from '../../jobs/password-reset.job';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { recordingMailer } from '../../test/recording-mailer';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';

// No workers: queued jobs stay in the queue, and the password-reset job is run by hand.
const t = useTestContext();

function webLogin(payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/web/auth/login',
    payload: payload as object,
    remoteAddress: nextIp(),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let customer: TestUser;
let own: { id: number; customerId: number };
let others: { id: number };

beforeAll(async () => {
  const marketId = await insertMarket(t.db, 'Web Account Market');
  customer = await t.createUser({ role: 'customers', email: 'web.customer@example.com', firstName: 'Casey' });
  own = await insertRecord(t.db, { marketId });
  others = await insertRecord(t.db, { marketId });
  await t.db.update(customers).set({ userId: customer.id }).where(eq(customers.id, own.customerId));
});

describe('POST /api/web/auth/login', () => {
  it("signs a customer in, and the session reaches the customer's own properties only", async () => {
    const response = await webLogin({ email: customer.email, password: customer.password });
    expect(response.statusCode, response.body).toBe(200);
    const { accessToken } = response.json<{ data: TokenPair }>().data;

    const me = await t.app.inject({ url: '/api/me', headers: bearer(accessToken) });
    expect(me.json().data).toMatchObject({ id: customer.id, role: 'customers' });
    const list = await t.app.inject({ url: '/api/customer/payment-methods', headers: bearer(accessToken) });
    expect(list.json<{ data: PaymentProperty[] }>().data.map((property) => property.id)).toEqual([own.id]);
    const foreign = await t.app.inject({
      url: `/api/customer/${others.id}/payment-method`,
      headers: bearer(accessToken),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a staff account like a wrong password, counts it as a failure and starts no session', async () => {
    const staff = await t.createUser({ role: 'Admin' });
    const response = await webLogin({ email: staff.email, password: staff.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, staff.id))).toEqual([]);
    const attempts = await t.db.select().from(loginAttempts).where(eq(loginAttempts.email, staff.email));
    expect(attempts.map((attempt) => attempt.succeeded)).toEqual([false]);

    const wrong = await webLogin({ email: customer.email, password: 'wrong-password' });
    expect(wrong.json()).toEqual(response.json());
  });

  it('keeps the staff door closed to customers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: customer.password },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.notStaff });
  });

  it('ends the customer session on sign-out: its access token is refused at once', async () => {
    const response = await webLogin({ email: customer.email, password: customer.password });
    const { accessToken, refreshToken } = response.json<{ data: TokenPair }>().data;
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/customer/payment-methods', headers: bearer(accessToken) });
    expect(after.statusCode).toBe(401);
  });

  it('validates the form with the sign-in messages', async () => {
    const response = await webLogin({ email: 'not-an-address', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordMin],
    });
  });
});

describe('password recovery at the customer door', () => {
  const { sent, jobContext } = recordingMailer(t);
  const run = (email: string) => passwordResetJob.handler({ email, door: 'customers' }, jobContext());

  it('answers known and unknown addresses alike and queues the customer door with the address', async () => {
    const answers = [];
    for (const email of ['nobody-web@example.com', customer.email]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/web/auth/recover-password',
        payload: { email },
        remoteAddress: nextIp(),
      });
      answers.push({ statusCode: response.statusCode, body: response.json() });
    }
    expect(answers).toEqual([
      { statusCode: 200, body: { message: AUTH_MESSAGES.recoverSent } },
      { statusCode: 200, body: { message: AUTH_MESSAGES.recoverSent } },
    ]);
    const { rows } = await t.pool.query<{ data: unknown }>(
      `select data from pgboss.job where name = 'password-reset' and data->>'email' = $1`,
      [customer.email],
    );
    expect(rows.map((row) => row.data)).toEqual([{ email: customer.email, door: 'customers' }]);
  });

  it("mails a customer a link to the customer reset page, which sets the password for the customer's sign-in", async () => {
    const user = await t.createUser({ role: 'customers' });
    sent.length = 0;
    await run(user.email);
    expect(sent).toHaveLength(1);
    const link = new RegExp(`^${t.config.appUrl}${APP_PATHS.webResetPassword}\\?token=([A-Za-z0-9_-]{43})$`, 'm');
    const token = link.exec(sent[0]?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/web/auth/reset-password',
      payload: { password: 'a-new-password', password_confirmation: 'a-new-password', password_token: token },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.resetDone });
    expect((await webLogin({ email: user.email, password: 'a-new-password' })).statusCode).toBe(200);
  });

  it('mails a staff address asking at the customer door nothing', async () => {
    const staff = await t.createUser({ role: 'Manager' });
    sent.length = 0;
    await run(staff.email);
    expect(sent).toEqual([]);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, staff.id))).toEqual([]);
  });

  it('refuses mismatched passwords with the spec message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web/auth/reset-password',
      payload: { password: 'a-new-password', password_confirmation: 'another-password', password_token: 'x' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password_confirmation: [AUTH_MESSAGES.passwordsMustMatch] });
  });
});

describe('reset links work at their own door only', () => {
  const { sent, jobContext } = recordingMailer(t);
  const invalidToken = {
    message: AUTH_MESSAGES.resetTokenInvalid,
    errors: { password_token: [AUTH_MESSAGES.resetTokenInvalid] },
  };

  /** Runs the recovery asked at a door and answers the token of the link it mailed. */
  async function mailedToken(email: string, door: 'staff' | 'customers'): Promise<string> {
    sent.length = 0;
    await passwordResetJob.handler(door === 'customers' ? { email, door } : { email }, jobContext());
    const token = /\?token=([A-Za-z0-9_-]{43})$/m.exec(sent[0]?.text ?? '')?.[1];
    if (!token) throw new Error('no reset link was mailed');
    return token;
  }

  function resetAt(door: 'staff' | 'customers', token: string) {
    return t.app.inject({
      method: 'POST',
      url: door === 'customers' ? '/api/web/auth/reset-password' : '/api/auth/reset-password',
      payload: { password: 'a-new-password', password_confirmation: 'a-new-password', password_token: token },
      remoteAddress: nextIp(),
    });
  }

  it("refuses a staff account's link at the customer door like an unknown one, and it still works at the staff door", async () => {
    const staff = await t.createUser({ role: 'Manager' });
    const token = await mailedToken(staff.email, 'staff');

    const wrongDoor = await resetAt('customers', token);
    const unknown = await resetAt('customers', 'made-up-token');
    expect({ statusCode: wrongDoor.statusCode, body: wrongDoor.json() }).toEqual({
      statusCode: 400,
      body: invalidToken,
    });
    expect(wrongDoor.json()).toEqual(unknown.json());
    await expect(t.signIn(staff.email, staff.password)).resolves.toMatchObject({ authType: 'Bearer' });

    expect((await resetAt('staff', token)).statusCode).toBe(200);
    await expect(t.signIn(staff.email, 'a-new-password')).resolves.toMatchObject({ authType: 'Bearer' });
  });

  it("refuses a customer's link at the staff door, also when the customer asked there", async () => {
    for (const askedAt of ['customers', 'staff'] as const) {
      const user = await t.createUser({ role: 'customers' });
      const token = await mailedToken(user.email, askedAt);
      expect(sent[0]?.text).toContain(`${t.config.appUrl}${APP_PATHS.webResetPassword}?token=`);

      const wrongDoor = await resetAt('staff', token);
      expect({ statusCode: wrongDoor.statusCode, body: wrongDoor.json() }).toEqual({
        statusCode: 400,
        body: invalidToken,
      });
      expect((await resetAt('customers', token)).statusCode).toBe(200);
      expect((await webLogin({ email: user.email, password: 'a-new-password' })).statusCode).toBe(200);
    }
  });
});
