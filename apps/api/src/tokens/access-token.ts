import { ROLES, type Role } from '@lawn/shared';
import { signToken, verifyToken } from './signed-token';

/** Staff and customer sign-ins: the access token of the API's own users. */
const AUDIENCE = 'lawn-office-api';

export type AccessTokenClaims = { userId: number; role: Role };

/** A short-lived token: `sub` is the user id, `role` the user's role when it was issued. */
export function signAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  return signToken({
    audience: AUDIENCE,
    subject: String(claims.userId),
    claims: { role: claims.role },
    secret,
    ttlSeconds,
    now,
  });
}

/** The claims of a valid token, or null for anything expired, forged, malformed or of another kind. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims | null> {
  const payload = await verifyToken(token, secret, AUDIENCE);
  if (!payload) return null;
  const userId = Number(payload.sub);
  const role = payload['role'];
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
  return { userId, role: role as Role };
}
