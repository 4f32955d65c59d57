import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYMENT_MESSAGES, type CardType } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { createLogger } from '../logger';
import { cloneTemplateDatabase, type ClonedDatabase } from '../test/cloned-database';
import { encryptFor, encryptNumber, GOOD_BANK, GOOD_CARDS, serveGatewayProtocol } from '../test/payment-fixtures';
import { createPaymentGateway } from './create-gateway';
import {
  GatewayUnavailableError,
  PaymentInputError,
  PaymentRefusedError,
  type CardInput,
  type PaymentGateway,
} from './gateway';
import { createHttpGateway } from './http-gateway';
import { createLocalGateway } from './local/local-gateway';

/**
 * One contract for every gateway: the local one, and the HTTP adapter talking to a provider that speaks the gateway
 * protocol (here the local gateway served over HTTP). Every brand and length, Luhn, expiry, routing checksums, the
 * documented declines, idempotent charges and refunds.
 */

const TODAY = new Date('2026-11-22T18:00:00Z');
const API_KEY = 'provider-api-key-for-tests';

let database: ClonedDatabase;
let pool: pg.Pool;
let db: Database;
let dataDir: string;
/** The gateways' clock; a test moves it to see a card expire. */
let now = TODAY;
const clock = () => now;
let local: PaymentGateway;
let http: PaymentGateway;
let closeServer: () => Promise<unknown>;

beforeAll(async () => {
  database = await cloneTemplateDatabase();
  ({ pool, db } = createDatabase(database.url, createLogger({ level: 'silent' }), { max: 4 }));
  dataDir = await mkdtemp(path.join(tmpdir(), 'lawn-gateway-'));
  local = createLocalGateway({ db, keyFile: path.join(dataDir, 'key.pem'), clock });
  const provider = await serveGatewayProtocol(
    createLocalGateway({ db, keyFile: path.join(dataDir, 'provider-key.pem'), clock }),
    API_KEY,
  );
  closeServer = () => provider.server.close();
  http = createHttpGateway({ baseUrl: provider.url, apiKey: API_KEY });
});

afterAll(async () => {
  await closeServer?.();
  await pool?.end();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const vaultRows = async (table: 'instruments' | 'charges' | 'refunds') =>
  (await db.execute<{ row: string }>(sql.raw(`select row_to_json(t)::text as row from payment_vault.${table} t`))).rows;

describe.each([
  ['local', () => local],
  ['http', () => http],
] as const)('the %s gateway', (_name, gatewayOf) => {
  const card = async (number: string, overrides: Partial<CardInput> = {}): Promise<CardInput> => ({
    encryptedNumber: await encryptFor(gatewayOf(), number),
    cardType: Number(number.charAt(0) === '2' ? 5 : number.charAt(0)) as CardType,
    expiryMonth: 5,
    expiryYear: 2030,
    holderName: 'Pat Doe',
    ...overrides,
  });
  const inputError = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaymentInputError);
    return { field: (error as PaymentInputError).field, message: (error as PaymentInputError).message };
  };

  it('hands out an RSA-OAEP public key', async () => {
    const key = await gatewayOf().encryptionKey();
    expect(key.algorithm).toBe('RSA-OAEP-256');
    expect(key.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it.each([
    ['Visa, 16 digits', GOOD_CARDS.visa, 4],
    ['Visa, 13 digits', GOOD_CARDS.visa13, 4],
    ['Mastercard starting 5', GOOD_CARDS.mastercard, 5],
    ['Mastercard starting 2', GOOD_CARDS.mastercard2, 5],
    ['American Express', GOOD_CARDS.americanExpress, 3],
    ['Discover starting 6011', GOOD_CARDS.discover, 6],
    ['Discover starting 65', GOOD_CARDS.discover65, 6],
  ] as const)('keeps a %s card: token, type, last four, expiry', async (_brand, number, cardType) => {
    const kept = await gatewayOf().tokenizeCard(await card(number, { cardType }));
    expect(kept).toEqual({
      token: expect.stringMatching(/^tok_/),
      cardType,
      lastFour: number.slice(-4),
      expiry: '2030-05-31',
    });
  });

  it.each([
    ['failing Luhn', '4242424242424241', 4, 'creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid],
    ['Visa too long', '40000000000000006', 4, 'creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid],
    ['Mastercard too short', '555555555555442', 5, 'creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid],
    ['Amex with 16 digits', '3782822463100003', 3, 'creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid],
    ['6 but not Discover', '6200000000000005', 6, 'creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid],
    ['an unknown brand', '7000000000000009', 4, 'creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid],
    ['another brand than chosen', GOOD_CARDS.visa, 5, 'cardType', PAYMENT_MESSAGES.cardTypeMismatch],
  ] as const)('refuses a card %s, naming the field', async (_rule, number, cardType, field, message) => {
    expect(await inputError(gatewayOf().tokenizeCard(await card(number, { cardType })))).toEqual({ field, message });
  });

  it('refuses an expiry in the past or beyond the years offered', async () => {
    const expected = { field: 'creditCardExpirationMonth', message: PAYMENT_MESSAGES.expiryInvalid };
    for (const [expiryMonth, expiryYear] of [
      [10, 2026],
      [12, 2025],
      [1, 2036],
    ] as const) {
      const input = await card(GOOD_CARDS.visa, { expiryMonth, expiryYear });
      expect(await inputError(gatewayOf().tokenizeCard(input))).toEqual(expected);
    }
    // This month still works: a card is good through the last day of its expiry month.
    await expect(
      gatewayOf().tokenizeCard(await card(GOOD_CARDS.visa, { expiryMonth: 11, expiryYear: 2026 })),
    ).resolves.toMatchObject({ expiry: '2026-11-30' });
  });

  it('refuses a number it cannot decrypt: garbage, or encrypted with another key', async () => {
    const unreadable = { field: 'creditCardNumber', message: PAYMENT_MESSAGES.unreadable };
    const other = await createLocalGateway({ db, keyFile: path.join(dataDir, 'other.pem') }).encryptionKey();
    for (const encryptedNumber of ['AAAA', encryptNumber(other.publicKey, GOOD_CARDS.visa)]) {
      expect(await inputError(gatewayOf().tokenizeCard({ ...(await card(GOOD_CARDS.visa)), encryptedNumber }))).toEqual(
        unreadable,
      );
    }
  });

  it('refuses to keep the documented refused card and account', async () => {
    await expect(gatewayOf().tokenizeCard(await card('4000000000000101'))).rejects.toBeInstanceOf(PaymentRefusedError);
    const account = await encryptFor(gatewayOf(), '000222222227');
    await expect(
      gatewayOf().tokenizeBankAccount({
        encryptedAccountNumber: account,
        routingNumber: GOOD_BANK.routing,
        holderName: 'Pat',
      }),
    ).rejects.toBeInstanceOf(PaymentRefusedError);
  });

  it('keeps a checking account, and checks the routing number and the account', async () => {
    const encryptedAccountNumber = await encryptFor(gatewayOf(), GOOD_BANK.account);
    const kept = await gatewayOf().tokenizeBankAccount({
      encryptedAccountNumber,
      routingNumber: GOOD_BANK.routing,
      holderName: 'Pat Doe',
    });
    expect(kept).toEqual({ token: expect.stringMatching(/^tok_/), lastFour: '6789' });
    expect(
      await inputError(
        gatewayOf().tokenizeBankAccount({ encryptedAccountNumber, routingNumber: '110000001', holderName: 'Pat' }),
      ),
    ).toEqual({ field: 'checkRoutingNumber', message: PAYMENT_MESSAGES.routingInvalid });
    const short = await encryptFor(gatewayOf(), '12345');
    expect(
      await inputError(
        gatewayOf().tokenizeBankAccount({
          encryptedAccountNumber: short,
          routingNumber: GOOD_BANK.routing,
          holderName: 'Pat',
        }),
      ),
    ).toEqual({ field: 'checkAccountNumber', message: PAYMENT_MESSAGES.accountInvalid });
  });

  it('charges a token once per idempotency key', async () => {
    const { token } = await gatewayOf().tokenizeCard(await card(GOOD_CARDS.visa));
    const request = { token, amountCents: 3789, idempotencyKey: `once-${_name}`, description: 'Lawn service' };
    const first = await gatewayOf().charge(request);
    expect(first).toEqual({ status: 'approved', transactionId: expect.stringMatching(/^ch_/) });
    expect(await gatewayOf().charge(request)).toEqual(first);
    const charges = await vaultRows('charges');
    expect(charges.filter((row) => row.row.includes(`once-${_name}`))).toHaveLength(1);
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ] as const)('declines the test card %s as %s', async (number, code) => {
    const { token } = await gatewayOf().tokenizeCard(await card(number));
    const result = await gatewayOf().charge({
      token,
      amountCents: 100,
      idempotencyKey: `${_name}-card-${code}`,
      description: 'Lawn service',
    });
    expect(result).toEqual({ status: 'declined', transactionId: expect.any(String), code });
  });

  it.each([
    ['000111111116', 'account_closed'],
    ['000111111113', 'insufficient_funds'],
  ] as const)('declines the test account %s as %s', async (account, code) => {
    const { token } = await gatewayOf().tokenizeBankAccount({
      encryptedAccountNumber: await encryptFor(gatewayOf(), account),
      routingNumber: GOOD_BANK.routing,
      holderName: 'Pat',
    });
    const result = await gatewayOf().charge({
      token,
      amountCents: 100,
      idempotencyKey: `${_name}-account-${code}`,
      description: 'Lawn service',
    });
    expect(result).toMatchObject({ status: 'declined', code });
  });

  it('answers "unavailable" for the processing-error card, and records nothing', async () => {
    const { token } = await gatewayOf().tokenizeCard(await card('4000000000000119'));
    const before = (await vaultRows('charges')).length;
    await expect(
      gatewayOf().charge({ token, amountCents: 100, idempotencyKey: `${_name}-unavailable`, description: 'x' }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await vaultRows('charges')).toHaveLength(before);
  });

  it('declines an unknown token, and a card past its expiry', async () => {
    expect(
      await gatewayOf().charge({
        token: 'tok_unknown',
        amountCents: 100,
        idempotencyKey: `${_name}-unknown`,
        description: 'x',
      }),
    ).toMatchObject({ status: 'declined', code: 'unknown_token' });
    const { token } = await gatewayOf().tokenizeCard(
      await card(GOOD_CARDS.visa, { expiryMonth: 12, expiryYear: 2026 }),
    );
    now = new Date('2027-01-04T18:00:00Z');
    try {
      expect(
        await gatewayOf().charge({ token, amountCents: 100, idempotencyKey: `${_name}-expired`, description: 'x' }),
      ).toMatchObject({ status: 'declined', code: 'expired_card' });
    } finally {
      now = TODAY;
    }
  });

  it('forgets a removed card: charging its token is then declined as unknown; removing it again is no error', async () => {
    const { token } = await gatewayOf().tokenizeCard(await card(GOOD_CARDS.visa));
    await gatewayOf().removeInstrument(token);
    await gatewayOf().removeInstrument(token);
    expect(
      await gatewayOf().charge({ token, amountCents: 100, idempotencyKey: `${_name}-removed`, description: 'x' }),
    ).toMatchObject({ status: 'declined', code: 'unknown_token' });
  });

  it('refunds an approved charge, in parts, never more than was charged, once per key', async () => {
    const { token } = await gatewayOf().tokenizeCard(await card(GOOD_CARDS.mastercard));
    const charge = await gatewayOf().charge({
      token,
      amountCents: 5000,
      idempotencyKey: `${_name}-refundable`,
      description: 'x',
    });
    if (charge.status !== 'approved') throw new Error('not approved');
    const refund = (amountCents: number, idempotencyKey: string) =>
      gatewayOf().refund({
        transactionId: charge.transactionId,
        amountCents,
        idempotencyKey: `${_name}-${idempotencyKey}`,
      });
    const first = await refund(2000, 'r1');
    expect(first).toEqual({ status: 'refunded', refundId: expect.stringMatching(/^re_/) });
    expect(await refund(2000, 'r1')).toEqual(first);
    expect(await refund(3001, 'r2')).toMatchObject({ status: 'refused' });
    expect(await refund(3000, 'r3')).toMatchObject({ status: 'refunded' });
    expect(
      await gatewayOf().refund({ transactionId: 'ch_missing', amountCents: 1, idempotencyKey: `${_name}-r4` }),
    ).toMatchObject({ status: 'refused' });
  });
});

describe('the vault', () => {
  it('keeps no card or account number, only tokens, last four and expiry', async () => {
    const rows = await Promise.all([vaultRows('instruments'), vaultRows('charges'), vaultRows('refunds')]);
    const text = rows
      .flat()
      .map((row) => row.row)
      .join('\n');
    for (const number of [...Object.values(GOOD_CARDS), GOOD_BANK.account, '4000000000000002', '000111111116']) {
      expect(text).not.toContain(number);
    }
    expect(text).toContain('"last_four":"4242"');
  });
});

describe('the HTTP gateway', () => {
  it('counts a provider that cannot be reached, or that refuses its key, as unavailable', async () => {
    const offline = createHttpGateway({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, timeoutMs: 2000 });
    await expect(offline.encryptionKey()).rejects.toBeInstanceOf(GatewayUnavailableError);
    const provider = await serveGatewayProtocol(local, API_KEY);
    try {
      const wrongKey = createHttpGateway({ baseUrl: provider.url, apiKey: 'another-key-of-16-characters' });
      await expect(
        wrongKey.charge({ token: 't', amountCents: 1, idempotencyKey: 'k', description: 'x' }),
      ).rejects.toBeInstanceOf(GatewayUnavailableError);
    } finally {
      await provider.server.close();
    }
  });

  it('sends the provider the ciphertext only, never a number', async () => {
    const provider = await serveGatewayProtocol(local, API_KEY);
    try {
      const gateway = createHttpGateway({ baseUrl: provider.url, apiKey: API_KEY });
      await gateway.tokenizeCard({
        encryptedNumber: await encryptFor(gateway, GOOD_CARDS.visa),
        cardType: 4,
        expiryMonth: 5,
        expiryYear: 2030,
        holderName: 'Pat',
      });
      expect(JSON.stringify(provider.requests)).not.toContain(GOOD_CARDS.visa);
    } finally {
      await provider.server.close();
    }
  });
});

const NO_PAYTRACE = {
  paytraceApiUrl: 'https://api.paytrace.com',
  paytraceUsername: undefined,
  paytracePassword: undefined,
  paytraceIntegratorId: undefined,
  paytracePublicKeyFile: undefined,
};

describe('createPaymentGateway', () => {
  it('makes the gateway PAYMENT_GATEWAY names', async () => {
    const keyFile = path.join(dataDir, 'configured.pem');
    const configured = createPaymentGateway({
      config: {
        paymentGateway: 'local',
        paymentGatewayUrl: undefined,
        paymentGatewayApiKey: undefined,
        paymentEncryptionKeyFile: keyFile,
        ...NO_PAYTRACE,
      },
      db,
    });
    expect((await configured.encryptionKey()).publicKey).toMatch(/PUBLIC KEY/);
    expect(() =>
      createPaymentGateway({
        config: {
          paymentGateway: 'http',
          paymentGatewayUrl: undefined,
          paymentGatewayApiKey: undefined,
          paymentEncryptionKeyFile: keyFile,
          ...NO_PAYTRACE,
        },
        db,
      }),
    ).toThrow(/PAYMENT_GATEWAY_URL/);
    expect(() =>
      createPaymentGateway({
        config: {
          paymentGateway: 'paytrace',
          paymentGatewayUrl: undefined,
          paymentGatewayApiKey: undefined,
          paymentEncryptionKeyFile: keyFile,
          ...NO_PAYTRACE,
        },
        db,
      }),
    ).toThrow(/PAYMENT_GATEWAY=paytrace needs PAYTRACE_USERNAME/);
  });
});
