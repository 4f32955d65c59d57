import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Signed tokens (JWT, HS256) that the API issues and checks. Every kind is signed with the same secret but carries its
 * own audience, and a check accepts its own audience only: a token of one kind is never accepted in place of another.
 */
const ISSUER = 'lawn-office';

type SignedTokenRequest = {
  /** Which kind of token this is; only a check for the same audience accepts it. */
  audience: string;
  /** Whom or what the token is for (`sub`). */
  subject: string;
  /** The kind's own claims. */
  claims: JWTPayload;
  secret: string;
  ttlSeconds: number;
  now?: Date;
};

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(request: SignedTokenRequest): Promise<string> {
  const issuedAt = Math.floor((request.now ?? new Date()).getTime() / 1000);
  return new SignJWT(request.claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(request.subject)
    .setIssuer(ISSUER)
    .setAudience(request.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + request.ttlSeconds)
    .sign(key(request.secret));
}

/**
 * The payload of a valid token of this audience, or null for anything expired, forged, malformed or of another
 * audience. The caller still checks the kind's own claims.
 */
export async function verifyToken(token: string, secret: string, audience: string): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], issuer: ISSUER, audience });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
