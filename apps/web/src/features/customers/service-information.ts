import {
  customerPatchSchema,
  dateOfWeekday,
  weekOf,
  type CustomerDetail,
  type CustomerPatch,
  type IsoDate,
  type Weekday,
} from '@lawn/shared';
import type { ServiceAddressValue } from '../../components/service-address/service-address';
import type { RecordFieldsPatch } from './api/record-autosave';

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
 * The address fields that changed, with the market, once the address is whole: a street, a served zip (one whose
 * look-up found a market), city and state. Until then nothing is saved, so a half-typed zip never reaches the record
 * with the old zip's market. Each field passes the same shared rule the API applies.
 */
export function addressPatch(before: ServiceAddressValue, after: ServiceAddressValue): RecordFieldsPatch | null {
  if (after.marketId === null) return null;
  const candidate: Record<string, unknown> = {};
  for (const field of ADDRESS_FIELDS) {
    if (before[field] !== after[field]) candidate[field] = after[field];
  }
  if (before.marketId !== after.marketId) candidate['market'] = after.marketId;
  if (Object.keys(candidate).length === 0) return null;
  const whole = { serviceAddress: after.serviceAddress, zipcode: after.zipcode, city: after.city, state: after.state };
  const parsed = customerPatchSchema.safeParse({ ...whole, ...candidate });
  if (!parsed.success) return null;
  const fields = parsed.data as CustomerPatch;
  return Object.fromEntries(Object.keys(candidate).map((field) => [field, fields[field as keyof CustomerPatch]]));
}

/** The mow-year week of the start date (spec 2 §2.2: the tab shows it and lets it be changed). */
export function startWeekOf(serviceDate: string | null): number | null {
  return serviceDate ? weekOf(serviceDate).week : null;
}

/**
 * A new start week keeps the start date's mow year and lands on the record's mow day, so the schedule starts on a
 * day the crew comes. Without a start date the week is one of this mow year.
 */
export function startDateOfWeek(week: number, serviceDate: string | null, today: IsoDate, weekDay: Weekday): IsoDate {
  const year = weekOf(serviceDate ?? today).year;
  return dateOfWeekday(year, week, weekDay);
}
