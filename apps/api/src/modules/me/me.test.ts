import { randomUUID } from 'node:crypto';
import { navigationForRole } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signAccessToken } from '../../tokens/access-token';
import { TEST_JWT_SECRET, useTestContext } from '../../test/test-app';

const t = useTestContext();

const getMe = (authorization?: string) =>
  t.app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });

describe('GET /api/me', () => {
  it('returns the user without the password, their roles and their navigation', async () => {
    const user = await t.createUser({ role: 'crew', firstName: 'Carlos', lastName: 'Diaz', crewNumber: 101 });
    const response = await getMe((await t.authHeaders(user)).authorization);

    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: user.id,
      firstName: 'Carlos',
      lastName: 'Diaz',
      fullName: 'Carlos Diaz',
      email: user.email,
      role: 'crew',
      roles: ['crew'],
      crewNumber: 101,
      status: 1,
      navigation: navigationForRole('crew'),
    });
    expect(data.joinDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(data)).not.toMatch(/password/i);
  });

  it('answers 401 "unauthorized" without a token', async () => {
    const response = await getMe();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'unauthorized' });
  });

  it('answers 401 for an expired token', async () => {
    const user = await t.createUser();
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const expired = await signAccessToken(
      { userId: user.id, role: user.role, sessionId: randomUUID() },
      TEST_JWT_SECRET,
      60,
      anHourAgo,
    );
    const response = await getMe(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'unauthorized' });
  });

  it('answers 401 for garbage, another secret, the wrong algorithm or scheme', async () => {
    const user = await t.createUser();
    const otherSecret = await signAccessToken(
      { userId: user.id, role: user.role, sessionId: randomUUID() },
      'another-secret-of-enough-length!!',
      60,
    );
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: String(user.id), role: 'Admin' }),
    ).toString('base64url')}.`;
    const good = await t.tokenFor(user);

    for (const header of ['Bearer garbage', `Bearer ${otherSecret}`, `Bearer ${unsigned}`, `Basic ${good}`, good]) {
      const response = await getMe(header);
      expect(response.statusCode, header.slice(0, 20)).toBe(401);
    }
  });

  it('answers 401 for a token without our claims', async () => {
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await getMe(`Bearer ${foreign}`)).statusCode).toBe(401);
  });

  it('shuts out a user disabled after the token was issued', async () => {
    const user = await t.createUser();
    const { authorization } = await t.authHeaders(user);
    expect((await getMe(authorization)).statusCode).toBe(200);

    await t.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
    expect((await getMe(authorization)).statusCode).toBe(401);
  });

  it('reads the role from the database, not from the token', async () => {
    const user = await t.createUser({ role: 'Admin' });
    const { authorization } = await t.authHeaders(user);
    await t.db.update(users).set({ role: 'Representative' }).where(eq(users.id, user.id));
    expect((await getMe(authorization)).json().data.role).toBe('Representative');
  });
});
