import {
  bagGrassProblem,
  customerPatchSchema,
  MOW_CUT_LABELS,
  PROPERTY_MESSAGES,
  tierForTurfSize,
  type CustomerDetail,
  type Frequency,
  type LotSizeOption,
  type MowCut,
} from '@lawn/shared';
import { shownValue } from './record-edits';

/** What the Property information tab holds, as typed. */
export type PropertyValues = {
  lotSize: string;
  turfSize: string;
  lotReview: string;
  /** The Mapsco atlas page, MapA page and grid square, kept uppercase. */
  mapsco: string;
  mapA: string;
  mapscoGrid: string;
  useCornerLot: boolean;
  mowCut: MowCut[];
  communityCode: string;
  gateCode: string;
  /** A crew number, or '' for none. */
  crew: string;
  lat: string;
  lng: string;
};

export type PropertyField = keyof PropertyValues;
export type PropertyErrors = Partial<Record<PropertyField, string>>;

const text = (value: number | string | null) => (value === null ? '' : String(value));

export function propertyValuesOf(customer: CustomerDetail): PropertyValues {
  return {
    lotSize: customer.lotSize ?? '',
    turfSize: text(customer.turfSize),
    lotReview: customer.lotReview ?? '',
    mapsco: customer.mapsco ?? '',
    mapA: customer.mapA ?? '',
    mapscoGrid: customer.mapscoGrid ?? '',
    useCornerLot: customer.useCornerLot,
    mowCut: customer.mowCut,
    communityCode: customer.communityCode ?? '',
    gateCode: customer.gateCode ?? '',
    crew: text(customer.crew),
    lat: text(customer.lat),
    lng: text(customer.lng),
  };
}

/** A typed number: blank is none, anything that is not a number stays as it is for the rule to refuse. */
const numberOrNull = (typed: string): number | string | null => {
  const trimmed = typed.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

/** The patch field each tab field saves to, from what was typed (before the shared rule checks it). */
const TO_PATCH: { [F in PropertyField]: (values: PropertyValues) => unknown } = {
  lotSize: (values) => values.lotSize,
  turfSize: (values) => numberOrNull(values.turfSize),
  lotReview: (values) => values.lotReview.trim().toUpperCase() || null,
  mapsco: (values) => values.mapsco.trim().toUpperCase() || null,
  mapA: (values) => values.mapA.trim().toUpperCase() || null,
  mapscoGrid: (values) => values.mapscoGrid.trim().toUpperCase() || null,
  useCornerLot: (values) => values.useCornerLot,
  mowCut: (values) => values.mowCut,
  communityCode: (values) => values.communityCode.trim() || null,
  gateCode: (values) => values.gateCode.trim() || null,
  crew: (values) => numberOrNull(values.crew),
  lat: (values) => numberOrNull(values.lat),
  lng: (values) => numberOrNull(values.lng),
};

/** Coordinates that are not numbers at all answer the spec's sign message, which says what to type. */
const NOT_A_NUMBER: Partial<Record<PropertyField, string>> = {
  lat: PROPERTY_MESSAGES.latPositive,
  lng: PROPERTY_MESSAGES.lngNegative,
};

/**
 * One field as it goes into a save, checked by the same shared rule the API applies: either its patch or the
 * message of its first broken rule.
 */
export function fieldPatch(
  field: PropertyField,
  values: PropertyValues,
): { patch: Record<string, unknown> } | { error: string } {
  const value = TO_PATCH[field](values);
  const notANumber = NOT_A_NUMBER[field];
  if (notANumber && typeof value === 'string') return { error: notANumber };
  const result = customerPatchSchema.safeParse({ [field]: value });
  if (!result.success) return { error: result.error.issues[0]?.message ?? PROPERTY_MESSAGES.size };
  return { patch: { [field]: (result.data as Record<string, unknown>)[field] } };
}

/** The lot size a turf size falls in (the server moves the lot size the same way when the turf size changes). */
export function lotSizeForTurf(turfSize: string, lotSizes: readonly LotSizeOption[]): string | undefined {
  const value = Number(turfSize);
  if (turfSize.trim() === '' || !Number.isInteger(value)) return undefined;
  return tierForTurfSize(value, lotSizes)?.name;
}

/**
 * Why Bag grass cannot be ticked on the record for this lot and frequency (big lots, the 3-Weekly and Drought
 * frequencies), in the API's words; undefined when it can.
 */
export function bagGrassBlock(lotSize: string, frequency: number): string | undefined {
  return bagGrassProblem(lotSize, frequency as Frequency, 'record');
}

/**
 * Fields the tab works out from another the person is changing: the lot size follows a typed turf size and the areas
 * to mow lose Bag grass with a big lot, before the server answers. They stay as worked out until it has.
 */
const WORKED_OUT_FROM: Partial<Record<PropertyField, readonly PropertyField[]>> = {
  lotSize: ['turfSize'],
  mowCut: ['lotSize'],
};

/** Whether the person is changing the field, or one it is worked out from. */
export function isPropertyFieldEdited(field: PropertyField, isEditing: (field: PropertyField) => boolean): boolean {
  return isEditing(field) || (WORKED_OUT_FROM[field] ?? []).some((source) => isEditing(source));
}

/** The person's value as a conflict at the field shows it. */
export function shownPropertyValue(field: PropertyField, values: PropertyValues): string {
  if (field === 'mowCut') return values.mowCut.map((area) => MOW_CUT_LABELS[area]).join(', ') || 'none';
  return shownValue(values[field]);
}
