import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { nextIp, TEST_JWT_SECRET, useTestContext } from '../../test/test-app';
import { signAccessToken } from '../../tokens/access-token';
import { signToken } from '../../tokens/signed-token';
import { LOGOUT_MESSAGE } from './auth.routes';
import { REFRESH_REUSE_GRACE_SECONDS } from './auth.service';
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

/** Moves a spent token's use back past the grace window: presenting it now is a replay, not a retry. */
async function spentBeforeTheGraceWindow(refreshToken: string) {
  await t.db
    .update(refreshTokens)
    .set({ usedAt: sql`${refreshTokens.usedAt} - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
    .where(eq(refreshTokens.tokenHash, hashSecretToken(refreshToken)));
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

  it('treats a token reused after the grace window as theft: 401, and the whole family (the newer token too) is revoked', async () => {
    const { tokens } = await signedInUser();
    const rotated = (await refresh(tokens.refreshToken)).json<{ data: TokenPair }>().data;
    await spentBeforeTheGraceWindow(tokens.refreshToken);

    const reuse = await refresh(tokens.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ message: 'unauthorized' });

    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
  });

  it('ends the access tokens of a session revoked for reuse at once, the older and the newer', async () => {
    const { tokens } = await signedInUser();
    const rotated = (await refresh(tokens.refreshToken)).json<{ data: TokenPair }>().data;
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    expect((await me(rotated.accessToken)).statusCode).toBe(200);

    await spentBeforeTheGraceWindow(tokens.refreshToken);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);

    for (const accessToken of [tokens.accessToken, rotated.accessToken]) {
      const response = await me(accessToken);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'unauthorized' });
    }
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const user = await t.createUser();
    const laptop = await t.signIn(user.email);
    const phone = await t.signIn(user.email);
    await refresh(laptop.refreshToken);
    await spentBeforeTheGraceWindow(laptop.refreshToken);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(401);

    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
  });

  it('answers a refresh retried within the grace window with the same new pair, which keeps working', async () => {
    const { tokens } = await signedInUser();
    const first = await refresh(tokens.refreshToken);
    const retried = await refresh(tokens.refreshToken);

    expect(first.statusCode).toBe(200);
    expect(retried.statusCode).toBe(200);
    const pair = first.json<{ data: TokenPair }>().data;
    expect(retried.json<{ data: TokenPair }>().data).toEqual(pair);
    expect((await me(pair.accessToken)).statusCode).toBe(200);

    // The session goes on from the one new token: it rotates as usual.
    const next = await refresh(pair.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json<{ data: TokenPair }>().data.accessToken)).statusCode).toBe(200);
  });

  it('lets refreshes of one token at the same moment (two tabs) all succeed with the same pair', async () => {
    const { tokens } = await signedInUser();
    const answers = await Promise.all([1, 2, 3].map(() => refresh(tokens.refreshToken)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const pairs = answers.map((answer) => answer.json<{ data: TokenPair }>().data);
    expect(pairs[1]).toEqual(pairs[0]);
    expect(pairs[2]).toEqual(pairs[0]);
    expect((await me(pairs[0]?.accessToken ?? '')).statusCode).toBe(200);

    // One successor was issued, stored as its hash only.
    const [spent] = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(tokens.refreshToken)));
    const family = await t.db
      .select({ tokenHash: refreshTokens.tokenHash, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, spent?.familyId ?? ''));
    expect(family).toHaveLength(2);
    expect(family.map((row) => row.revokedAt)).toEqual([null, null]);
    expect(JSON.stringify(family)).not.toContain(pairs[0]?.refreshToken);
    expect(family.map((row) => row.tokenHash)).toContain(hashSecretToken(pairs[0]?.refreshToken ?? ''));
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

describe('access tokens and their session', () => {
  it('carry the session they were issued for, which must belong to their user', async () => {
    const { user, tokens } = await signedInUser();
    const [session] = await t.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashSecretToken(tokens.refreshToken)));
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ sub: String(user.id), sid: session?.familyId });

    // Another user's token naming this session (it could only be forged with the secret) is refused all the same.
    const other = await t.createUser();
    const borrowed = await signAccessToken(
      { userId: other.id, role: other.role, sessionId: session?.familyId ?? '' },
      TEST_JWT_SECRET,
      60,
    );
    expect((await me(borrowed)).statusCode).toBe(401);
  });

  it('refuses a token without a session or with a session that never existed', async () => {
    const user = await t.createUser();
    const withoutSession = await signToken({
      audience: 'lawn-office-api',
      subject: String(user.id),
      claims: { role: user.role },
      secret: TEST_JWT_SECRET,
      ttlSeconds: 60,
    });
    expect((await me(withoutSession)).statusCode).toBe(401);

    const unknownSession = await signAccessToken(
      { userId: user.id, role: user.role, sessionId: randomUUID() },
      TEST_JWT_SECRET,
      60,
    );
    expect((await me(unknownSession)).statusCode).toBe(401);
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

  it('ends the access token of the session at once, and only of that session', async () => {
    const user = await t.createUser();
    const laptop = await t.signIn(user.email);
    const phone = await t.signIn(user.email);
    expect((await me(laptop.accessToken)).statusCode).toBe(200);

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: laptop.refreshToken } });

    const response = await me(laptop.accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'unauthorized' });
    expect((await me(phone.accessToken)).statusCode).toBe(200);
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
