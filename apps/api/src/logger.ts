import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

/** Query parameters whose values must never reach the logs (the reset link carries `token`). */
const SECRET_QUERY_KEY = /token|password|secret|code/i;

/** Censors secret query values in a logged URL, keeping the rest readable. */
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
        err: stdSerializers.err,
      },
    },
    options.stream,
  );
}
