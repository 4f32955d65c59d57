/**
 * Creates that a client may retry (a report export today) accept an `Idempotency-Key` header: a retry with the same
 * key and the same request answers the first answer again and creates nothing. Clients send a fresh random key
 * (a UUID) per intended create and reuse it only for retries of that create.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key is 1 to 255 visible ASCII characters (a UUID fits well). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header an answer carries when it is the stored answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters.`,
  keyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; use a new key for a new request.`,
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; retry in a moment.`,
} as const;
