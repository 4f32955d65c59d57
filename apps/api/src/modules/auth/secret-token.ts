import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the form of refresh tokens and password-reset tokens. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 only, so a database leak does not hand out live sessions or reset links. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that follows `refreshToken` in its session: derived from it with the server's secret, so a second
 * presentation of the same token can be answered with the same successor without keeping any token in clear.
 */
export function successorOfRefreshToken(refreshToken: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${refreshToken}`).digest('base64url');
}
