import {
  CARD_TYPES,
  CUSTOMER_STATUSES,
  FREQUENCIES,
  MAIL_PREFERENCES,
  MOW_CUTS,
  MOW_DAYS,
  ORDER_STATUSES,
  REVIEW_OPTIONS,
} from '@lawn/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { markets } from './markets';
import { streetKeyOf } from './places';
import { users } from './users';

const codes = (labels: Record<number, string>) => Object.keys(labels).map(Number);
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' }).notNull().default(0);
const live = sql`deleted_at is null`;

/** One live customer per e-mail address (any letter case): a write that breaks it is met as 'e-mail taken'. */
export const CUSTOMER_EMAIL_UNIQUE_INDEX = 'customers_email_lower_unique';

/** The person who pays. Soft-deleted rows keep their data ("nothing is lost") but free their e-mail address. */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }),
    /** Digits only, without the country code (see normalizePhone). */
    contactNumber: varchar('contact_number', { length: 15 }).notNull(),
    isCellphone: boolean('is_cellphone').notNull().default(false),
    mailPreferences: smallint('mail_preferences').notNull().default(1),
    /** Prefers Spanish. */
    isTranslation: boolean('is_translation').notNull().default(false),
    /** The customer's own web sign-in (a user with the role customers), if they have one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [
    uniqueIndex(CUSTOMER_EMAIL_UNIQUE_INDEX)
      .on(sql`lower(${table.email})`)
      .where(sql`deleted_at is null and email is not null`),
    // Phone look-ups (verify, sign-in by phone); list search and sort use the copies on properties.
    index('customers_contact_number_idx').on(table.contactNumber).where(live),
    // One web sign-in belongs to one customer.
    uniqueIndex('customers_user_unique')
      .on(table.userId)
      .where(sql`user_id is not null`),
    check('customers_mail_preferences_check', sql`${table.mailPreferences} in (${sqlList(codes(MAIL_PREFERENCES))})`),
    check('customers_contact_number_check', sql`${table.contactNumber} ~ '^[0-9]{10}$'`),
  ],
);

/**
 * The live customer holding an e-mail address, in any letter case. PostgreSQL's lower(), as the unique index compares
 * it, so a look-up and the index never disagree on which two addresses are the same.
 */
export const liveCustomerWithEmail = (email: string): SQL =>
  sql`lower(${customers.email}) = lower(${email}) and ${customers.deletedAt} is null`;

/**
 * A service address of a customer, with its own account number (`customerId` on the wire). Most screens' "customer"
 * is a property joined with its customer. Every list filter and sort has an index, all partial on live rows.
 */
export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /**
     * Copies of the customer's name, e-mail and phone, kept by triggers (migration 0002) so the list filters, sorts
     * and reads one table, with an index for each. Never written by the application (the triggers overwrite them).
     */
    customerFirstName: varchar('customer_first_name', { length: 50 }).notNull().default(''),
    customerLastName: varchar('customer_last_name', { length: 50 }).notNull().default(''),
    customerEmail: varchar('customer_email', { length: 255 }),
    customerPhone: varchar('customer_phone', { length: 15 }).notNull().default(''),
    /** Copy of the customer's "this phone is a cellphone" answer (trigger-kept, migration 0028). */
    customerIsCellphone: boolean('customer_is_cellphone').notNull().default(false),
    /** Copy of the market's name (trigger-kept, like the customer copies). */
    marketName: varchar('market_name', { length: 100 }).notNull().default(''),
    accountNumber: varchar('account_number', { length: 20 }).notNull(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    serviceAddress: varchar('service_address', { length: 255 }).notNull(),
    isServiceAddressManual: boolean('is_service_address_manual').notNull().default(false),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zipcode: varchar('zipcode', { length: 5 }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    crew: integer('crew'),
    /** Where the property sits in the Mapsco street atlas: its page, the MapA page and the page's grid square. */
    mapsco: varchar('mapsco', { length: 10 }),
    mapA: varchar('map_a', { length: 10 }),
    mapscoGrid: varchar('mapsco_grid', { length: 10 }),
    weekDay: smallint('week_day').notNull(),
    srvFrequency: smallint('srv_frequency').notNull(),
    lotSize: varchar('lot_size', { length: 50 }),
    turfSize: integer('turf_size'),
    billingLotSize: varchar('billing_lot_size', { length: 50 }),
    /** A reviewer's mark on the lot: up to 5 characters, always uppercase. */
    lotReview: varchar('lot_review', { length: 5 }),
    useCornerLot: boolean('use_corner_lot').notNull().default(false),
    /** The code that opens the community's gate, and the property's own gate code: what the crew needs to get in. */
    communityCode: varchar('community_code', { length: 50 }),
    gateCode: varchar('gate_code', { length: 50 }),
    mowCut: text('mow_cut')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The market's sales-tax rate when priced, percent with up to 3 decimals (6.875). */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull().default(0),
    status: smallint('status').notNull().default(1),
    statusOrders: smallint('status_orders').notNull().default(0),
    isRestart: boolean('is_restart').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    /** First service (start) date. */
    serviceDate: date('service_date', { mode: 'string' }),
    joinDate: date('join_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    sendSchedule: smallint('send_schedule'),
    futureCancel: smallint('future_cancel'),
    /** 1 card, 2 e-check. */
    paymentType: smallint('payment_type'),
    /** First digit of the card number (3/4/5/6); null = e-check. Never the number itself. */
    cardType: smallint('card_type'),
    cardLastFour: varchar('card_last_four', { length: 4 }),
    /** Last day of the expiry month. */
    cardExpiry: date('card_expiry', { mode: 'string' }),
    /** The payment gateway's token for the card or bank account: what billing charges. Never a number. */
    paymentToken: varchar('payment_token', { length: 40 }),
    /** E-check: the bank account's last four digits (the account and routing numbers stay with the gateway). */
    bankLastFour: varchar('bank_last_four', { length: 4 }),
    billingName: varchar('billing_name', { length: 120 }),
    billingAddress: varchar('billing_address', { length: 255 }),
    billingCity: varchar('billing_city', { length: 100 }),
    billingState: varchar('billing_state', { length: 2 }),
    billingZip: varchar('billing_zip', { length: 10 }),
    billingPoBox: varchar('billing_po_box', { length: 30 }),
    /** The PO box toggle of the Billing info tab; the box's own city, state and zip follow. */
    poBoxEnabled: boolean('po_box_enabled').notNull().default(false),
    billingPoBoxCity: varchar('billing_po_box_city', { length: 80 }),
    billingPoBoxState: varchar('billing_po_box_state', { length: 2 }),
    billingPoBoxZipcode: varchar('billing_po_box_zipcode', { length: 5 }),
    mailingName: varchar('mailing_name', { length: 120 }),
    mailingAddress: varchar('mailing_address', { length: 255 }),
    mailingCity: varchar('mailing_city', { length: 100 }),
    mailingState: varchar('mailing_state', { length: 2 }),
    mailingZip: varchar('mailing_zip', { length: 10 }),
    mailingPoBox: varchar('mailing_po_box', { length: 30 }),
    howHeard: smallint('how_heard'),
    howHeardOption: varchar('how_heard_option', { length: 100 }),
    referralCode: varchar('referral_code', { length: 30 }),
    csrUserId: integer('csr_user_id').references(() => users.id, { onDelete: 'set null' }),
    spanishConditions: text('spanish_conditions'),
    spanishRequests: text('spanish_requests'),
    /** The Spanish conditions and requests translated, for the crew members who read English. */
    spanishConditionsTranslation: text('spanish_conditions_translation'),
    spanishRequestsTranslation: text('spanish_requests_translation'),
    /** The review options ticked on the Marketing tab (`REVIEW_OPTIONS`). */
    optReviews: smallint('opt_reviews')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    bbNotes: text('bb_notes'),
    lastEditedBy: integer('last_edited_by').references(() => users.id, { onDelete: 'set null' }),
    lastEditedAt: timestamp('last_edited_at', { withTimezone: true }),
    /** Copy of the last editor's "first last" name (trigger-kept): the list's userEdit. */
    lastEditedByName: varchar('last_edited_by_name', { length: 101 }),
    lastNoteBy: integer('last_note_by').references(() => users.id, { onDelete: 'set null' }),
    lastNoteAt: timestamp('last_note_at', { withTimezone: true }),
    /** Copy of the last note author's "first last" name (trigger-kept): the list's userNote. */
    lastNoteByName: varchar('last_note_by_name', { length: 101 }),
    /** Goes up by one with every change a person makes to the record; edits carry it back (409 when stale). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => {
    const firstName = sql`lower(${table.customerFirstName})`;
    const lastName = sql`lower(${table.customerLastName})`;
    const listIndex = (name: string, ...keys: (AnyPgColumn | SQL)[]) =>
      index(name)
        .on(...(keys as [AnyPgColumn | SQL]), table.statusOrders, table.status, table.id)
        .where(live);
    return [
      // Account numbers are never reused, even after a soft delete. Also serves prefix search (C collation).
      uniqueIndex('properties_account_number_unique').on(table.accountNumber),
      index('properties_customer_idx').on(table.customerId),
      // Foreign keys to users: renaming or removing a user finds its properties without a full scan.
      index('properties_last_edited_by_idx').on(table.lastEditedBy),
      index('properties_last_note_by_idx').on(table.lastNoteBy),
      index('properties_csr_user_idx').on(table.csrUserId),
      // The list always filters on order status and status (by default 1 and 1; the expired-card list 2): every list
      // index ends with (status_orders, status, id). With those two equal to constants, (k, status_orders, status, id)
      // serves "filter k, newest first", "sort by k" and an index-only count of "filter k".
      index('properties_list_status_idx').on(table.statusOrders, table.status, table.id).where(live),
      listIndex('properties_list_market_idx', table.marketId),
      listIndex('properties_list_market_name_sort_idx', sql`lower(${table.marketName})`),
      // Market + status, sorted by name: one index range.
      index('properties_list_market_name_idx')
        .on(table.marketId, table.statusOrders, table.status, firstName, lastName, table.id)
        .where(live),
      index('properties_list_name_idx').on(firstName, lastName, table.statusOrders, table.status, table.id).where(live),
      // Market + status + a last-name bucket (a range of lower(last name)): one index range, counted index-only (the
      // bucket's range of properties_list_last_name_idx holds every market's rows). The name itself is the last key
      // because PostgreSQL scans an expression index index-only only when it holds the column the expression reads.
      index('properties_list_market_last_name_idx')
        .on(table.marketId, table.statusOrders, table.status, lastName, table.id, table.customerLastName)
        .where(live),
      index('properties_name_trgm_idx')
        .using('gin', sql`(${table.customerFirstName} || ' ' || ${table.customerLastName}) gin_trgm_ops`)
        .where(live),
      listIndex('properties_list_email_idx', sql`lower(${table.customerEmail})`),
      index('properties_email_trgm_idx')
        .using('gin', sql`${table.customerEmail} gin_trgm_ops`)
        .where(live),
      listIndex('properties_list_phone_idx', table.customerPhone),
      listIndex('properties_list_address_idx', sql`lower(${table.serviceAddress})`),
      index('properties_address_trgm_idx')
        .using('gin', sql`${table.serviceAddress} gin_trgm_ops`)
        .where(live),
      // Address suggestions: known streets by the start of their name, one per zip code (streetKeyOf); and, once the
      // zip is typed, the streets of that zip.
      index('properties_street_key_idx').on(streetKeyOf(table.serviceAddress), table.zipcode).where(live),
      index('properties_zipcode_street_key_idx').on(table.zipcode, streetKeyOf(table.serviceAddress)).where(live),
      // Known addresses of a zip by the start of the address (suggestions once the zip is typed).
      index('properties_zipcode_address_idx')
        .on(table.zipcode, sql`lower(${table.serviceAddress})`)
        .where(live),
      listIndex('properties_list_crew_idx', table.crew),
      listIndex('properties_list_zipcode_idx', table.zipcode),
      listIndex('properties_list_city_idx', sql`lower(${table.city})`),
      listIndex('properties_list_state_idx', table.state),
      listIndex('properties_list_week_day_idx', table.weekDay),
      listIndex('properties_list_frequency_idx', table.srvFrequency),
      listIndex('properties_list_card_type_idx', table.cardType),
      index('properties_card_expiry_idx')
        .on(table.cardExpiry)
        .where(sql`deleted_at is null and card_type is not null`),
      listIndex('properties_list_tax_rate_idx', table.taxRate),
      listIndex('properties_list_updated_at_idx', table.updatedAt),
      listIndex('properties_list_user_edit_idx', sql`lower(${table.lastEditedByName})`),
      listIndex('properties_list_user_note_idx', sql`lower(${table.lastNoteByName})`),
      // The lookup's filters (migration 0028): each one's range, newest first, and its index-only count.
      listIndex('properties_list_cellphone_idx', table.customerIsCellphone),
      listIndex('properties_list_created_at_idx', table.createdAt),
      listIndex('properties_list_future_cancel_idx', table.futureCancel),
      listIndex('properties_list_send_schedule_idx', table.sendSchedule),
      listIndex('properties_list_csr_idx', table.csrUserId),
      listIndex('properties_list_how_heard_idx', table.howHeard),
      listIndex('properties_list_mapsco_idx', table.mapsco),
      listIndex('properties_list_map_a_idx', table.mapA),
      listIndex('properties_list_mapsco_grid_idx', table.mapscoGrid),
      listIndex('properties_list_last_name_idx', lastName),
      listIndex('properties_list_approved_idx', table.isApproved),
      // A crew's customers of one mow day (with a service week: the crew's route count): the crew index alone reads
      // every one of the crew's rows to check the day.
      listIndex('properties_list_crew_day_idx', table.crew, table.weekDay),
      check('properties_week_day_check', sql`${table.weekDay} in (${sqlList(codes(MOW_DAYS))})`),
      check('properties_srv_frequency_check', sql`${table.srvFrequency} in (${sqlList(codes(FREQUENCIES))})`),
      check('properties_status_check', sql`${table.status} in (${sqlList(codes(CUSTOMER_STATUSES))})`),
      check('properties_status_orders_check', sql`${table.statusOrders} in (${sqlList(codes(ORDER_STATUSES))})`),
      check('properties_card_type_check', sql`${table.cardType} in (${sqlList(codes(CARD_TYPES))})`),
      check('properties_payment_type_check', sql`${table.paymentType} in (1, 2)`),
      check('properties_mow_cut_check', sql`${table.mowCut} <@ array[${sqlList(MOW_CUTS)}]::text[]`),
      check('properties_send_schedule_check', sql`${table.sendSchedule} between 1 and 53`),
      check('properties_future_cancel_check', sql`${table.futureCancel} between 1 and 53`),
      check(
        'properties_opt_reviews_check',
        sql`${table.optReviews} <@ array[${sqlList(codes(REVIEW_OPTIONS))}]::smallint[]`,
      ),
      check('properties_state_check', sql`${table.state} ~ '^[A-Z]{2}$'`),
      check('properties_zipcode_check', sql`${table.zipcode} ~ '^[0-9]{5}$'`),
      check('properties_lot_review_check', sql`${table.lotReview} = upper(${table.lotReview})`),
    ];
  },
);

/**
 * A property's prices: the base price, the subtotal, the sales tax and the total of one service. One row per property,
 * written with it. They live apart from the wide `properties` row because a bulk price change rewrites them for every
 * active property at once: here a row is a few numbers under three indexes, there a new version of the whole row under
 * every list index (docs/adr/0058). The list sorts on the subtotal and the total through these two indexes.
 */
export const propertyPrices = pgTable(
  'property_prices',
  {
    propertyId: integer('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    costService: money('cost_service'),
    subtotalMowing: money('subtotal_mowing'),
    calculatedTax: money('calculated_tax'),
    totalMowing: money('total_mowing'),
  },
  (table) => [
    index('property_prices_subtotal_idx').on(table.subtotalMowing, table.propertyId),
    index('property_prices_total_idx').on(table.totalMowing, table.propertyId),
  ],
);

/** Every change a person makes to a property: who, when, a readable description and the before/after values. */
export const customerHistory = pgTable(
  'customer_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 50 }).notNull(),
    description: text('description').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    createdAt: createdAt(),
  },
  (table) => [index('customer_history_property_created_idx').on(table.propertyId, table.createdAt.desc(), table.id)],
);

/**
 * Live properties per (market, status, order status, cellphone), kept exact by statement-level triggers on
 * `properties` (see the migrations and docs/adr/0004). The list answers its total from here whenever it filters on
 * nothing else.
 */
export const customerListCounts = pgTable(
  'customer_list_counts',
  {
    marketId: integer('market_id').notNull(),
    status: smallint('status').notNull(),
    statusOrders: smallint('status_orders').notNull(),
    /** The copy of the customer's "phone is a cellphone" (the cellphone look-up counts half the book). */
    isCellphone: boolean('is_cellphone').notNull().default(false),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'customer_list_counts_pk',
      columns: [table.marketId, table.status, table.statusOrders, table.isCellphone],
    }),
  ],
);

/**
 * Live properties with a service (a workday of their schedule of `year`) in the mow week starting on Monday
 * `week_start`, per (market, status, order status): the week look-up's total without reading the year's schedules.
 * Kept exact by triggers on `property_schedules` and `properties` (see the migration and docs/adr/0044).
 */
export const customerListWeekCounts = pgTable(
  'customer_list_week_counts',
  {
    year: smallint('year').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    marketId: integer('market_id').notNull(),
    status: smallint('status').notNull(),
    statusOrders: smallint('status_orders').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'customer_list_week_counts_pk',
      columns: [table.year, table.weekStart, table.marketId, table.status, table.statusOrders],
    }),
  ],
);

export type CustomerRecord = typeof customers.$inferSelect;
export type PropertyRecord = typeof properties.$inferSelect;
export type NewPropertyRecord = typeof properties.$inferInsert;
/** A property's four prices, as its `property_prices` row holds them. */
export type PropertyPriceValues = Omit<typeof propertyPrices.$inferSelect, 'propertyId'>;
/**
 * One of a property's prices read by its id, for a select of the property alone: a scalar subquery by the primary
 * key, mapped to a number as the column is.
 */
export const propertyPrice = (key: keyof PropertyPriceValues) =>
  sql<number>`(select ${propertyPrices[key]} from ${propertyPrices} where ${propertyPrices.propertyId} = ${properties.id})`.mapWith(
    propertyPrices[key],
  );

/** The names of a property's prices: the fields of a change that go to `property_prices`. */
const PROPERTY_PRICE_KEYS = ['costService', 'subtotalMowing', 'calculatedTax', 'totalMowing'] as const;

/** A property's prices' row, joined to the property. */
export const ownPrices = eq(propertyPrices.propertyId, properties.id);

/** Splits a property's values into what its own row holds and what its prices' row holds. */
export function splitPrices<Values extends Partial<PropertyPriceValues>>(
  values: Values,
): { row: Omit<Values, keyof PropertyPriceValues>; prices: Partial<PropertyPriceValues> } {
  const row: Record<string, unknown> = { ...values };
  const prices: Record<string, unknown> = {};
  for (const key of PROPERTY_PRICE_KEYS) {
    if (key in row) prices[key] = row[key];
    delete row[key];
  }
  return { row: row as Omit<Values, keyof PropertyPriceValues>, prices };
}
export type NewCustomerRecord = typeof customers.$inferInsert;
