/** Field name -> messages, the `errors` member of the one error body. */
export type FieldErrors = Record<string, string[]>;

/**
 * Adds a message for a field. Field names come from the client (unknown body fields, query keys), so a name like
 * `constructor` or `__proto__` must become an own entry like any other, never reach Object's built-in members.
 */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const existing = Object.hasOwn(errors, field) ? errors[field] : undefined;
  if (existing) existing.push(message);
  else Object.defineProperty(errors, field, { value: [message], enumerable: true, writable: true, configurable: true });
}

/**
 * An error that knows its HTTP status and its user-facing message. Services throw these (they carry no Fastify
 * dependency); the error handler turns them into `{ message, errors? }`, plus the members a route documents for the
 * client to act on (`details`, e.g. the fields a save collided on).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldErrors | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, errors?: FieldErrors, details?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = errors;
    this.details = details;
  }
}

export const INVALID_DATA_MESSAGE = 'The given data was invalid.';
export const UNAUTHORIZED_MESSAGE = 'unauthorized';
export const FORBIDDEN_MESSAGE = 'This action is unauthorized.';
export const NOT_FOUND_MESSAGE = 'Not found';

export const badRequest = (message = INVALID_DATA_MESSAGE, errors?: FieldErrors) => new HttpError(400, message, errors);
/** 'unauthorized' is the text the web turns into 'Your session has expired'. */
export const unauthorized = (message = UNAUTHORIZED_MESSAGE, errors?: FieldErrors) =>
  new HttpError(401, message, errors);
export const forbidden = (message = FORBIDDEN_MESSAGE, errors?: FieldErrors) => new HttpError(403, message, errors);
export const notFound = (message = NOT_FOUND_MESSAGE, errors?: FieldErrors) => new HttpError(404, message, errors);
export const conflict = (message: string, errors?: FieldErrors, details?: Record<string, unknown>) =>
  new HttpError(409, message, errors, details);
/** Something the request needs (the file store, say) cannot be reached right now; the same request may work later. */
export const serviceUnavailable = (message: string) => new HttpError(503, message);
export const tooManyRequests = (message = 'Too many requests. Please try again later.', errors?: FieldErrors) =>
  new HttpError(429, message, errors);

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
