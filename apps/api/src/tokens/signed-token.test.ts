import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, verifyToken } from './signed-token';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const request = { audience: 'kind-a', subject: '42', claims: { note: 'x' }, secret: SECRET, ttlSeconds: 60 };

describe('signed tokens', () => {
  it('verifies its own audience and carries subject, claims, issuer and lifetime', async () => {
    const now = new Date();
    const token = await signToken({ ...request, now });
    const payload = await verifyToken(token, SECRET, 'kind-a');
    expect(payload).toMatchObject({ sub: '42', note: 'x', aud: 'kind-a', iss: 'lawn-office' });
    expect(decodeJwt(token).exp).toBe(Math.floor(now.getTime() / 1000) + 60);
  });

  it('refuses another audience, another secret, an expired token and garbage', async () => {
    const token = await signToken(request);
    expect(await verifyToken(token, SECRET, 'kind-b')).toBeNull();
    expect(await verifyToken(token, 'another-secret-that-is-long-enough-for-hs256', 'kind-a')).toBeNull();
    const expired = await signToken({ ...request, now: new Date(Date.now() - 2 * 60 * 1000) });
    expect(await verifyToken(expired, SECRET, 'kind-a')).toBeNull();
    expect(await verifyToken('not-a-token', SECRET, 'kind-a')).toBeNull();
  });

  describe('a token checked before', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is still refused under another secret or audience, and once it has expired', async () => {
      vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z'), toFake: ['Date'] });
      const token = await signToken({ ...request, now: new Date() });
      expect(await verifyToken(token, SECRET, 'kind-a')).toMatchObject({ sub: '42' });
      expect(await verifyToken(token, SECRET, 'kind-a')).toMatchObject({ sub: '42' });
      expect(await verifyToken(token, 'another-secret-that-is-long-enough-for-hs256', 'kind-a')).toBeNull();
      expect(await verifyToken(token, SECRET, 'kind-b')).toBeNull();
      vi.setSystemTime(new Date('2026-06-01T12:00:59Z'));
      expect(await verifyToken(token, SECRET, 'kind-a')).toMatchObject({ sub: '42' });
      vi.setSystemTime(new Date('2026-06-01T12:01:00Z'));
      expect(await verifyToken(token, SECRET, 'kind-a')).toBeNull();
    });
  });
});
