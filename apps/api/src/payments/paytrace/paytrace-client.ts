import { PAYMENT_MESSAGES } from '@lawn/shared';
import type { z } from 'zod';
import { GatewayUnavailableError } from '../gateway';
import { providerSender, readProviderAnswer, type ProviderHttpOptions } from '../provider-http';
import { tokenAnswer } from './paytrace-answers';

export type PayTraceCredentials = {
  /** PayTrace's API host, e.g. https://api.paytrace.com (or its sandbox). */
  baseUrl: string;
  username: string;
  password: string;
  /** PayTrace's id of the software that sends the request, sent with every call. */
  integratorId: string;
};

export type PayTraceClientOptions = PayTraceCredentials &
  ProviderHttpOptions & {
    clock?: () => Date;
  };

/** A POST to PayTrace's JSON API, answered with its HTTP status and its parsed body. */
export type PayTraceCall = <T>(path: string, body: Record<string, unknown>, answer: z.ZodType<T>) => Promise<T>;

/** A token is renewed this long before PayTrace says it expires, so no call goes out with one about to lapse. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * PayTrace's transport: an OAuth password grant for a bearer token (kept until shortly before it expires, and asked
 * again once when PayTrace answers that a token is no longer valid), JSON POSTs carrying the integrator id, and every
 * failure to reach PayTrace or to read its answer as `GatewayUnavailableError`. Nothing here logs or throws a request
 * body: the password is only ever in the token request, and errors carry the product's message.
 */
export function createPayTraceClient(options: PayTraceClientOptions): PayTraceCall {
  const clock = options.clock ?? (() => new Date());
  const send = providerSender(options);
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > clock().getTime()) return token.value;
    const form = new URLSearchParams({
      grant_type: 'password',
      username: options.username,
      password: options.password,
    });
    const { status, json } = await send('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    // Wrong credentials are the business's configuration, not the customer's: nothing a retry of the form can fix.
    if (status !== 200) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    const answer = readProviderAnswer(tokenAnswer, json);
    token = { value: answer.access_token, expiresAt: clock().getTime() + answer.expires_in * 1000 };
    return token.value;
  }

  async function post(path: string, body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
    return send(path, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ ...body, integrator_id: options.integratorId }),
    });
  }

  return async (path, body, answer) => {
    let reply = await post(path, body);
    if (reply.status === 401) {
      // PayTrace revoked or expired the token before its stated time: ask for a new one, once.
      token = null;
      reply = await post(path, body);
    }
    if (reply.status === 401 || reply.status === 403) {
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    }
    return readProviderAnswer(answer, reply.json);
  };
}
