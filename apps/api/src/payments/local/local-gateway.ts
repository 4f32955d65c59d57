import { randomBytes } from 'node:crypto';
import {
  calendarDateIn,
  cardExpiryDate,
  cardNumberProblem,
  isBankAccountNumberValid,
  isCardExpired,
  isCardExpiryValid,
  isRoutingNumberValid,
  lastFour,
  numberDigits,
  PAYMENT_MESSAGES,
  type CardType,
} from '@lawn/shared';
import { eq, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  GatewayUnavailableError,
  PaymentInputError,
  PaymentRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentField,
  type PaymentGateway,
  type RefundResult,
} from '../gateway';
import { decryptNumber, loadOrCreateKeyPair, type KeyPair } from './encryption-key';
import { BANK_TEST_ACCOUNTS, CARD_TEST_NUMBERS, REFUSED } from './test-numbers';
import { vaultCharges, vaultInstruments, vaultRefunds, type InstrumentBehaviour } from './vault.schema';

export type LocalGatewayOptions = {
  db: Executor;
  /** The RSA private key's PEM file (made on first use when missing). */
  keyFile: string;
  /** Today is the business's today: cards expire at the end of their month in Chicago. */
  clock?: () => Date;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type ChargeRow = typeof vaultCharges.$inferSelect;

function resultOf(row: ChargeRow): ChargeResult {
  if (row.status === 'approved') return { status: 'approved', transactionId: row.id };
  return { status: 'declined', transactionId: row.id, code: row.declineCode ?? 'card_declined' };
}

/**
 * The built-in gateway, the default for development, tests and a business without a provider yet. It behaves as a
 * real one does from the outside: it decrypts with its own key, checks every number (Luhn, brand lengths, routing
 * checksum, expiry), answers tokens, charges them once per idempotency key, declines the documented test numbers and
 * expired cards, and refunds. Its vault keeps no number (see vault.schema.ts).
 */
export function createLocalGateway(options: LocalGatewayOptions): PaymentGateway {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  let keyPair: Promise<KeyPair> | undefined;
  const keys = () => {
    keyPair ??= loadOrCreateKeyPair(options.keyFile).catch((error: unknown) => {
      keyPair = undefined;
      throw error;
    });
    return keyPair;
  };

  /** The number in clear, only inside this call: digits only, or a 400 naming the field when it cannot be read. */
  async function decrypt(ciphertext: string, field: PaymentField): Promise<string> {
    const plain = decryptNumber(await keys(), ciphertext);
    if (plain === null) throw new PaymentInputError(field, PAYMENT_MESSAGES.unreadable);
    return numberDigits(plain);
  }

  async function keep(values: typeof vaultInstruments.$inferInsert): Promise<void> {
    await db.insert(vaultInstruments).values(values);
  }

  async function findCharge(idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await db.select().from(vaultCharges).where(eq(vaultCharges.idempotencyKey, idempotencyKey));
    return row;
  }

  /** How a charge on this instrument goes today: its behaviour, unless it is unknown or past its expiry. */
  function outcomeOf(
    instrument: { behaviour: InstrumentBehaviour; expiry: string | null } | undefined,
  ): InstrumentBehaviour | 'unknown_token' {
    if (!instrument) return 'unknown_token';
    if (instrument.expiry !== null && isCardExpired(instrument.expiry, calendarDateIn(clock()))) return 'expired_card';
    return instrument.behaviour;
  }

  return {
    async encryptionKey() {
      return { publicKey: (await keys()).publicKeyPem, algorithm: 'RSA-OAEP-256' };
    },

    async tokenizeCard(input) {
      const number = await decrypt(input.encryptedNumber, 'creditCardNumber');
      const problem = cardNumberProblem(number, input.cardType);
      if (problem === 'invalid') throw new PaymentInputError('creditCardNumber', PAYMENT_MESSAGES.cardNumberInvalid);
      if (problem === 'typeMismatch') throw new PaymentInputError('cardType', PAYMENT_MESSAGES.cardTypeMismatch);
      const today = calendarDateIn(clock());
      if (!isCardExpiryValid(input.expiryMonth, input.expiryYear, today)) {
        throw new PaymentInputError('creditCardExpirationMonth', PAYMENT_MESSAGES.expiryInvalid);
      }
      const test = CARD_TEST_NUMBERS[number];
      if (test === REFUSED) throw new PaymentRefusedError(PAYMENT_MESSAGES.refused);
      const instrument = {
        token: newId('tok'),
        cardType: input.cardType as CardType,
        lastFour: lastFour(number),
        expiry: cardExpiryDate(input.expiryMonth, input.expiryYear),
      };
      await keep({ ...instrument, kind: 'card', behaviour: test ?? 'approve' });
      return instrument;
    },

    async tokenizeBankAccount(input) {
      if (!isRoutingNumberValid(input.routingNumber)) {
        throw new PaymentInputError('checkRoutingNumber', PAYMENT_MESSAGES.routingInvalid);
      }
      const account = await decrypt(input.encryptedAccountNumber, 'checkAccountNumber');
      if (!isBankAccountNumberValid(account)) {
        throw new PaymentInputError('checkAccountNumber', PAYMENT_MESSAGES.accountInvalid);
      }
      const test = BANK_TEST_ACCOUNTS[account];
      if (test === REFUSED) throw new PaymentRefusedError(PAYMENT_MESSAGES.refused);
      const instrument = { token: newId('tok'), lastFour: lastFour(account) };
      await keep({ ...instrument, kind: 'bank', behaviour: test ?? 'approve' });
      return instrument;
    },

    async removeInstrument(token) {
      await db.delete(vaultInstruments).where(eq(vaultInstruments.token, token));
    },

    async charge(request: ChargeRequest) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError('A charge is a whole number of cents above 0');
      }
      const earlier = await findCharge(request.idempotencyKey);
      if (earlier) return resultOf(earlier);
      const [instrument] = await db
        .select({ behaviour: vaultInstruments.behaviour, expiry: vaultInstruments.expiry })
        .from(vaultInstruments)
        .where(eq(vaultInstruments.token, request.token));
      const outcome = outcomeOf(instrument);
      // As a provider that cannot be reached: nothing is recorded, and the same request can be sent again later.
      if (outcome === 'processing_error') throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
      const [inserted] = await db
        .insert(vaultCharges)
        .values({
          id: newId('ch'),
          token: request.token,
          amountCents: request.amountCents,
          idempotencyKey: request.idempotencyKey,
          status: outcome === 'approve' ? 'approved' : 'declined',
          declineCode: outcome === 'approve' ? null : outcome,
        })
        .onConflictDoNothing({ target: vaultCharges.idempotencyKey })
        .returning();
      // Two requests with one key at once: the one that lost the race answers the charge the other made.
      const row = inserted ?? (await findCharge(request.idempotencyKey));
      if (!row) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
      return resultOf(row);
    },

    async refund(request): Promise<RefundResult> {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        return { status: 'refused', reason: 'A refund is a whole number of cents above 0' };
      }
      // The charge row is locked, so two refunds at once cannot together return more than was charged.
      return db.transaction(async (tx): Promise<RefundResult> => {
        const [charge] = await tx
          .select()
          .from(vaultCharges)
          .where(eq(vaultCharges.id, request.transactionId))
          .for('update');
        const [earlier] = await tx
          .select({ id: vaultRefunds.id })
          .from(vaultRefunds)
          .where(eq(vaultRefunds.idempotencyKey, request.idempotencyKey));
        if (earlier) return { status: 'refunded', refundId: earlier.id };
        if (!charge || charge.status !== 'approved')
          return { status: 'refused', reason: 'No approved charge to refund' };
        const [refunded] = await tx
          .select({ total: sum(vaultRefunds.amountCents).mapWith(Number) })
          .from(vaultRefunds)
          .where(eq(vaultRefunds.chargeId, charge.id));
        if ((refunded?.total ?? 0) + request.amountCents > charge.amountCents) {
          return { status: 'refused', reason: 'The refund is more than what is left of the charge' };
        }
        const refundId = newId('re');
        await tx.insert(vaultRefunds).values({
          id: refundId,
          chargeId: charge.id,
          amountCents: request.amountCents,
          idempotencyKey: request.idempotencyKey,
        });
        return { status: 'refunded', refundId };
      });
    },
  };
}
