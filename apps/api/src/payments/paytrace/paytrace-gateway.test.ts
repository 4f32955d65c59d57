import { PAYMENT_MESSAGES } from '@lawn/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptFor, GOOD_CARDS } from '../../test/payment-fixtures';
import { GatewayUnavailableError, PaymentInputError, type CardInput, type PaymentGateway } from '../gateway';
import { createPayTraceGateway, invoiceIdOf } from './paytrace-gateway';
import { startPayTraceStandIn, STAND_IN_LOGIN, type PayTraceStandIn } from './paytrace-stand-in';

/**
 * The PayTrace adapter against a stand-in speaking PayTrace's documented API: every request's fields, approvals,
 * declines mapped to the product's codes, timeouts, token expiry, and retries that never charge twice.
 */

const TODAY = new Date('2026-11-22T18:00:00Z');
let standIn: PayTraceStandIn;
let now = TODAY;
let gateway: PaymentGateway;

const gatewayWith = (overrides: { password?: string; timeoutMs?: number } = {}) =>
  createPayTraceGateway({
    baseUrl: standIn.url,
    username: STAND_IN_LOGIN.username,
    password: overrides.password ?? STAND_IN_LOGIN.password,
    integratorId: STAND_IN_LOGIN.integratorId,
    publicKeyPem: standIn.publicKeyPem,
    timeoutMs: overrides.timeoutMs ?? 2000,
    clock: () => now,
  });

beforeAll(async () => {
  standIn = await startPayTraceStandIn();
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(() => {
  now = TODAY;
  standIn.requests.length = 0;
  Object.assign(standIn.control, { delayMs: 0, tokenSeconds: 7200, loseNextSaleAnswer: false });
  gateway = gatewayWith();
});

const card = async (number: string, overrides: Partial<CardInput> = {}): Promise<CardInput> => ({
  encryptedNumber: await encryptFor(gateway, number),
  cardType: 4,
  expiryMonth: 5,
  expiryYear: 2030,
  holderName: 'Pat Doe',
  ...overrides,
});
const paths = () => standIn.requests.map((request) => request.path);
const lastBody = (path: string) => standIn.requests.filter((request) => request.path === path).at(-1)?.body;
const salesFor = (token: string) =>
  standIn.transactions.filter((t) => t.transaction_type === 'SALE' && t.customer_id === token);

describe('the PayTrace gateway', () => {
  it('hands out the business PayTrace key for the browser to encrypt with', async () => {
    expect(await gateway.encryptionKey()).toEqual({ publicKey: standIn.publicKeyPem, algorithm: 'RSA-PKCS1-v1_5' });
  });

  it('signs in with the password grant, then creates a profile from the encrypted number only', async () => {
    const input = await card(GOOD_CARDS.visa);
    const instrument = await gateway.tokenizeCard(input);

    expect(paths()).toEqual(['/oauth/token', '/v1/customer/create']);
    expect(standIn.requests[0]?.body).toEqual({
      grant_type: 'password',
      username: STAND_IN_LOGIN.username,
      password: STAND_IN_LOGIN.password,
    });
    const create = standIn.requests[1];
    expect(create?.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
    expect(create?.body).toEqual({
      customer_id: instrument.token,
      credit_card: { encrypted_number: input.encryptedNumber, expiration_month: 5, expiration_year: 2030 },
      billing_address: { name: 'Pat Doe' },
      integrator_id: STAND_IN_LOGIN.integratorId,
    });
    expect(JSON.stringify(standIn.requests)).not.toContain(GOOD_CARDS.visa);
    expect(instrument).toEqual({ token: instrument.token, cardType: 4, lastFour: '4242', expiry: '2030-05-31' });
    expect(instrument.token).toMatch(/^lawn[0-9a-f]{24}$/);
  });

  it('answers a number PayTrace refuses as the card number field, and a past expiry without asking PayTrace', async () => {
    const refused = await gateway.tokenizeCard(await card('4242424242424241')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentInputError);
    expect(refused).toMatchObject({ field: 'creditCardNumber', message: PAYMENT_MESSAGES.cardNumberInvalid });

    standIn.requests.length = 0;
    const expired = await gateway
      .tokenizeCard(await card(GOOD_CARDS.visa, { expiryMonth: 10, expiryYear: 2026 }))
      .catch((error: unknown) => error);
    expect(expired).toMatchObject({ field: 'creditCardExpirationMonth', message: PAYMENT_MESSAGES.expiryInvalid });
    expect(paths()).toEqual([]);
  });

  it('refuses e-checks: PayTrace takes no bank account number encrypted in the browser', async () => {
    const error = await gateway
      .tokenizeBankAccount({ encryptedAccountNumber: 'x', routingNumber: '110000000', holderName: 'Pat Doe' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ field: 'checkAccountNumber', message: PAYMENT_MESSAGES.eCheckUnavailable });
  });

  it('charges a sale by customer id in dollars, under an invoice id made from the idempotency key', async () => {
    const { token } = await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    const result = await gateway.charge({
      token,
      amountCents: 4567,
      idempotencyKey: 'invoice-1',
      description: 'Lawn service 05/04/2026',
    });

    expect(result).toEqual({ status: 'approved', transactionId: String(salesFor(token)[0]?.transaction_id) });
    expect(lastBody('/v1/transactions/export/by_date_range')).toEqual({
      start_date: '09/23/2026',
      end_date: '11/23/2026',
      customer_id: token,
      integrator_id: STAND_IN_LOGIN.integratorId,
    });
    expect(lastBody('/v1/transactions/sale/by_customer')).toEqual({
      customer_id: token,
      amount: 45.67,
      invoice_id: invoiceIdOf('invoice-1'),
      description: 'Lawn service 05/04/2026',
      integrator_id: STAND_IN_LOGIN.integratorId,
    });
    expect(invoiceIdOf('invoice-1')).toMatch(/^L[\w-]{32}$/);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ] as const)('maps the issuer decline of %s to %s', async (number, code) => {
    const { token } = await gateway.tokenizeCard(await card(number));
    const result = await gateway.charge({ token, amountCents: 100, idempotencyKey: `d-${number}`, description: 'x' });
    expect(result).toEqual({ status: 'declined', transactionId: String(salesFor(token)[0]?.transaction_id), code });
  });

  it('declines a profile PayTrace does not know as an unknown token', async () => {
    const result = await gateway.charge({
      token: 'lawnunknown',
      amountCents: 100,
      idempotencyKey: 'u-1',
      description: 'x',
    });
    expect(result).toEqual({ status: 'declined', transactionId: null, code: 'unknown_token' });
  });

  it('never charges twice under one key: a retry answers the first sale, also after its answer was lost', async () => {
    const { token } = await gateway.tokenizeCard(await card(GOOD_CARDS.mastercard, { cardType: 5 }));
    const request = { token, amountCents: 2500, idempotencyKey: 'invoice-lost', description: 'x' };

    standIn.control.loseNextSaleAnswer = true;
    await expect(gateway.charge(request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(salesFor(token)).toHaveLength(1);

    const retried = await gateway.charge(request);
    const again = await gateway.charge(request);
    expect(salesFor(token)).toHaveLength(1);
    expect(retried).toEqual({ status: 'approved', transactionId: String(salesFor(token)[0]?.transaction_id) });
    expect(again).toEqual(retried);

    const other = await gateway.charge({ ...request, idempotencyKey: 'invoice-next' });
    expect(salesFor(token)).toHaveLength(2);
    expect(other).not.toEqual(retried);
  });

  it('answers a slow PayTrace as unavailable', async () => {
    const impatient = gatewayWith({ timeoutMs: 100 });
    standIn.control.delayMs = 400;
    const error = await impatient.tokenizeCard(await card(GOOD_CARDS.visa)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect((error as Error).message).toBe(PAYMENT_MESSAGES.gatewayUnavailable);
  });

  it('answers wrong credentials as unavailable, naming neither the user nor the password', async () => {
    const error = await gatewayWith({ password: 'not-the-password' })
      .tokenizeCard(await card(GOOD_CARDS.visa))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect(JSON.stringify({ message: (error as Error).message, cause: String((error as Error).cause) })).not.toMatch(
      /not-the-password|lawn-api-user/,
    );
  });

  it('keeps its token until shortly before it expires, then signs in again', async () => {
    standIn.control.tokenSeconds = 600;
    await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    expect(paths().filter((path) => path === '/oauth/token')).toHaveLength(1);

    now = new Date(TODAY.getTime() + 550_000);
    await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    expect(paths().filter((path) => path === '/oauth/token')).toHaveLength(2);
  });

  it('signs in again once when PayTrace answers that its token is no longer valid', async () => {
    await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    standIn.expireTokens();
    const instrument = await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    expect(instrument.lastFour).toBe('4242');
    expect(paths()).toEqual([
      '/oauth/token',
      '/v1/customer/create',
      '/v1/customer/create',
      '/oauth/token',
      '/v1/customer/create',
    ]);
  });

  it('refunds a sale once per key', async () => {
    const { token } = await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    const sale = await gateway.charge({ token, amountCents: 3000, idempotencyKey: 'r-sale', description: 'x' });
    if (sale.status !== 'approved') throw new Error('the sale was not approved');
    const request = { transactionId: sale.transactionId, amountCents: 1000, idempotencyKey: 'r-1' };

    const first = await gateway.refund(request);
    const again = await gateway.refund(request);
    expect(first).toEqual({ status: 'refunded', refundId: expect.any(String) as string });
    expect(again).toEqual(first);
    expect(lastBody('/v1/transactions/refund/for_transaction')).toEqual({
      transaction_id: Number(sale.transactionId),
      amount: 10,
      invoice_id: invoiceIdOf('r-1'),
      integrator_id: STAND_IN_LOGIN.integratorId,
    });
    expect(standIn.transactions.filter((t) => t.transaction_type === 'REFUND')).toHaveLength(1);

    expect(await gateway.refund({ transactionId: '1', amountCents: 100, idempotencyKey: 'r-2' })).toMatchObject({
      status: 'refused',
    });
  });

  it('deletes the profile, and deleting it again is not an error', async () => {
    const { token } = await gateway.tokenizeCard(await card(GOOD_CARDS.visa));
    await gateway.removeInstrument(token);
    await gateway.removeInstrument(token);
    expect(lastBody('/v1/customer/delete')).toEqual({ customer_id: token, integrator_id: STAND_IN_LOGIN.integratorId });
    const charge = await gateway.charge({ token, amountCents: 100, idempotencyKey: 'gone', description: 'x' });
    expect(charge).toMatchObject({ status: 'declined', code: 'unknown_token' });
  });
});
