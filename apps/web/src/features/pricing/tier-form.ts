import {
  lotSizeTableUpdateSchema,
  PRICE_KEYS,
  type LotSizeOption,
  type LotSizeTable,
  type LotSizeTableUpdate,
} from '@lawn/shared';

/** The edit dialog's fields, as typed (text), for one tier. */
export type TierFormValues = {
  name: string;
  turfSizeStart: string;
  turfSizeEnd: string;
  lotSizeEnd: string;
  f1: string;
  f2: string;
  f3: string;
  f4: string;
};
export type TierField = keyof TierFormValues;

export const TIER_FIELDS: readonly TierField[] = ['name', 'turfSizeStart', 'turfSizeEnd', 'lotSizeEnd', ...PRICE_KEYS];

export function tierFormValuesOf(tier: LotSizeOption): TierFormValues {
  const price = (value: number) => value.toFixed(2);
  return {
    name: tier.name,
    turfSizeStart: String(tier.turfSizeStart),
    turfSizeEnd: String(tier.turfSizeEnd),
    lotSizeEnd: String(tier.lotSizeEnd),
    f1: price(tier.serviceFrequency.f1),
    f2: price(tier.serviceFrequency.f2),
    f3: price(tier.serviceFrequency.f3),
    f4: price(tier.serviceFrequency.f4),
  };
}

/** A typed number, or undefined for an empty field (the schema then says it is required); junk stays NaN. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

function tierInputOf(id: number, values: TierFormValues) {
  return {
    id,
    name: values.name,
    turfSizeStart: numberOf(values.turfSizeStart),
    turfSizeEnd: numberOf(values.turfSizeEnd),
    lotSizeEnd: numberOf(values.lotSizeEnd),
    serviceFrequency: {
      f1: numberOf(values.f1),
      f2: numberOf(values.f2),
      f3: numberOf(values.f3),
      f4: numberOf(values.f4),
    },
  };
}

/** A neighbour keeps touching the edited tier's turf range: the table has no gap and no overlap. */
function keepContiguous(tiers: ReturnType<typeof tierInputOf>[], index: number): void {
  const edited = tiers[index];
  const previous = tiers[index - 1];
  const next = tiers[index + 1];
  if (!edited) return;
  const isWhole = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value);
  if (previous && isWhole(edited.turfSizeStart)) previous.turfSizeEnd = edited.turfSizeStart - 1;
  if (next && isWhole(edited.turfSizeEnd)) next.turfSizeStart = edited.turfSizeEnd + 1;
}

export type TierCheck =
  | { update: LotSizeTableUpdate }
  | {
      /** One message per field of the edited tier. */
      errors: Partial<Record<TierField, string>>;
      /** What the change breaks in another tier (its name and the rule), for the dialog's warning. */
      tableError: string | null;
    };

/**
 * The table as it would be saved with one tier's fields replaced, checked by the schema the API uses: the update to
 * send, or the messages. Moving a tier's turf start or end moves the neighbour's end or start with it, so an edit
 * keeps the turf ranges contiguous; what it still breaks in a neighbour (a range left empty) is reported by name.
 */
export function tableWithTier(table: LotSizeTable, index: number, values: TierFormValues): TierCheck {
  const edited = table.data.map((tier) => tierInputOf(tier.id, tierFormValuesOf(tier)));
  edited[index] = tierInputOf(table.data[index]?.id ?? 0, values);
  keepContiguous(edited, index);
  const result = lotSizeTableUpdateSchema.safeParse({ version: table.version, tiers: edited });
  if (result.success) return { update: result.data };
  const errors: Partial<Record<TierField, string>> = {};
  let tableError: string | null = null;
  for (const issue of result.error.issues) {
    const [, position, field, key] = issue.path;
    const name = (field === 'serviceFrequency' ? key : field) as TierField;
    if (position === index && TIER_FIELDS.includes(name)) errors[name] ??= issue.message;
    else if (typeof position === 'number') tableError ??= `${table.data[position]?.name ?? ''}: ${issue.message}`;
  }
  return { errors, tableError };
}
