/** What the shared error handler shows for a failed request. */
export type ErrorInfo = { status: number; message: string };

export const DEFAULT_ERROR_STATUS = 500;
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';
export const MESSAGE_MAX_LENGTH = 100;

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readStatus(error: unknown): number {
  if (isRecord(error) && typeof error.status === 'number' && error.status > 0) return error.status;
  return DEFAULT_ERROR_STATUS;
}

/** Extraction order: plain string body, body.message, body.msg, the error's own message. */
function readRawMessage(error: unknown): string {
  if (typeof error === 'string') return nonEmptyString(error) ?? UNKNOWN_ERROR_MESSAGE;
  if (!isRecord(error)) return UNKNOWN_ERROR_MESSAGE;
  const body = error.body;
  return (
    nonEmptyString(body) ??
    (isRecord(body) ? (nonEmptyString(body.message) ?? nonEmptyString(body.msg)) : undefined) ??
    nonEmptyString(error.message) ??
    UNKNOWN_ERROR_MESSAGE
  );
}

export function rewriteMessage(message: string): string {
  if (message.startsWith('Error:')) return 'Chart not found';
  // The API guard answers 'unauthorized'; proxies and frameworks capitalise it.
  if (message.trim().toLowerCase() === 'unauthorized') return 'Your session has expired';
  // Long texts are stack traces or HTML error pages, never something a person should read.
  if (message.length > MESSAGE_MAX_LENGTH) return 'Server Error';
  return message;
}

export function extractError(error: unknown): ErrorInfo {
  return { status: readStatus(error), message: rewriteMessage(readRawMessage(error)) };
}

export function errorMessage(error: unknown): string {
  return extractError(error).message;
}

/** First message per field from `{ errors: { field: [messages] } }`, for putting next to form inputs. */
export function readFieldErrors(error: unknown): Record<string, string> {
  const body = isRecord(error) ? error.body : undefined;
  const errors = isRecord(body) ? body.errors : undefined;
  if (!isRecord(errors)) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? nonEmptyString(messages[0]) : nonEmptyString(messages);
    if (first) result[field] = first;
  }
  return result;
}
