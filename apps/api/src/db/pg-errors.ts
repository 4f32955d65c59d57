/**
 * PostgreSQL errors the app recognises, by their SQLSTATE code. Drizzle wraps driver errors (the driver's error is
 * the `cause`), so each check walks the cause chain.
 */

type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The first error in the cause chain that matches. */
function findInCauses(error: unknown, matches: (candidate: DriverError) => boolean): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    const candidate = current as DriverError;
    if (matches(candidate)) return true;
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
