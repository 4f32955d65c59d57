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
 * The refresh token that replaces `token` when it is spent: an HMAC of it under the server secret, in the same form as
 * a random one. The same token always has the same successor, so a refresh presented again within the grace window is
 * answered the same pair without the new token being kept anywhere but as its hash; without the secret a successor
 * cannot be told from random.
 */
export function successorSecretToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh-token-successor:${token}`).digest('base64url');
}
