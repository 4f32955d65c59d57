import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP-recommended cost (19 MiB, 2 passes, 1 lane). @node-rs/argon2 defaults to argon2id; the
 * algorithm is not named here because its `Algorithm` is an ambient const enum that isolated modules cannot read.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * The hash of a random secret nobody knows, made once per process. An account that has no password yet (a customer
 * invited to set one) stores it: no password matches it, and checking one costs the same time as for any account.
 */
export function unusablePasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Verifies a password. Without a stored hash (unknown e-mail) it verifies against a throw-away hash of the same cost,
 * so the response time does not reveal whether an account exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const target = storedHash ?? (await unusablePasswordHash());
  try {
    const matches = await verify(target, password);
    return storedHash !== undefined && matches;
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}
