import type { cardFormSchema, eCheckFormSchema } from '@lawn/shared';
import {
  cardTypeFromNumber,
  numberDigits,
  PAYMENT_OPTION,
  PAYMENT_TYPE,
  type IdentityCheck,
  type PaymentMethodChange,
  type PaymentProperty,
} from '@lawn/shared';
import type { z } from 'zod';
import type { SchemaForm } from '../../lib/use-schema-form';

/** The card tab as typed: selects are '' until something is chosen. */
export type CardValues = z.input<ReturnType<typeof cardFormSchema>>;
/** The card tab once valid: every select chosen. */
type CardEntry = z.output<ReturnType<typeof cardFormSchema>>;
/** A card tab's form (the payment pages', the wizard's or the sign-up's, each with its schema). */
export type CardForm = SchemaForm<CardValues, CardEntry>;

export type ECheckValues = z.input<typeof eCheckFormSchema>;
export type ECheckForm = SchemaForm<ECheckValues>;

/** A new card or account typed from nothing (the wizard's and the sign-up's). */
export const EMPTY_CARD: CardValues = {
  nameOnCard: '',
  creditCardNumber: '',
  cardType: '',
  creditCardExpirationMonth: '',
  creditCardExpirationYear: '',
};
export const EMPTY_E_CHECK: ECheckValues = {
  checkNameOnAccount: '',
  checkRoutingNumber: '',
  checkAccountNumber: '',
  checkAccountNumberVerify: '',
};

/** The form's tab: 0 Credit/Debit Card, 1 E-Check (the change request's paymentOption). */
export type PaymentTab = (typeof PAYMENT_OPTION)[keyof typeof PAYMENT_OPTION];

/** The identity check starts empty: it is what the customer knows, never offered from the record. */
export const identityCheckDefaults: IdentityCheck = { serviceZipCode: '', phoneLastFour: '' };

/** The tab a property's form opens on: its current method's. */
export function initialTab(property: PaymentProperty): PaymentTab {
  return property.paymentMethod.paymentType === PAYMENT_TYPE.eCheck ? PAYMENT_OPTION.eCheck : PAYMENT_OPTION.card;
}

/** A new card is typed in full: only the name on it is offered from what is on file. */
export function cardDefaults(property: PaymentProperty): CardValues {
  return {
    nameOnCard: property.paymentMethod.billingName ?? property.customerName,
    creditCardNumber: '',
    cardType: '',
    creditCardExpirationMonth: '',
    creditCardExpirationYear: '',
  };
}

export function eCheckDefaults(property: PaymentProperty): ECheckValues {
  return {
    checkNameOnAccount: property.paymentMethod.billingName ?? property.customerName,
    checkRoutingNumber: '',
    checkAccountNumber: '',
    checkAccountNumberVerify: '',
  };
}

/**
 * The mask of a card number as it is typed: groups of four, American Express (first digit 3) as 4-6-5. The card type
 * follows the first digit.
 */
export function cardNumberMask(digits: string): string {
  return cardTypeFromNumber(digits) === 3 ? '#### ###### #####' : '#### #### #### ####';
}

type Encrypt = (number: string) => Promise<string>;

/**
 * What a change carries beside its tab's fields: the identity check when the page asks for one, and whether the
 * customer accepted the charges (the box of the form; left out where the form has none).
 */
export type ChangeExtras = { identity?: IdentityCheck | null; authorizationAccepted?: boolean };
/** A change as sent: the tab's fields and the extras. The server's schema of each door says which it needs. */
export type PaymentChange = PaymentMethodChange & Partial<IdentityCheck>;

/** The extras as sent: the identity check's answers trimmed. */
function extraFields({ identity, authorizationAccepted }: ChangeExtras) {
  return {
    ...(identity
      ? { serviceZipCode: identity.serviceZipCode.trim(), phoneLastFour: identity.phoneLastFour.trim() }
      : {}),
    ...(authorizationAccepted === undefined ? {} : { authorizationAccepted }),
  };
}

/** The card tab's change request: the number encrypted, nothing else of it sent. */
export async function toCardChange(
  values: CardValues,
  encrypt: Encrypt,
  extras: ChangeExtras = {},
): Promise<PaymentChange> {
  return {
    paymentOption: PAYMENT_OPTION.card,
    nameOnCard: values.nameOnCard.trim(),
    creditCardNumber: await encrypt(numberDigits(values.creditCardNumber)),
    cardType: Number(values.cardType),
    creditCardExpirationMonth: Number(values.creditCardExpirationMonth),
    creditCardExpirationYear: Number(values.creditCardExpirationYear),
    ...extraFields(extras),
  };
}

/** The e-check tab's change request: the account number encrypted, its confirmation never sent. */
export async function toECheckChange(
  values: ECheckValues,
  encrypt: Encrypt,
  extras: ChangeExtras = {},
): Promise<PaymentChange> {
  return {
    paymentOption: PAYMENT_OPTION.eCheck,
    checkNameOnAccount: values.checkNameOnAccount.trim(),
    checkRoutingNumber: values.checkRoutingNumber.trim(),
    checkAccountNumber: await encrypt(numberDigits(values.checkAccountNumber)),
    ...extraFields(extras),
  };
}
