import { PAYMENT_MESSAGES } from '@lawn/shared';
import { z } from 'zod';
import {
  GatewayUnavailableError,
  PaymentInputError,
  PaymentRefusedError,
  type PaymentField,
  type PaymentGateway,
} from './gateway';
import { providerSender, readProviderAnswer, type ProviderHttpOptions } from './provider-http';

/**
 * A payment provider reached over HTTPS, speaking the gateway protocol (docs/adr/0012-payment-gateway-and-billing.md): the provider
 * owns the encryption key and the vault, so with it the API never decrypts anything; it forwards the browser's
 * ciphertext and keeps the token it gets back.
 *
 *   GET  /encryption-key                      -> { publicKey, algorithm }
 *   POST /cards          { encryptedNumber, cardType, expiryMonth, expiryYear, holderName }
 *   POST /bank-accounts  { encryptedAccountNumber, routingNumber, holderName }
 *                                             -> 201 instrument | 400 { field, message } | 402 { message }
 *   POST /charges        { token, amountCents, description }   + Idempotency-Key -> { status, transactionId, code? }
 *   POST /refunds        { transactionId, amountCents }         + Idempotency-Key -> { status, refundId | reason }
 *   DELETE /instruments/{token}                                     -> 204 (also when the token is unknown: 404)
 *
 * Every call carries `Authorization: Bearer <PAYMENT_GATEWAY_API_KEY>`. A 5xx, a timeout or an unreadable answer is
 * "unavailable": nothing is assumed done, and charges are safe to send again under the same Idempotency-Key.
 */
export type HttpGatewayOptions = ProviderHttpOptions & { apiKey: string };

const PAYMENT_FIELDS = [
  'creditCardNumber',
  'cardType',
  'creditCardExpirationMonth',
  'checkAccountNumber',
  'checkRoutingNumber',
] as const satisfies readonly PaymentField[];

const keyAnswer = z.object({ publicKey: z.string().min(1), algorithm: z.literal('RSA-OAEP-256') });
const cardAnswer = z.object({
  token: z.string().min(1).max(40),
  cardType: z.union([z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  lastFour: z.string().regex(/^\d{4}$/),
  expiry: z.iso.date(),
});
const bankAnswer = z.object({ token: z.string().min(1).max(40), lastFour: z.string().regex(/^\d{4}$/) });
const refusedAnswer = z.object({ field: z.enum(PAYMENT_FIELDS).optional(), message: z.string().max(500) });
const chargeAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), transactionId: z.string().min(1).max(100) }),
  z.object({
    status: z.literal('declined'),
    transactionId: z.string().min(1).max(100).nullable(),
    code: z.enum(['card_declined', 'insufficient_funds', 'expired_card', 'account_closed', 'unknown_token']),
  }),
]);
const refundAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('refunded'), refundId: z.string().min(1).max(100) }),
  z.object({ status: z.literal('refused'), reason: z.string().max(500) }),
]);

export function createHttpGateway(options: HttpGatewayOptions): PaymentGateway {
  const send = providerSender(options);

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /** 400: a number the provider finds fault with; 402: it would not keep the instrument. */
  function rejection(status: number, json: unknown): Error {
    if (status === 400 || status === 402) {
      const answer = readProviderAnswer(refusedAnswer, json);
      if (status === 402) return new PaymentRefusedError(PAYMENT_MESSAGES.refused);
      return new PaymentInputError(answer.field ?? 'creditCardNumber', answer.message);
    }
    return new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
  }

  return {
    async encryptionKey() {
      const { status, json } = await call('GET', '/encryption-key');
      if (status !== 200) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
      return readProviderAnswer(keyAnswer, json);
    },

    async tokenizeCard(input) {
      const { status, json } = await call('POST', '/cards', input);
      if (status !== 201 && status !== 200) throw rejection(status, json);
      return readProviderAnswer(cardAnswer, json);
    },

    async tokenizeBankAccount(input) {
      const { status, json } = await call('POST', '/bank-accounts', input);
      if (status !== 201 && status !== 200) throw rejection(status, json);
      return readProviderAnswer(bankAnswer, json);
    },

    async charge(request) {
      const { idempotencyKey, ...body } = request;
      const { status, json } = await call('POST', '/charges', body, idempotencyKey);
      if (status !== 200 && status !== 201) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
      return readProviderAnswer(chargeAnswer, json);
    },

    async removeInstrument(token) {
      const { status } = await call('DELETE', `/instruments/${encodeURIComponent(token)}`);
      if (status !== 204 && status !== 200 && status !== 404) {
        throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
      }
    },

    async refund(request) {
      const { idempotencyKey, ...body } = request;
      const { status, json } = await call('POST', '/refunds', body, idempotencyKey);
      if (status !== 200 && status !== 201) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
      return readProviderAnswer(refundAnswer, json);
    },
  };
}
