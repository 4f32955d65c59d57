import { AUTH_MESSAGES, type TokenPair } from '@lawn/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts, refreshTokens, users } from '../../db/schema';
import { nextIp, useTestContext } from '../../test/test-app';

const t = useTestContext();

function login(payload: unknown, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password and returns a usable token pair', async () => {
    const user = await t.createUser({ role: 'Manager' });
    const response = await login({ email: user.email, password: user.password });

    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: TokenPair }>();
    expect(data.authType).toBe('Bearer');
    expect(data.expiresIn).toBe(t.config.accessTokenTtlSeconds);
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${data.accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, email: user.email, role: 'Manager' });
  });

  it('matches the e-mail address regardless of case and surrounding spaces', async () => {
    const user = await t.createUser({ email: 'Mixed.Case@Example.com' });
    const response = await login({ email: '  mixed.case@EXAMPLE.com ', password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password with the credentials message', async () => {
    const user = await t.createUser();
    const response = await login({ email: user.email, password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await login({ email: 'nobody@example.com', password: 'whatever-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('refuses an inactive user with the right password', async () => {
    const user = await t.createUser({ status: 0 });
    const response = await login({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.inactiveUser });
  });

  it('refuses a customer account with the back-office message and starts no session', async () => {
    const customer = await t.createUser({ role: 'customers' });
    const response = await login({ email: customer.email, password: customer.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.notStaff });
    const sessions = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, customer.id));
    expect(sessions).toEqual([]);

    // Without the right password, a customer account answers like any other wrong credentials.
    const guess = await login({ email: customer.email, password: 'wrong-password' });
    expect(guess.statusCode).toBe(401);
    expect(guess.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
  });

  it('names each missing field with the spec messages', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: [AUTH_MESSAGES.emailRequired], password: [AUTH_MESSAGES.passwordRequired] },
    });
  });

  it('gives the same field messages when there is no body at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ email: [AUTH_MESSAGES.emailRequired] });
  });

  it('checks the e-mail format and the password length', async () => {
    const response = await login({ email: 'not-an-email', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordMin],
    });
  });

  it('rejects an unknown body field', async () => {
    const response = await login({ email: 'a@example.com', password: 'long-enough', remember: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { remember: ['Unknown field: remember'] },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com",',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type; send application/json' });
  });
});

/** Moves the matching sign-in attempts `seconds` into the past, as if that much time had gone by. */
async function moveAttemptsBack(where: SQL | undefined, seconds: number): Promise<void> {
  await t.db
    .update(loginAttempts)
    .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - make_interval(secs => ${seconds})` })
    .where(where);
}

describe('sign-in limits', () => {
  it('limits sign-in requests per IP address', async () => {
    const ip = nextIp();
    const limit = t.config.loginRateLimitPerMinute;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await login({ email: `stranger${attempt}@example.com`, password: 'wrong-password' }, ip);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login({ email: 'stranger-last@example.com', password: 'wrong-password' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(blocked.headers['retry-after']).toBeDefined();

    const otherIp = await login({ email: 'stranger-last@example.com', password: 'wrong-password' });
    expect(otherIp.statusCode).toBe(401);
  });

  it('refuses an address after repeated failures, even for the right password, and forgets failures older than the window', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < t.config.loginMaxFailuresPerEmail; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await login({ email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });

    // Another address is not affected.
    const other = await t.createUser();
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);

    // Once the failures are older than the window, the right password works again.
    await t.db
      .update(loginAttempts)
      .set({ attemptedAt: sql`${loginAttempts.attemptedAt} - interval '16 minutes'` })
      .where(eq(loginAttempts.email, user.email));
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('makes an address wait after its free failures, saying how long, and lets it in once the wait is over', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < t.config.loginMaxFailuresPerEmail; attempt += 1) {
      expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const waiting = await login({ email: user.email, password: user.password });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(16);

    await moveAttemptsBack(eq(loginAttempts.email, user.email), 17);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure', async () => {
    const user = await t.createUser();
    for (let attempt = 0; attempt < t.config.loginMaxFailuresPerEmail; attempt += 1) {
      await login({ email: user.email, password: 'wrong-password' });
    }
    await moveAttemptsBack(eq(loginAttempts.email, user.email), 17);
    expect((await login({ email: user.email, password: 'wrong-password' })).statusCode).toBe(401);

    // One failure more: 32 seconds now, so 20 seconds later it still waits ...
    await moveAttemptsBack(eq(loginAttempts.email, user.email), 20);
    const waiting = await login({ email: user.email, password: user.password });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(12);
    // ... and 33 seconds later it is let in.
    await moveAttemptsBack(eq(loginAttempts.email, user.email), 13);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('never makes an address wait more than 5 minutes, however many failures it has', async () => {
    const user = await t.createUser();
    await t.db.insert(loginAttempts).values(
      Array.from({ length: 40 }, () => ({
        email: user.email,
        ip: '192.0.2.1',
        succeeded: false,
        attemptedAt: sql`now() - interval '4 minutes'`,
      })),
    );
    const waiting = await login({ email: user.email, password: user.password });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);

    await moveAttemptsBack(eq(loginAttempts.email, user.email), 61);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('makes an IP address wait after its free failures, whatever addresses it tried', async () => {
    const ip = nextIp();
    await t.db.insert(loginAttempts).values(
      Array.from({ length: t.config.loginMaxFailuresPerIp }, (_, index) => ({
        email: `guess${index}@example.com`,
        ip,
        succeeded: false,
      })),
    );
    const user = await t.createUser();
    const waiting = await login({ email: user.email, password: user.password }, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The address itself owes nothing: from another IP it signs in.
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    await moveAttemptsBack(eq(loginAttempts.ip, ip), 17);
    expect((await login({ email: user.email, password: user.password }, ip)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await t.createUser();
    const failures = t.config.loginMaxFailuresPerEmail - 1;
    for (let attempt = 0; attempt < failures; attempt += 1) {
      await login({ email: user.email, password: 'wrong-password' });
    }
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    for (let attempt = 0; attempt < failures; attempt += 1) {
      await login({ email: user.email, password: 'wrong-password' });
    }
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('keeps only an argon2id hash of the password', async () => {
    const user = await t.createUser({ password: 'a-brand-new-password' });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.hash).not.toContain('a-brand-new-password');
  });
});
