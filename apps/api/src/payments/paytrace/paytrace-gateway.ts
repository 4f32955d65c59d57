import { createHash, randomBytes } from 'node:crypto';
import { calendarDateIn, cardExpiryDate, isCardExpiryValid, PAYMENT_MESSAGES } from '@lawn/shared';
import {
  GatewayUnavailableError,
  PaymentInputError,
  type ChargeResult,
  type EncryptionKey,
  type PaymentGateway,
} from '../gateway';
import {
  customerAnswer,
  declineCodeOf,
  dollarsOf,
  exportAnswer,
  fieldOfErrors,
  isUnknownCustomer,
  PAYTRACE_CODES,
  resultAnswer,
  saleAnswer,
} from './paytrace-answers';
import { createPayTraceClient, type PayTraceClientOptions } from './paytrace-client';

/**
 * PayTrace (docs/adr/0056-paytrace-gateway.md). The browser encrypts the card number with the business's PayTrace
 * public key; this adapter forwards the ciphertext as `credit_card.encrypted_number` when it creates a PayTrace
 * customer profile, and the profile's customer id is the product's token. Charges are sales by customer id.
 *
 *   POST /oauth/token                           password grant -> bearer token (renewed before it expires)
 *   POST /v1/customer/create                    { customer_id, credit_card: { encrypted_number, ... }, billing_address }
 *   POST /v1/transactions/sale/by_customer      { customer_id, amount, invoice_id, description }
 *   POST /v1/transactions/refund/for_transaction { transaction_id, amount, invoice_id }
 *   POST /v1/transactions/export/by_date_range  { start_date, end_date, customer_id? } -> the transactions
 *   POST /v1/customer/delete                    { customer_id }
 *
 * PayTrace has no idempotency key, so the adapter keeps the promise itself: every charge and refund carries an
 * `invoice_id` derived from the product's idempotency key, and before sending one the adapter looks for a
 * transaction with that invoice id in PayTrace's recent history; if there is one, its outcome is the answer.
 *
 * PayTrace's client-side encryption covers card numbers only: it takes bank account numbers in clear, which the
 * product never holds, so e-checks are refused with this processor.
 */
export type PayTraceGatewayOptions = PayTraceClientOptions & {
  /** The business's PayTrace public key (PEM), which browsers encrypt card numbers with. */
  publicKeyPem: string;
};

/** How far back a retried charge or refund is looked for: longer than any retry schedule the billing uses. */
const LOOKBACK_DAYS = 60;

/**
 * PayTrace's invoice id for an idempotency key: a digest, so it fits PayTrace's field whatever the key's length and
 * says nothing of the product's ids, and the same key always gives the same invoice id.
 */
export function invoiceIdOf(idempotencyKey: string): string {
  return `L${createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32)}`;
}

/** A date as PayTrace's export takes it: MM/DD/YYYY. */
function paytraceDate(date: Date): string {
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

export function createPayTraceGateway(options: PayTraceGatewayOptions): PaymentGateway {
  const call = createPayTraceClient(options);
  const clock = options.clock ?? (() => new Date());
  // PayTrace decrypts RSAES-PKCS1-v1_5, the padding its own browser encryption script produces; OAEP it cannot read.
  const key: EncryptionKey = { publicKey: options.publicKeyPem, algorithm: 'RSA-PKCS1-v1_5' };

  /** The transaction PayTrace already holds under this invoice id (of this kind), if any. */
  async function earlier(invoiceId: string, kind: 'sale' | 'refund', customerId?: string) {
    const now = clock();
    const answer = await call(
      '/v1/transactions/export/by_date_range',
      {
        start_date: paytraceDate(new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000)),
        end_date: paytraceDate(new Date(now.getTime() + 86_400_000)),
        ...(customerId ? { customer_id: customerId } : {}),
      },
      exportAnswer,
    );
    // No transaction in the range is an answer too (PayTrace says so with an error); anything else unread is not.
    if (!answer.success && answer.response_code !== PAYTRACE_CODES.error) {
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    }
    return (answer.transactions ?? []).find(
      (transaction) =>
        transaction.invoice_id === invoiceId &&
        (transaction.transaction_type === undefined || transaction.transaction_type.toLowerCase() === kind),
    );
  }

  return {
    encryptionKey: () => Promise.resolve(key),

    async tokenizeCard(input) {
      if (!isCardExpiryValid(input.expiryMonth, input.expiryYear, calendarDateIn(clock()))) {
        throw new PaymentInputError('creditCardExpirationMonth', PAYMENT_MESSAGES.expiryInvalid);
      }
      const customerId = `lawn${randomBytes(12).toString('hex')}`;
      const answer = await call(
        '/v1/customer/create',
        {
          customer_id: customerId,
          credit_card: {
            encrypted_number: input.encryptedNumber,
            expiration_month: input.expiryMonth,
            expiration_year: input.expiryYear,
          },
          billing_address: { name: input.holderName },
        },
        customerAnswer,
      );
      if (answer.success && answer.response_code === PAYTRACE_CODES.customerCreated) {
        const digits = (answer.masked_card_number ?? '').replace(/\D/g, '');
        if (digits.length < 4) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
        return {
          token: answer.customer_id ?? customerId,
          // PayTrace masks the brand's digits too; the form's own check of the type against the number stands.
          cardType: input.cardType,
          lastFour: digits.slice(-4),
          expiry: cardExpiryDate(input.expiryMonth, input.expiryYear),
        };
      }
      if (answer.response_code === PAYTRACE_CODES.error) {
        const field = fieldOfErrors(answer.errors);
        throw new PaymentInputError(
          field,
          field === 'creditCardExpirationMonth' ? PAYMENT_MESSAGES.expiryInvalid : PAYMENT_MESSAGES.cardNumberInvalid,
        );
      }
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    },

    tokenizeBankAccount() {
      return Promise.reject(new PaymentInputError('checkAccountNumber', PAYMENT_MESSAGES.eCheckUnavailable));
    },

    async charge(request): Promise<ChargeResult> {
      const invoiceId = invoiceIdOf(request.idempotencyKey);
      const done = await earlier(invoiceId, 'sale', request.token);
      if (done) {
        const transactionId = String(done.transaction_id);
        return done.approval_code
          ? { status: 'approved', transactionId }
          : { status: 'declined', transactionId, code: declineCodeOf(done.approval_message) };
      }
      const answer = await call(
        '/v1/transactions/sale/by_customer',
        {
          customer_id: request.token,
          amount: dollarsOf(request.amountCents),
          invoice_id: invoiceId,
          description: request.description,
        },
        saleAnswer,
      );
      const transactionId = answer.transaction_id === undefined ? null : String(answer.transaction_id);
      if (answer.success && answer.response_code === PAYTRACE_CODES.saleApproved && transactionId) {
        return { status: 'approved', transactionId };
      }
      if (answer.response_code === PAYTRACE_CODES.saleDeclined) {
        return { status: 'declined', transactionId, code: declineCodeOf(answer.approval_message) };
      }
      if (answer.response_code === PAYTRACE_CODES.error && isUnknownCustomer(answer.errors)) {
        return { status: 'declined', transactionId: null, code: 'unknown_token' };
      }
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    },

    async refund(request) {
      const invoiceId = invoiceIdOf(request.idempotencyKey);
      const done = await earlier(invoiceId, 'refund');
      if (done) return { status: 'refunded', refundId: String(done.transaction_id) };
      const answer = await call(
        '/v1/transactions/refund/for_transaction',
        {
          transaction_id: Number(request.transactionId),
          amount: dollarsOf(request.amountCents),
          invoice_id: invoiceId,
        },
        saleAnswer,
      );
      if (answer.success && answer.response_code === PAYTRACE_CODES.refundAccepted && answer.transaction_id) {
        return { status: 'refunded', refundId: String(answer.transaction_id) };
      }
      if (answer.response_code === PAYTRACE_CODES.error) {
        return { status: 'refused', reason: answer.status_message ?? 'The refund was refused.' };
      }
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    },

    async removeInstrument(token) {
      const answer = await call('/v1/customer/delete', { customer_id: token }, resultAnswer);
      if (answer.success || isUnknownCustomer(answer.errors)) return;
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    },
  };
}
