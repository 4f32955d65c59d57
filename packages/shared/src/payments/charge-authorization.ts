import { z } from 'zod';
import { BILLING_CHARGE_RULES, type BillingChargeRule } from '../settings/settings.schema';

/**
 * The customer's authorization of recurring charges. Every payment form says what will be charged and when (the
 * property's price per mow with tax, and the billing rule of the settings), the customer ticks that they accept it,
 * and the product keeps the acceptance: when, who, through which channel, and the exact words under a version. An
 * e-check debit started on the web needs that record (the ACH rules for web-originated debits ask the business to
 * keep the customer's authorization); for cards it is the proof a chargeback dispute asks for.
 */

/** The version of the wording below: changed whenever the words change, so a kept acceptance names what was shown. */
export const CHARGE_AUTHORIZATION_VERSION = '2026-11-27';

/** Where an acceptance was given. */
export const AUTHORIZATION_CHANNELS = {
  office: 'Office (by phone or in person)',
  webAccount: "Customer's web account",
  webLink: 'Payment page reached by account look-up',
  signUp: 'Online sign-up',
} as const;
export type AuthorizationChannel = keyof typeof AUTHORIZATION_CHANNELS;
const CHANNEL_KEYS = Object.keys(AUTHORIZATION_CHANNELS) as [AuthorizationChannel, ...AuthorizationChannel[]];

export const AUTHORIZATION_MESSAGES = {
  required: 'Tick the box to authorize these charges',
  /** The office's box: staff record an authorization the customer gave them, they do not give it. */
  officeLabel: 'The customer authorized these charges:',
  customerLabel: 'I authorize these charges:',
  none: 'No charge authorization on file',
} as const;

/**
 * What a property's charges are: its price per mow (with tax; null before it is priced) and the billing rule (null
 * where a page could not read the settings: the words then say "after each mow", true of either rule).
 */
export const chargeTermsSchema = z.object({
  pricePerMow: z.number().nonnegative().nullable(),
  billingCharges: z.enum(BILLING_CHARGE_RULES).nullable(),
});
export type ChargeTerms = z.infer<typeof chargeTermsSchema>;

const WHEN: Record<BillingChargeRule, string> = {
  'check-out': 'on the business day after each mow our crew completes',
  schedule: 'on the business day after each scheduled mow',
};

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The words the customer accepts, for a card or a checking account (the keys of PAYMENT_OPTION). The same function
 * writes them on the form and in the kept record, so what is kept is what was shown.
 */
export function chargeAuthorizationText(method: 'card' | 'eCheck', terms: ChargeTerms): string {
  const what = method === 'eCheck' ? 'debit my checking account' : 'charge my card';
  const amount =
    terms.pricePerMow === null ? 'the price of each mow' : `${dollars.format(terms.pricePerMow)} (tax included)`;
  const when = terms.billingCharges === null ? 'after each mow' : WHEN[terms.billingCharges];
  return (
    `I authorize the lawn service to ${what} ${amount} for each mow, ${when}, ` +
    'until I cancel the service or change my payment method. A price change is told to me before it is charged. ' +
    'I can withdraw this authorization by calling the office.'
  );
}

/** A web change or sign-up must carry the customer's acceptance: the box ticked. */
export const acceptedAuthorization = z.literal(true, { error: AUTHORIZATION_MESSAGES.required });
/** The office may record an acceptance the customer gave by phone or in person; not having one is not an error. */
export const officeAuthorization = z.boolean().optional();

/** The kept acceptance, as the record's billing info shows it. */
export const chargeAuthorizationSchema = z.object({
  acceptedAt: z.string(),
  acceptedBy: z.string(),
  channel: z.enum(CHANNEL_KEYS),
  textVersion: z.string(),
  text: z.string(),
});
export type ChargeAuthorization = z.infer<typeof chargeAuthorizationSchema>;

/**
 * The box on a payment form: ticked or not (it starts unticked). A customer must tick it; on the office's forms it
 * records an acceptance the customer gave, so it may stay unticked.
 */
export function chargeAuthorizationFormSchema(isRequired: boolean) {
  return z.object({
    authorizationAccepted: z
      .boolean()
      .refine((accepted) => accepted || !isRequired, { message: AUTHORIZATION_MESSAGES.required }),
  });
}
export type ChargeAuthorizationValues = z.input<ReturnType<typeof chargeAuthorizationFormSchema>>;
