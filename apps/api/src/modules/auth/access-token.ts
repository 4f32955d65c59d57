import { ROLES, type Role } from '@lawn/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'lawn-office';
const AUDIENCE = 'lawn-office-api';

export type AccessTokenClaims = { userId: number; role: Role };

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A short-lived HS256 JWT: `sub` is the user id, `role` the user's role when it was issued. */
export async function signAccessToken(
  claims: AccessTokenClaims,
  secret: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
}

/** The claims of a valid token, or null for anything expired, forged, malformed or of another kind. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const userId = Number(payload.sub);
    const role = payload['role'];
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
    return { userId, role: role as Role };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
