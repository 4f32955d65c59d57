import { z } from 'zod';
import { CARD_TYPES, cardTypeName } from '../customers/customer.constants';
import { identityCheckFields } from '../external/identity-check.schema';
import { firstBroken } from '../validation/rules';
import {
  acceptedAuthorization,
  chargeAuthorizationSchema,
  chargeTermsSchema,
  officeAuthorization,
} from './charge-authorization';
import { choiceOf, requiredText, selectedNumber, wholeNumber } from '../validation';
import type { IsoDate } from '../schedule/calendar-date';
import {
  cardNumberProblem,
  isBankAccountNumberValid,
  isCardExpiryValid,
  isRoutingNumberValid,
  numberDigits,
} from './card-rules';

/**
 * Messages of the payment pages: the spec's own where it gives them, and plain words
 * where it does not.
 */
export const PAYMENT_MESSAGES = {
  nameOnCardRequired: 'Name on card is required',
  cardNumberRequired: 'Card number is required',
  cardNumberInvalid: 'Card number is not valid',
  cardTypeRequired: 'Card type is required',
  cardTypeMismatch: 'The card type does not match the card number',
  cardMonthRequired: 'Card month is required',
  cardYearRequired: 'Card year is required',
  expiryInvalid: 'Expiry date is not valid',
  nameOnAccountRequired: 'Name on account is required',
  nameHasNumber: 'Enter a name here, not a card or account number',
  routingRequired: 'Routing number is required',
  routingInvalid: 'Routing number is not valid',
  accountRequired: 'Account number is required',
  accountInvalid: 'Account number is not valid',
  verifyRequired: 'Confirm your account number',
  verifyMismatch: 'Do not match',
  paymentOptionRequired: 'Choose Credit/Debit Card or E-Check',
  /** The encrypted number could not be decrypted: a stale page (an old key) or a tampered request. */
  unreadable: 'The card or account details could not be read. Reload the page and try again.',
  /** The gateway refused to keep the card or account (its verification declined it). */
  refused: 'The payment method was declined. Use another card or account, or call the office.',
  /** The same refusal where the office's phone is known (`OFFICE_PHONE`), as the customer's pages show it. */
  refusedCallOffice: (officePhone: string) =>
    `The payment method was declined. Use another card or account, or call the office at ${officePhone}.`,
  /** The processor in use keeps cards only: it takes no bank account numbers encrypted in the browser. */
  eCheckUnavailable: 'E-check payments are not available. Use a credit or debit card, or call the office.',
  gatewayUnavailable: 'Payments are unavailable right now. Please try again in a few minutes.',
  updated: 'The payment method was updated successfully',
  /** The office's notification of a change, followed by who made it and the new method. */
  changedNotification: 'Payment method changed',
  errorTitle: 'Error',
  propertyNotFound: 'Property not found',
  billedNextBusinessDay: 'Your card or bank account is billed the next business day after your scheduled mow.',
  eCheckFifthMowFree: 'Pay by E-Check and your 5th mow is free.',
  noPaymentMethod: 'No payment method on file',
  /** WebCrypto, which encrypts the numbers, works only on a secure page. */
  insecurePage: 'Card and bank details can only be sent from a secure page. Open the app at its https address.',
  accountNotFound: 'No property has this account number',
  noProperties: 'There are no properties to show.',
} as const;

/** How a property pays (`paymentType`): 1 card, 2 e-check. */
export const PAYMENT_TYPE = { card: 1, eCheck: 2 } as const;
export const PAYMENT_TYPES = { [PAYMENT_TYPE.card]: 'Credit/Debit Card', [PAYMENT_TYPE.eCheck]: 'E-Check' } as const;
export type PaymentType = keyof typeof PAYMENT_TYPES;

/** The payment form's tab (`paymentOption`): 0 is the card tab, 1 the e-check tab. */
export const PAYMENT_OPTION = { card: 0, eCheck: 1 } as const;

export const NAME_ON_CARD_MAX = 50;
/**
 * Ciphertext of one number, base64: RSA (either padding) makes one block of the key's size, 344 characters for a 2048-bit key and
 * 684 for 4096 bits. Anything shorter than a 1024-bit block (172 characters) is no ciphertext, e.g. a number in clear.
 * The pattern carries the lengths too, so what matches it is a ciphertext's size (and generators make such strings).
 */
const CIPHERTEXT_LENGTH = { min: 172, max: 1024 } as const;
const BASE64 = /^[A-Za-z0-9+/]{170,1024}={0,2}$/;

/**
 * A run of 7 or more digits (spaces and dashes allowed between them): part of a card or account number typed into a
 * name field by mistake. Names are kept in clear, so they must never hold one.
 */
const NUMBER_RUN = /\d(?:[\s-]?\d){6,}/;
export const isHolderNameFreeOfNumbers = (name: string): boolean => !NUMBER_RUN.test(name);
const holderName = (required: string) =>
  requiredText({ required, max: NAME_ON_CARD_MAX }).refine(
    isHolderNameFreeOfNumbers,
    firstBroken(PAYMENT_MESSAGES.nameHasNumber),
  );
const nameOnCard = holderName(PAYMENT_MESSAGES.nameOnCardRequired);
const nameOnAccount = holderName(PAYMENT_MESSAGES.nameOnAccountRequired);
const cardType = choiceOf(CARD_TYPES, PAYMENT_MESSAGES.cardTypeRequired);
const expiryMonth = wholeNumber({
  min: 1,
  max: 12,
  message: PAYMENT_MESSAGES.expiryInvalid,
  required: PAYMENT_MESSAGES.cardMonthRequired,
});
/** Bounded to a sane range here; which years are offered (and not past) depends on the day, checked apart. */
const expiryYear = wholeNumber({
  min: 2000,
  max: 2200,
  message: PAYMENT_MESSAGES.expiryInvalid,
  required: PAYMENT_MESSAGES.cardYearRequired,
});
const routingNumber = requiredText({
  required: PAYMENT_MESSAGES.routingRequired,
  max: 9,
  maxMessage: PAYMENT_MESSAGES.routingInvalid,
  pattern: { regex: /^\d+$/, message: PAYMENT_MESSAGES.routingInvalid },
}).refine(isRoutingNumberValid, firstBroken(PAYMENT_MESSAGES.routingInvalid));

/** An encrypted number as the browser sends it (base64 RSA ciphertext); its contents are checked by the gateway. */
function ciphertext(required: string) {
  return requiredText({
    required,
    min: CIPHERTEXT_LENGTH.min,
    minMessage: PAYMENT_MESSAGES.unreadable,
    max: CIPHERTEXT_LENGTH.max,
    maxMessage: PAYMENT_MESSAGES.unreadable,
    pattern: { regex: BASE64, message: PAYMENT_MESSAGES.unreadable },
  });
}

/**
 * PATCH .../update-credit-card, card tab: the card number arrives encrypted with the gateway's public key; the rest in
 * clear. No CVV is asked for or accepted.
 */
export const cardChangeSchema = z.strictObject({
  paymentOption: z.literal(PAYMENT_OPTION.card),
  nameOnCard,
  creditCardNumber: ciphertext(PAYMENT_MESSAGES.cardNumberRequired),
  cardType,
  creditCardExpirationMonth: expiryMonth,
  creditCardExpirationYear: expiryYear,
  authorizationAccepted: officeAuthorization,
});

/** PATCH .../update-credit-card, e-check tab: the account number encrypted, the routing number in clear. */
export const eCheckChangeSchema = z.strictObject({
  paymentOption: z.literal(PAYMENT_OPTION.eCheck),
  checkNameOnAccount: nameOnAccount,
  checkRoutingNumber: routingNumber,
  checkAccountNumber: ciphertext(PAYMENT_MESSAGES.accountRequired),
  authorizationAccepted: officeAuthorization,
});

/** The body of a payment-method change: the fields of the chosen tab only. */
export const paymentMethodChangeSchema = z.discriminatedUnion('paymentOption', [cardChangeSchema, eCheckChangeSchema], {
  error: PAYMENT_MESSAGES.paymentOptionRequired,
});
export type PaymentMethodChange = z.infer<typeof paymentMethodChangeSchema>;

/**
 * A payment method given on the web (the customer's own pages, the public sign-up): the same fields, and the customer's
 * acceptance of the charges, required on both tabs.
 */
const webAuthorization = { authorizationAccepted: acceptedAuthorization };
export const webPaymentMethodChangeSchema = z.discriminatedUnion(
  'paymentOption',
  [cardChangeSchema.extend(webAuthorization), eCheckChangeSchema.extend(webAuthorization)],
  { error: PAYMENT_MESSAGES.paymentOptionRequired },
);
export type WebPaymentMethodChange = z.infer<typeof webPaymentMethodChangeSchema>;

/** The identity check of a change made through an external door; a signed-in customer leaves it out. */
const optionalIdentityCheck = {
  serviceZipCode: identityCheckFields.serviceZipCode.optional(),
  phoneLastFour: identityCheckFields.phoneLastFour.optional(),
};

/**
 * PATCH /api/customer/{id}/update-credit-card: the change, and the service zip code and phone's last four digits that
 * a customer who came through a phone or account-number look-up must add (the server asks for them then).
 */
export const customerPaymentMethodChangeSchema = z.discriminatedUnion(
  'paymentOption',
  [
    cardChangeSchema.extend({ ...webAuthorization, ...optionalIdentityCheck }),
    eCheckChangeSchema.extend({ ...webAuthorization, ...optionalIdentityCheck }),
  ],
  { error: PAYMENT_MESSAGES.paymentOptionRequired },
);
export type CustomerPaymentMethodChange = z.infer<typeof customerPaymentMethodChangeSchema>;

/** Runs an object-level rule as soon as the fields it reads are valid, whatever is wrong elsewhere on the form. */
function whenValid(...fields: string[]) {
  return (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0] ?? '')));
}

/** The card tab of the form, with the number in clear (before it is encrypted); expiry rules depend on `today`. */
export function cardFormSchema(today: IsoDate) {
  return z
    .object({
      nameOnCard,
      creditCardNumber: requiredText({ required: PAYMENT_MESSAGES.cardNumberRequired, max: 30 }).refine(
        (number) => cardNumberProblem(number) === undefined,
        firstBroken(PAYMENT_MESSAGES.cardNumberInvalid),
      ),
      cardType: selectedNumber(cardType),
      creditCardExpirationMonth: selectedNumber(expiryMonth),
      creditCardExpirationYear: selectedNumber(expiryYear),
    })
    .refine((form) => cardNumberProblem(form.creditCardNumber, form.cardType) === undefined, {
      path: ['cardType'],
      message: PAYMENT_MESSAGES.cardTypeMismatch,
      when: whenValid('creditCardNumber', 'cardType'),
    })
    .refine((form) => isCardExpiryValid(form.creditCardExpirationMonth, form.creditCardExpirationYear, today), {
      path: ['creditCardExpirationMonth'],
      message: PAYMENT_MESSAGES.expiryInvalid,
      when: whenValid('creditCardExpirationMonth', 'creditCardExpirationYear'),
    });
}

/** The e-check tab of the form: its own schema, with the account typed twice. */
export const eCheckFormSchema = z
  .object({
    checkNameOnAccount: nameOnAccount,
    checkRoutingNumber: routingNumber,
    checkAccountNumber: requiredText({ required: PAYMENT_MESSAGES.accountRequired, max: 30 }).refine(
      isBankAccountNumberValid,
      firstBroken(PAYMENT_MESSAGES.accountInvalid),
    ),
    checkAccountNumberVerify: requiredText({ required: PAYMENT_MESSAGES.verifyRequired, max: 30 }),
  })
  .refine((form) => numberDigits(form.checkAccountNumber) === numberDigits(form.checkAccountNumberVerify), {
    path: ['checkAccountNumberVerify'],
    message: PAYMENT_MESSAGES.verifyMismatch,
    when: whenValid('checkAccountNumberVerify'),
  });

/**
 * A property's payment method as every screen shows it: never a number, only the card's brand, last four and expiry,
 * or the bank account's last four.
 */
export const paymentMethodSchema = z.object({
  paymentType: z.number().int().nullable(),
  paymentTypeName: z.string(),
  cardType: z.number().int().nullable(),
  cardTypeName: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  cardExpirationMonth: z.number().int().nullable(),
  cardExpirationYear: z.number().int().nullable(),
  bankLastFour: z.string().nullable(),
  billingName: z.string().nullable(),
  /** Whether the gateway holds a token for it, so it can be billed. */
  hasToken: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** One property of the payment list (streetAddress, accountNumber, parentId, id). */
export const paymentPropertySchema = z.object({
  id: z.number().int(),
  streetAddress: z.string(),
  accountNumber: z.string(),
  /** The customer the property belongs to. */
  parentId: z.number().int(),
  customerName: z.string(),
  paymentMethod: paymentMethodSchema,
  /** What its charges are, for the authorization the payment form asks for. */
  chargeTerms: chargeTermsSchema,
  /** The last charge authorization kept for it, or null. */
  authorization: chargeAuthorizationSchema.nullable(),
});
export type PaymentProperty = z.infer<typeof paymentPropertySchema>;

export const paymentPropertiesResponseSchema = z.object({ data: z.array(paymentPropertySchema) });
export const paymentPropertyResponseSchema = z.object({ data: paymentPropertySchema });
/**
 * A customer's own property: `identityCheck` says whether a change must carry the service zip code and the phone's
 * last four digits (true for a customer who came through a look-up, false for one signed in to their web account).
 */
export const customerPaymentPropertyResponseSchema = paymentPropertyResponseSchema.extend({
  identityCheck: z.boolean(),
});
export const paymentMethodChangeResponseSchema = z.object({ message: z.string(), data: paymentPropertySchema });

/**
 * How the browser encrypts a number with the gateway's key: RSA-OAEP with SHA-256 (WebCrypto's), or RSAES-PKCS1-v1_5
 * for a processor that decrypts only that padding (PayTrace's own browser script uses it).
 */
export const ENCRYPTION_ALGORITHMS = ['RSA-OAEP-256', 'RSA-PKCS1-v1_5'] as const;
export type EncryptionAlgorithm = (typeof ENCRYPTION_ALGORITHMS)[number];

/** The gateway's public key: the browser encrypts card and account numbers with it, by its algorithm. */
export const paymentKeyResponseSchema = z.object({
  data: z.object({
    /** SPKI, PEM-encoded. */
    publicKey: z.string(),
    algorithm: z.enum(ENCRYPTION_ALGORITHMS),
  }),
});
export type PaymentKey = z.infer<typeof paymentKeyResponseSchema>['data'];

/** "Visa ending in 4242, expires 05/2030" or "E-Check account ending in 6789": how a method is named to people. */
export function describePaymentMethod(method: PaymentMethod): string {
  if (method.paymentType === PAYMENT_TYPE.eCheck) {
    return method.bankLastFour ? `E-Check account ending in ${method.bankLastFour}` : 'E-Check';
  }
  if (method.paymentType === PAYMENT_TYPE.card) {
    const brand = cardTypeName(method.cardType);
    const ending = method.cardLastFour ? ` ending in ${method.cardLastFour}` : '';
    const expires =
      method.cardExpirationMonth && method.cardExpirationYear
        ? `, expires ${String(method.cardExpirationMonth).padStart(2, '0')}/${method.cardExpirationYear}`
        : '';
    return `${brand}${ending}${expires}`;
  }
  return PAYMENT_MESSAGES.noPaymentMethod;
}
