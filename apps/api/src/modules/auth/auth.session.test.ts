import type { TokenPair } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { nextIp, useTestContext } from '../../test/test-app';
import { LOGOUT_MESSAGE } from './auth.routes';
import { hashSecretToken } from './secret-token';

const t = useTestContext();

function refresh(refreshToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken }, remoteAddress: nextIp() });
}

function me(accessToken: string) {
  return t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
}

async function signedInUser() {
  const user = await t.createUser();
  return { user, tokens: await t.signIn(user.email) };
}

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair works and the presented token is spent', async () => {
    const { tokens } = await signedInUser();
    const response = await refresh(tokens.refreshToken);

    expect(response.statusCode).toBe(200);
    const next = response.json<{ data: TokenPair }>().data;
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect((await me(next.accessToken)).statusCode).toBe(200);

    const [spent] = await t.db
      .select({ usedAt: refreshTokens.usedAt, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(tokens.refreshToken)));
    const [fresh] = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(next.refreshToken)));
    expect(spent?.usedAt).toBeInstanceOf(Date);
    expect(fresh?.familyId).toBe(spent?.familyId);
  });

  it('treats a reused token as theft: 401, and the whole family (including the newer token) is revoked', async () => {
    const { tokens } = await signedInUser();
    const rotated = (await refresh(tokens.refreshToken)).json<{ data: TokenPair }>().data;

    const reuse = await refresh(tokens.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'unauthorized' });

    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const user = await t.createUser();
    const laptop = await t.signIn(user.email);
    const phone = await t.signIn(user.email);
    await refresh(laptop.refreshToken);
    await refresh(laptop.refreshToken);

    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const { tokens } = await signedInUser();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, hashSecretToken(tokens.refreshToken)));

    const response = await refresh(tokens.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'unauthorized' });
  });

  it('refuses an unknown token and a user who has been disabled', async () => {
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);

    const { user, tokens } = await signedInUser();
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, user.id));
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session, and saying it twice is fine', async () => {
    const { tokens } = await signedInUser();
    const logout = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: tokens.refreshToken } });

    const first = await logout();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: LOGOUT_MESSAGE });
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);

    expect((await logout()).statusCode).toBe(200);
  });

  it('answers the same for a token it never issued', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: 'never-issued' },
    });
    expect(response.statusCode).toBe(200);
  });
});
