import { externalAccessSchema, type ExternalAccess } from '@lawn/shared';
import { signToken, verifyToken } from './signed-token';

/**
 * External access: a customer who proved a phone or account number reads one property's pages. Its own audience
 * keeps these tokens and staff access tokens apart (see signed-token.ts).
 */
const AUDIENCE = 'lawn-external-api';

/** A customer proves a phone or account number once and gets an hour; the pages ask again after that. */
export const EXTERNAL_TOKEN_TTL_SECONDS = 60 * 60;

/** A short-lived token for one property: `sub` is the property id, `scopes` what the holder may read. */
export function signExternalToken(
  access: ExternalAccess,
  secret: string,
  ttlSeconds = EXTERNAL_TOKEN_TTL_SECONDS,
  now = new Date(),
): Promise<string> {
  const { propertyId, scopes } = externalAccessSchema.parse(access);
  return signToken({
    audience: AUDIENCE,
    subject: String(propertyId),
    claims: { scopes: [...new Set(scopes)] },
    secret,
    ttlSeconds,
    now,
  });
}

/** The access of a valid external token, or null for anything expired, forged, malformed or of another kind. */
export async function verifyExternalToken(token: string, secret: string): Promise<ExternalAccess | null> {
  const payload = await verifyToken(token, secret, AUDIENCE);
  if (!payload) return null;
  const parsed = externalAccessSchema.safeParse({ propertyId: Number(payload.sub), scopes: payload['scopes'] });
  return parsed.success ? parsed.data : null;
}
