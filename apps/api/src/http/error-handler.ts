import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isUnstorableText } from '../db/pg-errors';
import { addFieldError, INVALID_DATA_MESSAGE, isHttpError, type FieldErrors } from './errors';

export const SERVER_ERROR_MESSAGE = 'Server Error';
export const DATABASE_UNAVAILABLE_MESSAGE = 'Database unavailable';
export const UNSTORABLE_TEXT_MESSAGE = 'The request holds text with a character that cannot be stored';
/** How long a client should wait before trying again while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: the database cannot be reached now, and the same request may succeed shortly. */
export function sendDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

type ErrorBody = { message: string; errors?: FieldErrors } & Record<string, unknown>;

type ValidationIssue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

/** Zod issues as `{ 'dotted.path': [messages] }`; a whole-part issue is keyed by the part (body, querystring). */
export function fieldErrorsFromValidation(issues: readonly ValidationIssue[], part: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => addFieldError(errors, field, message);
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean).join('.');
    const unknownKeys = issue.params['keys'];
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      for (const key of unknownKeys)
        add(path ? `${path}.${String(key)}` : String(key), `Unknown field: ${String(key)}`);
      continue;
    }
    add(path || part || 'body', issue.message ?? 'Invalid value');
  }
  return errors;
}

/** Messages for Fastify's own 4xx errors, which are otherwise worded for developers. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
};

function toResponse(error: FastifyError): { status: number; body: ErrorBody } | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: {
        message: INVALID_DATA_MESSAGE,
        errors: fieldErrorsFromValidation(error.validation, error.validationContext),
      },
    };
  }
  if (isHttpError(error)) {
    return {
      status: error.statusCode,
      body: {
        ...error.details,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      },
    };
  }
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    const message = known ?? (error instanceof SyntaxError ? 'Malformed JSON body' : error.message);
    return { status, body: { message } };
  }
  return null;
}

/**
 * The one error shape, `{ message, errors? }`. A database that cannot be reached answers 503 with Retry-After; text
 * the database cannot store answers 400; anything else that is not a deliberate 4xx becomes a 500 whose details go to
 * the log (with the stack) and never to the client.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const response =
    toResponse(error) ?? (isUnstorableText(error) ? { status: 400, body: { message: UNSTORABLE_TEXT_MESSAGE } } : null);
  if (response) {
    request.log.info({ statusCode: response.status, message: response.body.message }, 'request rejected');
    void reply.status(response.status).send(response.body);
    return;
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'request failed: database unavailable');
    void sendDatabaseUnavailable(reply);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
}
