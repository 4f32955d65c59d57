import type { CardType, DeclineCode, EncryptionAlgorithm, IsoDate } from '@lawn/shared';

/**
 * The payment gateway: the only part of the product that ever sees a card or bank account number. The browser
 * encrypts the number with the gateway's public key; the gateway decrypts it inside `tokenize*`, checks it, keeps what
 * it needs in its own vault and answers a token with the brand, last four and expiry. The rest of the product keeps
 * only that token and those details, and charges the token.
 *
 * Nothing a gateway throws or answers holds a number: errors carry the product's messages only.
 */

/** The key the browser encrypts numbers with (the public key as SPKI PEM) and the padding the gateway decrypts. */
export type EncryptionKey = { publicKey: string; algorithm: EncryptionAlgorithm };

export type CardInput = {
  /** The card number encrypted in the browser (base64 RSA ciphertext, by the key's algorithm). */
  encryptedNumber: string;
  /** The card type chosen on the form; it must match the number's brand. */
  cardType: CardType;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
};

export type BankAccountInput = {
  /** The account number encrypted in the browser (base64 RSA ciphertext, by the key's algorithm). */
  encryptedAccountNumber: string;
  routingNumber: string;
  holderName: string;
};

/** A card the gateway keeps: its token and what may be shown of it. */
export type CardInstrument = { token: string; cardType: CardType; lastFour: string; expiry: IsoDate };
/** A checking account the gateway keeps: its token and the account's last four digits. */
export type BankInstrument = { token: string; lastFour: string };

export type ChargeRequest = {
  token: string;
  /** Whole cents, more than 0. */
  amountCents: number;
  /**
   * The same key always answers the same charge, made once: a retry after a crash or a lost answer never charges
   * twice. The billing uses one key per invoice.
   */
  idempotencyKey: string;
  /** Shown on the customer's statement, e.g. "Lawn service 05/04/2026". */
  description: string;
};

export type ChargeResult =
  | { status: 'approved'; transactionId: string }
  | { status: 'declined'; transactionId: string | null; code: DeclineCode };

export type RefundRequest = { transactionId: string; amountCents: number; idempotencyKey: string };
export type RefundResult = { status: 'refunded'; refundId: string } | { status: 'refused'; reason: string };

export type PaymentGateway = {
  encryptionKey: () => Promise<EncryptionKey>;
  tokenizeCard: (input: CardInput) => Promise<CardInstrument>;
  tokenizeBankAccount: (input: BankAccountInput) => Promise<BankInstrument>;
  charge: (request: ChargeRequest) => Promise<ChargeResult>;
  refund: (request: RefundRequest) => Promise<RefundResult>;
  /**
   * Forgets a card or account the product will not keep (e.g. the new customer it was saved for was not created), so no
   * token is left in the vault without a record. Removing a token that is already gone is not an error.
   */
  removeInstrument: (token: string) => Promise<void>;
};

/** Fields of the payment form a gateway may find fault with, as the change request names them. */
export type PaymentField =
  'creditCardNumber' | 'cardType' | 'creditCardExpirationMonth' | 'checkAccountNumber' | 'checkRoutingNumber';

/** A number or detail the gateway cannot accept (it fails its rules, or cannot be decrypted): the client's to fix. */
export class PaymentInputError extends Error {
  readonly field: PaymentField;

  constructor(field: PaymentField, message: string) {
    super(message);
    this.name = 'PaymentInputError';
    this.field = field;
  }
}

/** The gateway would not keep this card or account (its verification declined it). */
export class PaymentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

/** The gateway could not be reached or failed; nothing was done, and the same request may be tried again later. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}
