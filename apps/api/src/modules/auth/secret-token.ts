import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the form of refresh tokens and password-reset tokens. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 only, so a database leak does not hand out live sessions or reset links. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
