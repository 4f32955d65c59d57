import {
  customerPatchSchema,
  PO_BOX_PLACE_FIELDS,
  poBoxProblems,
  zipcodeSchema,
  type CustomerDetail,
  type Frequency,
} from '@lawn/shared';
import type { RecordFieldsPatch } from './api/record-autosave';

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
 * zip whose look-up found nothing (spec 2 §5).
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

/** Whether the server holds what was typed: the same price, or the same text once trimmed. */
function isSame(field: BillingField, typed: BillingValues[BillingField], held: BillingValues[BillingField]): boolean {
  if (field === 'costService') return Number(typed) === Number(held);
  if (typeof typed === 'string' && typeof held === 'string') return typed.trim() === held.trim();
  return typed === held;
}

/**
 * The tab's values once the server answered: the server's, except for the fields typed since that are not saved
 * yet (those stay as typed). A field the server now holds as typed is saved and no longer kept.
 */
export function withServerValues(
  typed: BillingValues,
  server: BillingValues,
  unsaved: Set<BillingField>,
): BillingValues {
  const next: Record<string, unknown> = { ...server };
  for (const field of [...unsaved]) {
    if (isSame(field, typed[field], server[field])) unsaved.delete(field);
    else next[field] = typed[field];
  }
  return next as BillingValues;
}
