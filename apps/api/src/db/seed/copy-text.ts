// Generated customers and properties as the text of PostgreSQL's COPY format: the bulk load's rows, written in this
// process or in a worker thread (generated-slices.ts).
import type { GeneratedCustomer, GeneratedProperty, GeneratedRecord } from './customers-generator';

type CopyValue = string | number | boolean | Date | readonly string[] | null;

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeCopy(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character] ?? '') : text;
}

/** One value in COPY's text format. */
function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  // An array literal: every element quoted, so commas and braces inside need no thought.
  return escapeCopy(`{${value.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
}

type ColumnSpec<Row> = readonly (readonly [string, (row: Row) => CopyValue])[];

const CUSTOMER_COLUMNS: ColumnSpec<GeneratedCustomer> = [
  ['id', (row) => row.id],
  ['first_name', (row) => row.firstName],
  ['last_name', (row) => row.lastName],
  ['email', (row) => row.email],
  ['contact_number', (row) => row.contactNumber],
  ['is_cellphone', (row) => row.isCellphone],
  ['mail_preferences', (row) => row.mailPreferences],
  ['is_translation', (row) => row.isTranslation],
  ['created_at', (row) => row.createdAt],
  ['updated_at', (row) => row.updatedAt],
];

const PROPERTY_COLUMNS: ColumnSpec<GeneratedProperty> = [
  ['id', (row) => row.id],
  ['customer_id', (row) => row.customerId],
  ['account_number', (row) => row.accountNumber],
  ['market_id', (row) => row.marketId],
  ['service_address', (row) => row.serviceAddress],
  ['city', (row) => row.city],
  ['state', (row) => row.state],
  ['zipcode', (row) => row.zipcode],
  ['lat', (row) => row.lat],
  ['lng', (row) => row.lng],
  ['crew', (row) => row.crew],
  ['mapsco', (row) => row.mapsco],
  ['map_a', (row) => row.mapA],
  ['mapsco_grid', (row) => row.mapscoGrid],
  ['week_day', (row) => row.weekDay],
  ['srv_frequency', (row) => row.srvFrequency],
  ['lot_size', (row) => row.lotSize],
  ['turf_size', (row) => row.turfSize],
  ['billing_lot_size', (row) => row.billingLotSize],
  ['lot_review', (row) => row.lotReview],
  ['use_corner_lot', (row) => row.useCornerLot],
  ['mow_cut', (row) => row.mowCut],
  ['tax_rate', (row) => row.taxRate],
  ['status', (row) => row.status],
  ['status_orders', (row) => row.statusOrders],
  ['is_restart', (row) => row.isRestart],
  ['is_approved', (row) => row.isApproved],
  ['service_date', (row) => row.serviceDate],
  ['join_date', (row) => row.joinDate],
  ['send_schedule', (row) => row.sendSchedule],
  ['future_cancel', (row) => row.futureCancel],
  ['payment_type', (row) => row.paymentType],
  ['card_type', (row) => row.cardType],
  ['card_last_four', (row) => row.cardLastFour],
  ['card_expiry', (row) => row.cardExpiry],
  ['payment_token', (row) => row.paymentToken],
  ['bank_last_four', (row) => row.bankLastFour],
  ['billing_name', (row) => row.billingName],
  ['billing_address', (row) => row.billingAddress],
  ['billing_city', (row) => row.billingCity],
  ['billing_state', (row) => row.billingState],
  ['billing_zip', (row) => row.billingZip],
  ['how_heard', (row) => row.howHeard],
  ['referral_code', (row) => row.referralCode],
  ['csr_user_id', (row) => row.csrUserId],
  ['last_edited_by', (row) => row.lastEditedBy],
  ['last_edited_at', (row) => row.lastEditedAt],
  ['last_note_by', (row) => row.lastNoteBy],
  ['last_note_at', (row) => row.lastNoteAt],
  ['created_at', (row) => row.createdAt],
  ['updated_at', (row) => row.updatedAt],
];

/** A property's prices' row (`property_prices`). */
const PRICE_COLUMNS: ColumnSpec<GeneratedProperty> = [
  ['property_id', (row) => row.id],
  ['cost_service', (row) => row.costService],
  ['subtotal_mowing', (row) => row.subtotalMowing],
  ['calculated_tax', (row) => row.calculatedTax],
  ['total_mowing', (row) => row.totalMowing],
];

/** Names the customer list reads from the property row itself (see `properties_copy_lookups` in the migrations). */
export type ListCopyNames = { markets: ReadonlyMap<number, string>; users: ReadonlyMap<number, string> };

type PropertyOfCustomer = { property: GeneratedProperty; customer: GeneratedCustomer; names: ListCopyNames };

const userName = (names: ListCopyNames, id: number | null) => (id === null ? null : (names.users.get(id) ?? null));

/**
 * The property's copies of its customer's, market's and staff's names, written by the loader as the
 * `properties_copy_lookups` trigger would: the bulk load switches that trigger off, since four look-ups per row cost
 * more than the rest of the load.
 */
const LIST_COPY_COLUMNS: ColumnSpec<PropertyOfCustomer> = [
  ['customer_first_name', (row) => row.customer.firstName],
  ['customer_last_name', (row) => row.customer.lastName],
  ['customer_email', (row) => row.customer.email],
  ['customer_phone', (row) => row.customer.contactNumber],
  ['customer_is_cellphone', (row) => row.customer.isCellphone],
  ['market_name', (row) => row.names.markets.get(row.property.marketId) ?? ''],
  ['last_edited_by_name', (row) => userName(row.names, row.property.lastEditedBy)],
  ['last_note_by_name', (row) => userName(row.names, row.property.lastNoteBy)],
];

const PROPERTY_ROW_COLUMNS: ColumnSpec<PropertyOfCustomer> = [
  ...PROPERTY_COLUMNS.map(([name, value]) => [name, (row: PropertyOfCustomer) => value(row.property)] as const),
  ...LIST_COPY_COLUMNS,
];

export function copyLine<Row>(columns: ColumnSpec<Row>, row: Row): string {
  // A loop, not map and join: this runs for every row of a million-row load.
  let line = '';
  for (const [index, [, value]] of columns.entries()) line += (index === 0 ? '' : '\t') + copyText(value(row));
  return `${line}\n`;
}

const columnList = (columns: ColumnSpec<never>) => columns.map(([name]) => `"${name}"`).join(', ');

/** The `copy ... from stdin` statements the text below is written for. */
export const COPY_CUSTOMERS = `copy customers (${columnList(CUSTOMER_COLUMNS)}) from stdin`;
export const COPY_PROPERTIES = `copy properties (${columnList(PROPERTY_ROW_COLUMNS)}) from stdin`;
export const COPY_PROPERTY_PRICES = `copy property_prices (${columnList(PRICE_COLUMNS)}) from stdin`;

export type RecordsCopyText = { customers: string; properties: string; prices: string; propertyCount: number };

/** The COPY text of some records: their customers' lines, their properties' lines and their prices' lines. */
export function recordsCopyText(records: Iterable<GeneratedRecord>, names: ListCopyNames): RecordsCopyText {
  const customerLines: string[] = [];
  const propertyLines: string[] = [];
  const priceLines: string[] = [];
  for (const record of records) {
    customerLines.push(copyLine(CUSTOMER_COLUMNS, record.customer));
    for (const property of record.properties) {
      propertyLines.push(copyLine(PROPERTY_ROW_COLUMNS, { property, customer: record.customer, names }));
      priceLines.push(copyLine(PRICE_COLUMNS, property));
    }
  }
  return {
    customers: customerLines.join(''),
    properties: propertyLines.join(''),
    prices: priceLines.join(''),
    propertyCount: propertyLines.length,
  };
}
