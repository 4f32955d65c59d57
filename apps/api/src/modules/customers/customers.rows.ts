import {
  cardTypeName,
  CUSTOMER_STATUSES,
  FREQUENCIES,
  MOW_DAYS,
  type CustomerDetail,
  type CustomerListRow,
  type CustomerStatus,
  type Frequency,
  type MowCut,
  type MowDay,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { customers, properties, propertyPrices } from '../../db/schema';
import { isCardExpiredExpression, type CustomerInclude } from './customers.list';

/**
 * The columns of a list row, flat (one SQL column each, in this order), so that the page query (Drizzle) and the
 * export stream (raw rows by position) read the same select and map it with the same function.
 */
export function listFields(includes: ReadonlySet<CustomerInclude>) {
  return {
    id: properties.id,
    customerId: properties.accountNumber,
    firstName: properties.customerFirstName,
    lastName: properties.customerLastName,
    serviceAddress: properties.serviceAddress,
    city: properties.city,
    state: properties.state,
    zipcode: properties.zipcode,
    lat: properties.lat,
    lng: properties.lng,
    contactNumber: properties.customerPhone,
    email: properties.customerEmail,
    market: properties.marketId,
    marketName: properties.marketName,
    status: properties.status,
    statusOrders: properties.statusOrders,
    crew: properties.crew,
    mowCut: properties.mowCut,
    weekDay: properties.weekDay,
    srvFrecuency: properties.srvFrequency,
    cardType: properties.cardType,
    isCardExpired: isCardExpiredExpression,
    paymentType: properties.paymentType,
    subtotalMowing: propertyPrices.subtotalMowing,
    taxRate: properties.taxRate,
    calculatedTax: propertyPrices.calculatedTax,
    totalMowing: propertyPrices.totalMowing,
    updatedAt: properties.updatedAt,
    ...(includes.has('userEdit')
      ? { userEditId: properties.lastEditedBy, userEditName: properties.lastEditedByName }
      : {}),
    ...(includes.has('userNote') ? { userNoteId: properties.lastNoteBy, userNoteName: properties.lastNoteByName } : {}),
  };
}

export function detailFields() {
  return {
    ...listFields(new Set(['userEdit', 'userNote'])),
    customerRecordId: customers.id,
    isCellphone: customers.isCellphone,
    mailPreferences: customers.mailPreferences,
    isTranslation: customers.isTranslation,
    isRestart: properties.isRestart,
    isApproved: properties.isApproved,
    isServiceAddressManual: properties.isServiceAddressManual,
    serviceDate: properties.serviceDate,
    joinDate: properties.joinDate,
    costService: propertyPrices.costService,
    lotSize: properties.lotSize,
    turfSize: properties.turfSize,
    billingLotSize: properties.billingLotSize,
    useCornerLot: properties.useCornerLot,
    lotReview: properties.lotReview,
    mapsco: properties.mapsco,
    mapA: properties.mapA,
    mapscoGrid: properties.mapscoGrid,
    communityCode: properties.communityCode,
    gateCode: properties.gateCode,
    bbNotes: properties.bbNotes,
    sendSchedule: properties.sendSchedule,
    futureCancel: properties.futureCancel,
    cardLastFour: properties.cardLastFour,
    cardExpiry: sql<string | null>`to_char(${properties.cardExpiry}, 'YYYY-MM-DD')`,
    billingName: properties.billingName,
    billingAddress: properties.billingAddress,
    billingZipCode: properties.billingZip,
    billingCity: properties.billingCity,
    billingState: properties.billingState,
    poBoxEnabled: properties.poBoxEnabled,
    billingPoBox: properties.billingPoBox,
    billingPoBoxCity: properties.billingPoBoxCity,
    billingPoBoxState: properties.billingPoBoxState,
    billingPoBoxZipcode: properties.billingPoBoxZipcode,
    conditionSpanish: properties.spanishConditions,
    requestSpanish: properties.spanishRequests,
    conditionSpanishTranslation: properties.spanishConditionsTranslation,
    requestSpanishTranslation: properties.spanishRequestsTranslation,
    about: properties.howHeard,
    aboutOption: properties.howHeardOption,
    referralCode: properties.referralCode,
    csr: properties.csrUserId,
    // A scalar subquery by the primary key: the detail's one select stays a select of the property and its customer.
    csrName: sql<
      string | null
    >`(select u.first_name || ' ' || u.last_name from users u where u.id = ${properties.csrUserId})`,
    optReviews: properties.optReviews,
    createdAt: properties.createdAt,
    deletedAt: properties.deletedAt,
    version: properties.version,
    // A handful of rows per property (one per mow year), read by the primary key's leading column.
    winterScheduleStatus: sql<{ year: number; status: boolean }[]>`coalesce((
      select json_agg(json_build_object('year', s.year, 'status', s.has_winter) order by s.year)
      from property_schedules s where s.property_id = ${properties.id}), '[]'::json)`,
  };
}

/** A raw value as Drizzle maps it (numbers, Dates) or as node-postgres hands it over (strings for numeric). */
type Raw = Record<string, unknown>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const int = (value: unknown): number => Number(value);
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
/** Money and rates: numbers rounded to 2 decimals. */
const money = (value: unknown): number => Math.round(Number(value ?? 0) * 100) / 100;
const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
/** `date` columns: Drizzle (mode string) gives 'YYYY-MM-DD'; keep that. */
const dateOrNull = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

function person(id: unknown, fullName: unknown) {
  if (id === null || id === undefined) return null;
  return { id: int(id), fullName: text(fullName) };
}

export function toListRow(row: Raw, includes: ReadonlySet<CustomerInclude>): CustomerListRow {
  const firstName = text(row['firstName']);
  const lastName = text(row['lastName']);
  const status = int(row['status']);
  const srvFrecuency = int(row['srvFrecuency']);
  const cardType = intOrNull(row['cardType']);
  const result: CustomerListRow = {
    id: int(row['id']),
    customerId: text(row['customerId']),
    fullName: `${firstName} ${lastName}`,
    firstName,
    lastName,
    serviceAddress: text(row['serviceAddress']),
    city: text(row['city']),
    state: text(row['state']),
    zipcode: text(row['zipcode']),
    lat: row['lat'] === null || row['lat'] === undefined ? null : Number(row['lat']),
    lng: row['lng'] === null || row['lng'] === undefined ? null : Number(row['lng']),
    contactNumber: text(row['contactNumber']),
    email: textOrNull(row['email']),
    market: int(row['market']),
    marketName: text(row['marketName']),
    // Markets have no phone number yet; the field is part of the spec's row.
    phoneMarket: null,
    status,
    statusName: CUSTOMER_STATUSES[status as CustomerStatus] ?? String(status),
    statusOrders: int(row['statusOrders']),
    crew: intOrNull(row['crew']),
    mowCut: (row['mowCut'] as MowCut[] | null) ?? [],
    weekDay: int(row['weekDay']),
    srvFrecuency,
    frecuencyName: FREQUENCIES[srvFrecuency as Frequency] ?? String(srvFrecuency),
    cardType,
    cardTypeName: cardTypeName(cardType),
    isCardExpired: row['isCardExpired'] === true || row['isCardExpired'] === 't',
    paymentType: intOrNull(row['paymentType']),
    subtotalMowing: money(row['subtotalMowing']),
    taxRate: money(row['taxRate']),
    calculatedTax: money(row['calculatedTax']),
    totalMowing: money(row['totalMowing']),
    updatedAt: iso(row['updatedAt']),
  };
  if (includes.has('userEdit')) {
    result.userEdit = person(row['userEditId'], row['userEditName']);
  }
  if (includes.has('userNote')) {
    result.userNote = person(row['userNoteId'], row['userNoteName']);
  }
  return result;
}

export function toDetail(row: Raw): CustomerDetail {
  const weekDay = int(row['weekDay']);
  return {
    ...toListRow(row, new Set(['userEdit', 'userNote'])),
    customerRecordId: int(row['customerRecordId']),
    isCellphone: row['isCellphone'] === true,
    mailPreferences: int(row['mailPreferences']),
    isTranslation: row['isTranslation'] === true,
    isRestart: row['isRestart'] === true,
    isApproved: row['isApproved'] === true,
    weekDayName: MOW_DAYS[weekDay as MowDay] ?? String(weekDay),
    isServiceAddressManual: row['isServiceAddressManual'] === true,
    serviceDate: dateOrNull(row['serviceDate']),
    joinDate: dateOrNull(row['joinDate']) ?? '',
    costService: money(row['costService']),
    lotSize: textOrNull(row['lotSize']),
    turfSize: intOrNull(row['turfSize']),
    billingLotSize: textOrNull(row['billingLotSize']),
    useCornerLot: row['useCornerLot'] === true,
    lotReview: textOrNull(row['lotReview']),
    mapsco: textOrNull(row['mapsco']),
    mapA: textOrNull(row['mapA']),
    mapscoGrid: textOrNull(row['mapscoGrid']),
    communityCode: textOrNull(row['communityCode']),
    gateCode: textOrNull(row['gateCode']),
    bbNotes: textOrNull(row['bbNotes']),
    mowCut: (row['mowCut'] as MowCut[] | null) ?? [],
    sendSchedule: intOrNull(row['sendSchedule']),
    futureCancel: intOrNull(row['futureCancel']),
    cardLastFour: textOrNull(row['cardLastFour']),
    cardExpiry: dateOrNull(row['cardExpiry']),
    billingName: textOrNull(row['billingName']),
    billingAddress: textOrNull(row['billingAddress']),
    billingZipCode: textOrNull(row['billingZipCode']),
    billingCity: textOrNull(row['billingCity']),
    billingState: textOrNull(row['billingState']),
    poBoxEnabled: row['poBoxEnabled'] === true,
    billingPoBox: textOrNull(row['billingPoBox']),
    billingPoBoxCity: textOrNull(row['billingPoBoxCity']),
    billingPoBoxState: textOrNull(row['billingPoBoxState']),
    billingPoBoxZipcode: textOrNull(row['billingPoBoxZipcode']),
    conditionSpanish: textOrNull(row['conditionSpanish']),
    requestSpanish: textOrNull(row['requestSpanish']),
    conditionSpanishTranslation: textOrNull(row['conditionSpanishTranslation']),
    requestSpanishTranslation: textOrNull(row['requestSpanishTranslation']),
    about: intOrNull(row['about']),
    aboutOption: textOrNull(row['aboutOption']),
    referralCode: textOrNull(row['referralCode']),
    csr: intOrNull(row['csr']),
    csrName: textOrNull(row['csrName']),
    optReviews: ((row['optReviews'] as number[] | null) ?? []).map(Number),
    createdAt: iso(row['createdAt']),
    deletedAt: isoOrNull(row['deletedAt']),
    winterScheduleStatus: (row['winterScheduleStatus'] as { year: number; status: boolean }[] | null) ?? [],
    version: int(row['version']),
  };
}
