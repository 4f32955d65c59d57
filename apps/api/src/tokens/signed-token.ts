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
 * Tokens whose signature, issuer and audience were already checked, with their payload, newest last. A token is
 * immutable: once its HS256 signature checked out under a secret and an audience it always will, and only its expiry
 * changes its answer, which a hit checks again. Every authenticated request presents its token, and the HMAC check
 * through WebCrypto was the largest single cost of a list request's access check (bench/README.md, customer list
 * throughput). The session and the user are still read from the database on every request (ADR 0002).
 */
const verified = new Map<string, { secret: string; payload: JWTPayload }>();
/** About 400 bytes a token: a few MB at most, and more than the tokens live at once (15 minutes each). */
const VERIFIED_LIMIT = 10_000;

/**
 * The payload of a valid token of this audience, or null for anything expired, forged, malformed or of another
 * audience. The caller still checks the kind's own claims.
 */
export async function verifyToken(token: string, secret: string, audience: string): Promise<JWTPayload | null> {
  const cacheKey = `${audience} ${token}`;
  const known = verified.get(cacheKey);
  if (known && known.secret === secret) {
    // jose's own rule: a token is expired from the second of its `exp` on.
    if (typeof known.payload.exp === 'number' && Math.floor(Date.now() / 1000) < known.payload.exp) {
      return known.payload;
    }
    verified.delete(cacheKey);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], issuer: ISSUER, audience });
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
      verified.set(cacheKey, { secret, payload });
    }
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
