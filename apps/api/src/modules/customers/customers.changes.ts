import {
  CUSTOMER_STATUSES,
  FREQUENCIES,
  HOW_HEARD,
  MAIL_PREFERENCES,
  MOW_DAYS,
  ORDER_STATUSES,
  REVIEW_OPTIONS,
  type CustomerPatch,
} from '@lawn/shared';

/** A field as the API names it, its words in a history description, and how its values read. */
type FieldDescription = { label: string; format?: (value: unknown) => string };

const fromLabels =
  (labels: Record<number, string>) =>
  (value: unknown): string =>
    labels[Number(value)] ?? String(value);
const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const money = (value: unknown) => `$${Number(value).toFixed(2)}`;

/** In the order a history description mentions them. */
export const FIELD_DESCRIPTIONS: Record<string, FieldDescription> = {
  isRestart: { label: 'restart', format: yesNo },
  firstName: { label: 'first name' },
  lastName: { label: 'last name' },
  email: { label: 'e-mail' },
  contactNumber: { label: 'phone' },
  isCellphone: { label: 'cellphone', format: yesNo },
  mailPreferences: { label: 'mail preference', format: fromLabels(MAIL_PREFERENCES) },
  isTranslation: { label: 'Spanish translation', format: yesNo },
  serviceAddress: { label: 'service address' },
  isServiceAddressManual: { label: 'manual address', format: yesNo },
  zipcode: { label: 'zip code' },
  city: { label: 'city' },
  state: { label: 'state' },
  market: { label: 'market' },
  taxRate: { label: 'tax rate', format: (value) => `${Number(value).toFixed(2)}%` },
  lat: { label: 'latitude' },
  lng: { label: 'longitude' },
  crew: { label: 'crew' },
  mapsco: { label: 'Mapsco' },
  mapA: { label: 'MapA' },
  mapscoGrid: { label: 'Mapsco grid' },
  weekDay: { label: 'mow day', format: fromLabels(MOW_DAYS) },
  srvFrecuency: { label: 'frequency', format: fromLabels(FREQUENCIES) },
  status: { label: 'status', format: fromLabels(CUSTOMER_STATUSES) },
  statusOrders: { label: 'order status', format: fromLabels(ORDER_STATUSES) },
  serviceDate: { label: 'start date' },
  sendSchedule: { label: 'send schedule week' },
  futureCancel: { label: 'future cancel week' },
  lotSize: { label: 'lot size' },
  turfSize: { label: 'turf size', format: (value) => `${String(value)} sq ft` },
  lotReview: { label: 'lot review' },
  mowCut: { label: 'areas to mow', format: (value) => (value as string[]).join(', ') || 'none' },
  useCornerLot: { label: 'corner lot', format: yesNo },
  communityCode: { label: 'community code' },
  gateCode: { label: 'gate code' },
  costService: { label: 'base price', format: money },
  /** Not a column: which base price a new lot size or frequency kept, the agreed one or the table's. */
  priceChoice: { label: 'base price choice' },
  subtotalMowing: { label: 'price', format: money },
  calculatedTax: { label: 'tax', format: money },
  totalMowing: { label: 'total', format: money },
  billingName: { label: 'billing name' },
  billingAddress: { label: 'billing address' },
  billingZipCode: { label: 'billing zip code' },
  billingCity: { label: 'billing city' },
  billingState: { label: 'billing state' },
  poBoxEnabled: { label: 'PO box', format: yesNo },
  billingPoBox: { label: 'PO box number' },
  billingPoBoxCity: { label: 'PO box city' },
  billingPoBoxState: { label: 'PO box state' },
  billingPoBoxZipcode: { label: 'PO box zip code' },
  conditionSpanish: { label: 'Spanish conditions' },
  requestSpanish: { label: 'Spanish requests' },
  conditionSpanishTranslation: { label: 'Spanish conditions translation' },
  requestSpanishTranslation: { label: 'Spanish requests translation' },
  about: { label: 'how heard about us', format: fromLabels(HOW_HEARD) },
  aboutOption: { label: 'how heard option' },
  referralCode: { label: 'referral code' },
  /** 'Sign by': the customer-service user who signed the customer up, named by the update. */
  csr: { label: 'sign by' },
  optReviews: {
    label: 'review options',
    format: (value) => (value as number[]).map((code) => fromLabels(REVIEW_OPTIONS)(code)).join(', ') || 'none',
  },
  bbNotes: { label: 'B&B notes' },
};

export type FieldChange = { field: string; from: unknown; to: unknown; fromText?: string; toText?: string };

/** A field's value in the words of the history: 'Tuesday', '$35.00', 'none'. */
export function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  return FIELD_DESCRIPTIONS[field]?.format?.(value) ?? String(value);
}

function display(change: FieldChange, side: 'from' | 'to'): string {
  const text = side === 'from' ? change.fromText : change.toText;
  return text ?? describeValue(change.field, change[side]);
}

/** The two prices a new lot size or frequency chose between, and which one the person kept. */
export type PriceChoiceChange = { from: { agreed: number; table: number }; to: 'agreed' | 'table' };

function describePriceChoice({ from, to }: PriceChoiceChange): string {
  return to === 'agreed'
    ? `kept the agreed base price ${money(from.agreed)} instead of the price table's ${money(from.table)}`
    : `took the price table's base price ${money(from.table)} instead of the agreed ${money(from.agreed)}`;
}

/** 'Changed mow day from Monday to Tuesday; changed status from Active Customer to Card declined'. */
export function describeChanges(changes: readonly FieldChange[]): string {
  const order = Object.keys(FIELD_DESCRIPTIONS);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const sentences = [...changes]
    .sort((a, b) => rank(a.field) - rank(b.field))
    .map((change) => {
      if (change.field === 'isRestart' && change.to === true) return 'requested a restart (moved to pending review)';
      if (change.field === 'priceChoice') return describePriceChoice(change as PriceChoiceChange & FieldChange);
      const label = FIELD_DESCRIPTIONS[change.field]?.label ?? change.field;
      return `changed ${label} from ${display(change, 'from')} to ${display(change, 'to')}`;
    });
  const text = sentences.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}

/** Which patch fields belong to the customer (the person) rather than to the property. */
export const CUSTOMER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'contactNumber',
  'isCellphone',
  'mailPreferences',
  'isTranslation',
] as const satisfies readonly (keyof CustomerPatch)[];
