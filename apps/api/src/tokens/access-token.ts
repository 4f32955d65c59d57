import { ROLES, type Role } from '@lawn/shared';
import { signToken, verifyToken } from './signed-token';

/** Staff and customer sign-ins: the access token of the API's own users. */
const AUDIENCE = 'lawn-office-api';

/** A session id is the refresh-token family's uuid. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `sessionId` is the sign-in (refresh-token family) the token was issued for: every request checks that the session
 * is still live, so a logout, a detected refresh-token reuse or a password reset ends the access token at once
 * instead of when it expires.
 */
export type AccessTokenClaims = { userId: number; role: Role; sessionId: string };

/** A short-lived token: `sub` is the user id, `role` the user's role when it was issued, `sid` its session. */
export function signAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  return signToken({
    audience: AUDIENCE,
    subject: String(claims.userId),
    claims: { role: claims.role, sid: claims.sessionId },
    secret,
    ttlSeconds,
    now,
  });
}

/**
 * The claims of a valid token, or null for anything expired, forged, malformed or of another kind. A token without a
 * session (issued before sessions were checked) is refused too: its session could not be ended, and the web app
 * simply refreshes it.
 */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims | null> {
  const payload = await verifyToken(token, secret, AUDIENCE);
  if (!payload) return null;
  const userId = Number(payload.sub);
  const role = payload['role'];
  const sessionId = payload['sid'];
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
  if (typeof sessionId !== 'string' || !UUID_PATTERN.test(sessionId)) return null;
  return { userId, role: role as Role, sessionId };
}
