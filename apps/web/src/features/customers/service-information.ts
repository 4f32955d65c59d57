import {
  customerPatchSchema,
  dateOfWeekday,
  weekOf,
  type CustomerDetail,
  type CustomerPatch,
  type RecordField,
  type IsoDate,
  type MowDay,
  zipcodeSchema,
} from '@lawn/shared';
import type { ServiceAddressErrors } from '../../components/service-address/ServiceAddressForm';
import type { ServiceAddressValue } from '../../components/service-address/service-address';
import type { RecordFieldsPatch } from './api/record-autosave';
import { shownValue, withServerValues } from './record-edits';

/**
 * The position to show with the address: the record's own once the form holds the address the record has (the server
 * placed it when it was saved), else the form's, from the look-ups made while it was changed.
 */
export function withRecordPosition(address: ServiceAddressValue, customer: CustomerDetail): ServiceAddressValue {
  if (address.serviceAddress !== customer.serviceAddress || address.zipcode !== customer.zipcode) return address;
  if (address.lat === customer.lat && address.lng === customer.lng) return address;
  return { ...address, lat: customer.lat, lng: customer.lng, isPositionApproximate: false };
}

/** The record's service address as the shared address form holds it. */
export function serviceAddressOf(customer: CustomerDetail): ServiceAddressValue {
  return {
    serviceAddress: customer.serviceAddress,
    isServiceAddressManual: customer.isServiceAddressManual,
    zipcode: customer.zipcode,
    city: customer.city,
    state: customer.state,
    marketId: customer.market,
    marketName: customer.marketName,
    taxRate: customer.taxRate,
    phoneMarket: customer.phoneMarket,
    exceptions: '',
    lat: customer.lat,
    lng: customer.lng,
    isPositionApproximate: false,
  };
}

/**
 * What the tab saves of the address. Not the position: the server places the saved address itself (its geocoder), so
 * lat/lng follow every change of address or zip, and a position typed by hand (Property information) is kept until
 * the address changes.
 */
const ADDRESS_FIELDS = ['serviceAddress', 'isServiceAddressManual', 'zipcode', 'city', 'state'] as const;

/**
 * The record field each value of the address form is stored in: the market with its name, tax rate and phone; null for
 * what only the form knows (the zone's exceptions, whether the position is only the zip's centre).
 */
const ADDRESS_RECORD_FIELDS: Record<keyof ServiceAddressValue, RecordField | null> = {
  serviceAddress: 'serviceAddress',
  isServiceAddressManual: 'isServiceAddressManual',
  zipcode: 'zipcode',
  city: 'city',
  state: 'state',
  marketId: 'market',
  marketName: 'market',
  taxRate: 'market',
  phoneMarket: 'market',
  exceptions: null,
  lat: 'lat',
  lng: 'lng',
  isPositionApproximate: null,
};

/** The record fields an edit of the address form changes. */
export function addressFieldsChanged(before: ServiceAddressValue, after: ServiceAddressValue): RecordField[] {
  const fields = (Object.keys(ADDRESS_RECORD_FIELDS) as (keyof ServiceAddressValue)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => ADDRESS_RECORD_FIELDS[key])
    .filter((field) => field !== null);
  return [...new Set(fields)];
}

/** The address form's values once the server answered: the stored address, except what the person is changing. */
export function withServerAddress(
  typed: ServiceAddressValue,
  server: ServiceAddressValue,
  isEditing: (field: RecordField) => boolean,
): ServiceAddressValue {
  return withServerValues(typed, server, (key) => {
    const field = ADDRESS_RECORD_FIELDS[key];
    return field === null || isEditing(field);
  });
}

/** The record fields of the address: it saves as a whole, so an edit of any of them answers for all. */
export const ADDRESS_GROUP: readonly RecordField[] = [
  'serviceAddress',
  'isServiceAddressManual',
  'zipcode',
  'city',
  'state',
  'market',
];

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * The messages of the address's broken rules, the API's words (the shared schema), while the person is changing the
 * address: 'Service address is required', a zip that is missing or not 5 digits, 'City is required', 'State is
 * required'. The address saves only whole, so each of its fields answers, whichever one was changed. A zip whose
 * look-up failed is marked by the address form itself, with the look-up's words.
 */
export function addressProblems(
  address: ServiceAddressValue,
  isEditing: (field: RecordField) => boolean,
): ServiceAddressErrors {
  if (!ADDRESS_GROUP.some(isEditing)) return {};
  const rules = customerPatchSchema.shape;
  const problems: ServiceAddressErrors = {
    serviceAddress: firstIssue(rules.serviceAddress.safeParse(address.serviceAddress)),
    zipcode: firstIssue(zipcodeSchema().safeParse(address.zipcode)),
    city: firstIssue(rules.city.safeParse(address.city)),
    state: firstIssue(rules.state.safeParse(address.state)),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message !== undefined));
}

/**
 * Whether the address being changed cannot be saved as it is: a broken rule, or a zip whose look-up found no service
 * area (the form shows why). A zip still being looked up is neither.
 */
export function isAddressUnsavable(
  address: ServiceAddressValue,
  invalidZips: readonly string[],
  isEditing: (field: RecordField) => boolean,
): boolean {
  if (!ADDRESS_GROUP.some(isEditing)) return false;
  return Object.keys(addressProblems(address, isEditing)).length > 0 || invalidZips.includes(address.zipcode);
}

/** The address fields a conflict can be shown for, with their labels, in the form's order. */
export const ADDRESS_CONFLICT_FIELDS = [
  ['serviceAddress', 'Service address'],
  ['isServiceAddressManual', 'Manual address'],
  ['zipcode', 'Zip code'],
  ['city', 'City'],
  ['state', 'State'],
  ['market', 'Market'],
  ['lat', 'Latitude'],
  ['lng', 'Longitude'],
] as const satisfies readonly (readonly [RecordField, string])[];

/** The person's address value as a conflict at the field shows it. */
export function shownAddressValue(
  field: (typeof ADDRESS_CONFLICT_FIELDS)[number][0],
  address: ServiceAddressValue,
): string {
  if (field === 'market') return shownValue(address.marketName);
  const value = address[field];
  return shownValue(typeof value === 'number' ? String(value) : value);
}

/**
 * The address fields that differ from the stored address (`before`), with the market, once the address is whole: a
 * street, a served zip (one whose look-up found a market), city and state. Until then nothing is saved (null), so a
 * half-typed zip never reaches the record with the old zip's market. Each field passes the same shared rule the API
 * applies. An address typed back to the stored one answers its fields as they are, which the autosave finds unchanged:
 * the person is done with them.
 */
export function addressPatch(before: ServiceAddressValue, after: ServiceAddressValue): RecordFieldsPatch | null {
  if (after.marketId === null) return null;
  const candidate: Record<string, unknown> = {};
  for (const field of ADDRESS_FIELDS) {
    if (before[field] !== after[field]) candidate[field] = after[field];
  }
  if (before.marketId !== after.marketId) candidate['market'] = after.marketId;
  if (Object.keys(candidate).length === 0) {
    const { serviceAddress, isServiceAddressManual, zipcode, city, state } = after;
    return { serviceAddress, isServiceAddressManual, zipcode, city, state, market: after.marketId };
  }
  const whole = { serviceAddress: after.serviceAddress, zipcode: after.zipcode, city: after.city, state: after.state };
  const parsed = customerPatchSchema.safeParse({ ...whole, ...candidate });
  if (!parsed.success) return null;
  const fields = parsed.data as CustomerPatch;
  return Object.fromEntries(Object.keys(candidate).map((field) => [field, fields[field as keyof CustomerPatch]]));
}

/** The mow-year week of the start date (the tab shows it and lets it be changed). */
export function startWeekOf(serviceDate: string | null): number | null {
  return serviceDate ? weekOf(serviceDate).week : null;
}

/**
 * A new start week keeps the start date's mow year and lands on the record's mow day, so the schedule starts on a
 * day the crew comes (Any day: the week's Monday). Without a start date the week is one of this mow year.
 */
export function startDateOfWeek(week: number, serviceDate: string | null, today: IsoDate, weekDay: MowDay): IsoDate {
  const year = weekOf(serviceDate ?? today).year;
  return dateOfWeekday(year, week, weekDay);
}
