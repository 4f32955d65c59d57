/**
 * PostgreSQL errors the app recognises, by their SQLSTATE code. Drizzle wraps driver errors (the driver's error is
 * the `cause`), so each check walks the cause chain.
 */

type DriverError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/**
 * Whether an error in the cause chain matches. A connection refused by every address of a host arrives as an
 * AggregateError of one error per address, so its inner errors are looked at too.
 */
function findInCauses(error: unknown, matches: (candidate: DriverError) => boolean): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const candidate = current as DriverError;
    if (matches(candidate)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => findInCauses(inner, matches))) return true;
    current = candidate.cause;
  }
  return false;
}

/** unique_violation (23505) on the given constraint or unique index: a row with the same key exists already. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return findInCauses(error, (candidate) => candidate.code === '23505' && candidate.constraint === constraint);
}

/** admin_shutdown (57P01): expected while the server stops, e.g. on Ctrl-C. */
export function isServerShutdown(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as DriverError).code === '57P01';
}

/**
 * Text PostgreSQL cannot store or read as its type: character_not_in_repertoire (22021), untranslatable_character
 * (22P05) and invalid_text_representation (22P02, e.g. a lone UTF-16 surrogate quoted in a JSON value). The shared
 * text rules refuse such text first; this catches a value that slipped past them, so the client gets a 400, not a 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05', '22P02']);

export function isUnstorableText(error: unknown): boolean {
  return findInCauses(error, ({ code }) => typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code));
}

/** SQLSTATEs that mean the server is shutting down, starting, out of connections or not connected. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Socket errors of the driver when the server cannot be reached. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
/** The driver's and the pool's own words for a lost or impossible connection. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
];

/**
 * The database is down, restarting, refusing connections or out of them: the same request may well succeed later,
 * so the client is told 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return findInCauses(error, ({ code, message }) => {
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
  });
}
