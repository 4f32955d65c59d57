import { constants, publicEncrypt } from 'node:crypto';
import type { EncryptionAlgorithm } from '@lawn/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  GatewayUnavailableError,
  PaymentInputError,
  PaymentRefusedError,
  type PaymentGateway,
} from '../payments/gateway';

/**
 * What the browser does with a number before sending it: RSA-OAEP with SHA-256 under the gateway's public key, or
 * RSAES-PKCS1-v1_5 when the gateway asks for it.
 */
export function encryptNumber(
  publicKeyPem: string,
  number: string,
  algorithm: EncryptionAlgorithm = 'RSA-OAEP-256',
): string {
  const padding =
    algorithm === 'RSA-OAEP-256'
      ? { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }
      : { padding: constants.RSA_PKCS1_PADDING };
  return publicEncrypt({ key: publicKeyPem, ...padding }, Buffer.from(number, 'utf8')).toString('base64');
}

/** Encrypts with the gateway's own key and algorithm, as the payment page does after fetching them. */
export async function encryptFor(gateway: Pick<PaymentGateway, 'encryptionKey'>, number: string): Promise<string> {
  const { publicKey, algorithm } = await gateway.encryptionKey();
  return encryptNumber(publicKey, number, algorithm);
}

/** Card numbers of every brand that the local gateway keeps and charges successfully. */
export const GOOD_CARDS = {
  visa: '4242424242424242',
  visa13: '4222222222222',
  mastercard: '5555555555554444',
  mastercard2: '2223003122003222',
  americanExpress: '378282246310005',
  discover: '6011111111111117',
  discover65: '6500000000000002',
} as const;

/** A card number the local gateway declines, as a bank refuses a card. */
export const DECLINED_CARD = '4000000000000101';

/** A routing number and checking account that the local gateway keeps and charges successfully. */
export const GOOD_BANK = { routing: '110000000', account: '000123456789' } as const;

/**
 * A payment provider speaking the gateway protocol (payments/http-gateway.ts), made of a gateway: tests point the HTTP
 * gateway at it, so both adapters answer one contract. Requests without the API key get 401.
 */
export async function serveGatewayProtocol(
  gateway: PaymentGateway,
  apiKey: string,
): Promise<{ url: string; server: FastifyInstance; requests: { path: string; body: unknown }[] }> {
  const server = Fastify();
  const requests: { path: string; body: unknown }[] = [];
  server.addHook('onRequest', async (request, reply) => {
    requests.push({ path: request.url, body: undefined });
    if (request.headers.authorization !== `Bearer ${apiKey}`) await reply.status(401).send({ message: 'no' });
  });
  server.addHook('preHandler', async (request) => {
    const last = requests.at(-1);
    if (last) last.body = request.body;
  });
  server.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof PaymentInputError)
      return reply.status(400).send({ field: error.field, message: error.message });
    if (error instanceof PaymentRefusedError) return reply.status(402).send({ message: error.message });
    if (error instanceof GatewayUnavailableError) return reply.status(503).send({ message: error.message });
    return reply.status(500).send({ message: 'failed' });
  });
  const key = (request: { headers: Record<string, unknown> }) => String(request.headers['idempotency-key'] ?? '');
  server.get('/encryption-key', async () => gateway.encryptionKey());
  server.post('/cards', async (request, reply) =>
    reply.status(201).send(await gateway.tokenizeCard(request.body as Parameters<PaymentGateway['tokenizeCard']>[0])),
  );
  server.post('/bank-accounts', async (request, reply) =>
    reply
      .status(201)
      .send(await gateway.tokenizeBankAccount(request.body as Parameters<PaymentGateway['tokenizeBankAccount']>[0])),
  );
  server.post('/charges', async (request) =>
    gateway.charge({
      ...(request.body as { token: string; amountCents: number; description: string }),
      idempotencyKey: key(request),
    }),
  );
  server.post('/refunds', async (request) =>
    gateway.refund({
      ...(request.body as { transactionId: string; amountCents: number }),
      idempotencyKey: key(request),
    }),
  );
  server.delete('/instruments/:token', async (request, reply) => {
    await gateway.removeInstrument((request.params as { token: string }).token);
    return reply.status(204).send();
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { url, server, requests };
}
