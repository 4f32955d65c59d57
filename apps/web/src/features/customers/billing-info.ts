import {
  customerPatchSchema,
  FREQUENCIES,
  PO_BOX_PLACE_FIELDS,
  poBoxProblems,
  zipcodeSchema,
  type CustomerDetail,
  type Frequency,
} from '@lawn/shared';
import { formatMoney } from '../../lib/format';
import type { RecordFieldsPatch } from './api/record-autosave';
import { shownValue } from './record-edits';

/** What the Billing info tab holds: texts as typed, the base price as typed, the toggle and the frequency. */
export type BillingValues = {
  billingName: string;
  billingAddress: string;
  billingZipCode: string;
  billingCity: string;
  billingState: string;
  poBoxEnabled: boolean;
  billingPoBox: string;
  billingPoBoxCity: string;
  billingPoBoxState: string;
  billingPoBoxZipcode: string;
  costService: string;
  srvFrecuency: Frequency;
};
export type BillingField = keyof BillingValues;
export type BillingErrors = Partial<Record<BillingField, string>>;

/** The PO box and its place save together, once the box is whole or gone: a half-typed box is never stored. */
export const PO_BOX_GROUP = ['billingPoBox', ...PO_BOX_PLACE_FIELDS] as const satisfies readonly BillingField[];

/** Texts the record may leave empty: cleared, they are sent as none. */
const OPTIONAL_TEXTS: readonly BillingField[] = [
  'billingName',
  'billingAddress',
  'billingCity',
  'billingState',
  'billingPoBox',
  'billingPoBoxCity',
  'billingPoBoxState',
  'billingPoBoxZipcode',
];

const text = (value: string | null) => value ?? '';

export function billingValuesOf(customer: CustomerDetail): BillingValues {
  return {
    billingName: text(customer.billingName),
    billingAddress: text(customer.billingAddress),
    billingZipCode: text(customer.billingZipCode),
    billingCity: text(customer.billingCity),
    billingState: text(customer.billingState),
    poBoxEnabled: customer.poBoxEnabled,
    billingPoBox: text(customer.billingPoBox),
    billingPoBoxCity: text(customer.billingPoBoxCity),
    billingPoBoxState: text(customer.billingPoBoxState),
    billingPoBoxZipcode: text(customer.billingPoBoxZipcode),
    costService: String(customer.costService),
    srvFrecuency: customer.srvFrecuency as Frequency,
  };
}

/** A field's value as PATCH /api/customers/{id} takes it. */
export function wireValue(field: BillingField, value: BillingValues[BillingField]): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (field === 'costService') return trimmed === '' ? null : Number(trimmed);
  if (OPTIONAL_TEXTS.includes(field) && trimmed === '') return null;
  return trimmed;
}

const schemaOf = (field: BillingField) => customerPatchSchema.shape[field];

/**
 * The field's first broken rule, with the API's words (the shared schema). The billing zip also fails when it is a
 * zip whose look-up found nothing.
 */
export function fieldProblem(
  field: BillingField,
  value: BillingValues[BillingField],
  invalidZips: readonly string[],
): string | undefined {
  const schema = field === 'billingZipCode' ? zipcodeSchema(invalidZips) : schemaOf(field);
  const result = schema.safeParse(wireValue(field, value));
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The PO box group's patch when it can be saved, else the messages of what keeps it from being saved. */
export function poBoxGroupPatch(values: BillingValues): { patch: RecordFieldsPatch } | { errors: BillingErrors } {
  const errors: BillingErrors = {};
  for (const field of PO_BOX_GROUP) {
    const problem = fieldProblem(field, values[field], []);
    if (problem) errors[field] = problem;
  }
  const wire = Object.fromEntries(PO_BOX_GROUP.map((field) => [field, wireValue(field, values[field])])) as {
    [K in (typeof PO_BOX_GROUP)[number]]: string | null;
  };
  for (const [field, message] of Object.entries(poBoxProblems(wire))) errors[field as BillingField] ??= message;
  if (Object.keys(errors).length > 0) return { errors };
  return { patch: wire };
}

/** The person's value as a conflict at the field shows it. */
export function shownBillingValue(field: BillingField, values: BillingValues): string {
  if (field === 'srvFrecuency') return FREQUENCIES[values.srvFrecuency];
  if (field === 'costService')
    return values.costService.trim() === '' ? 'none' : formatMoney(Number(values.costService));
  return shownValue(values[field]);
}
