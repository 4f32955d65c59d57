import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

/**
 * Query parameters whose values must never reach the logs: secrets (the reset link carries `token`) and personal
 * data the lists filter on (`filter[email]`, `filter[contactNumber]`, `filter[fullName]`, an account number, an
 * address, a search text). Paging, sorting and code filters stay readable.
 */
const SECRET_QUERY_KEY =
  /token|password|secret|code|mail|phone|contact|name|address|street|account|customer_?id|search|^q$|lat|lng/i;

/** Censors secret and personal query values in a logged URL, keeping the rest readable. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [key = ''] = pair.split('=', 1);
      return SECRET_QUERY_KEY.test(decodeURIComponentSafe(key)) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `params: ...` that Drizzle appends to a failed query's message and stack: the values written, names and all. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;
/** A PostgreSQL detail such as `Key (email)=(ann@example.com) already exists.`: the key stays, the value goes. */
const KEY_VALUE_DETAIL = /\)=\((?:[^()]|\([^()]*\))*\)/g;

/** An error as logged, with the values of failed queries (personal data among them) censored. */
function scrubError(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => scrubError(item, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'params' || key === 'parameters') scrubbed[key] = '[redacted]';
    else if ((key === 'message' || key === 'stack') && typeof field === 'string')
      scrubbed[key] = field.replace(QUERY_PARAMS, '\nparams: [redacted]');
    else if (key === 'detail' && typeof field === 'string')
      scrubbed[key] = field.replace(KEY_VALUE_DETAIL, ')=([redacted])');
    else scrubbed[key] = scrubError(field, depth + 1);
  }
  return scrubbed;
}

/** pino's error serializer (type, message, stack, cause, own fields), then the query values censored. */
export function serializeError(error: Error): unknown {
  return scrubError(stdSerializers.err(error));
}

type LoggedRequest = { id?: unknown; method?: string; url?: string; ip?: string };
type LoggedReply = { statusCode?: number };

/**
 * One pino logger for the app, its jobs and its start-up. Fastify logs `req` and `res` objects; the serializers keep
 * only what helps (never headers or bodies), and `redact` catches secrets logged by hand.
 */
export function createLogger(options: { level: LogLevel; stream?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'password',
          'token',
          'refreshToken',
          'accessToken',
          '*.password',
          '*.password_confirmation',
          '*.password_token',
          '*.token',
          '*.refreshToken',
          '*.accessToken',
          '*.passwordHash',
          // Payment details never reach a log in clear (the browser encrypts the numbers anyway): should a request
          // body or a gateway request ever be logged by hand, these fields are censored.
          'req.body',
          'body',
          'creditCardNumber',
          'checkAccountNumber',
          'checkRoutingNumber',
          'encryptedNumber',
          'encryptedAccountNumber',
          '*.creditCardNumber',
          '*.checkAccountNumber',
          '*.checkRoutingNumber',
          '*.encryptedNumber',
          '*.encryptedAccountNumber',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: LoggedRequest) => ({
          id: request.id,
          method: request.method,
          url: request.url === undefined ? undefined : redactUrl(request.url),
          remoteAddress: request.ip,
        }),
        res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
        err: serializeError,
      },
    },
    options.stream,
  );
}
