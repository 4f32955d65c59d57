import { externalAccessSchema, type ExternalAccess } from '@lawn/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * External access tokens are signed with the same secret as staff tokens but carry their own audience: the staff
 * check (`verifyAccessToken`) refuses this audience and this check refuses the staff one, so neither kind of token
 * is ever accepted in place of the other.
 */
const ISSUER = 'lawn-office';
export const EXTERNAL_AUDIENCE = 'lawn-external-api';

/** A customer proves a phone or account number once and gets an hour; the pages ask again after that. */
export const EXTERNAL_TOKEN_TTL_SECONDS = 60 * 60;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A short-lived HS256 JWT for one property: `sub` is the property id, `scopes` what the holder may read. */
export async function signExternalToken(
  access: ExternalAccess,
  secret: string,
  ttlSeconds = EXTERNAL_TOKEN_TTL_SECONDS,
  now = new Date(),
): Promise<string> {
  const { propertyId, scopes } = externalAccessSchema.parse(access);
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scopes: [...new Set(scopes)] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(propertyId))
    .setIssuer(ISSUER)
    .setAudience(EXTERNAL_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key(secret));
}

/** The access of a valid external token, or null for anything expired, forged, malformed or of another kind. */
export async function verifyExternalToken(token: string, secret: string): Promise<ExternalAccess | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: EXTERNAL_AUDIENCE,
    });
    const parsed = externalAccessSchema.safeParse({ propertyId: Number(payload.sub), scopes: payload['scopes'] });
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
