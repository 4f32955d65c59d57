import { PAYMENT_TYPE, PAYMENT_TYPES, type PaymentType } from '../payments/payment.schema';
import { VALIDATION_MESSAGES } from '../validation';

/** The PO box of a billing address, as the record holds it (null or '' when not given). */
export type PoBoxValues = {
  billingPoBox: string | null;
  billingPoBoxCity: string | null;
  billingPoBoxState: string | null;
  billingPoBoxZipcode: string | null;
};

export const PO_BOX_PLACE_FIELDS = ['billingPoBoxCity', 'billingPoBoxState', 'billingPoBoxZipcode'] as const;

const isBlank = (value: string | null) => value === null || value.trim() === '';

/**
 * A PO box is an address only with its city, state and zip: once a PO box is given, each of them is required
 * ('Field is required'), so mail never goes to a box nobody can find. Without a box, none is needed.
 * Answers the missing fields with their message; the API checks the record as it would be after the save, the
 * Billing info tab the fields as typed.
 */
export function poBoxProblems(values: PoBoxValues): Partial<Record<keyof PoBoxValues, string>> {
  if (isBlank(values.billingPoBox)) return {};
  return Object.fromEntries(
    PO_BOX_PLACE_FIELDS.filter((field) => isBlank(values[field])).map((field) => [field, VALIDATION_MESSAGES.required]),
  );
}

/** The record's payment type as the Billing info tab shows it: E-Check unless a card is on file. */
export function paymentTypeLabel(paymentType: number | null): string {
  return PAYMENT_TYPES[(paymentType ?? PAYMENT_TYPE.eCheck) as PaymentType] ?? PAYMENT_TYPES[PAYMENT_TYPE.eCheck];
}
