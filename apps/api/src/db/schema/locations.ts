import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { properties } from './customers';
import { users } from './users';

/** Location status: 1 active; a removed location keeps its row with 0. */
export const LOCATION_STATUS = { removed: 0, active: 1 } as const;

/** An account is assigned to a record once while active: a write that breaks it is met as 'already assigned'. */
export const LOCATION_ACCOUNT_UNIQUE_INDEX = 'locations_property_account_unique';

/**
 * "Other locations" of a property: another customer record, named by its account number, with the street address and
 * zip code staff typed. `linkedPropertyId` is the record the account number belonged to when it was assigned (or last
 * changed). `version` goes up by one with every edit, so an edit from an older copy is refused.
 */
export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    linkedPropertyId: integer('linked_property_id').references(() => properties.id, { onDelete: 'set null' }),
    streetAddress: varchar('street_address', { length: 255 }).notNull(),
    accountNumber: varchar('account_number', { length: 20 }).notNull(),
    zipCode: varchar('zip_code', { length: 5 }).notNull(),
    status: smallint('status').notNull().default(LOCATION_STATUS.active),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('locations_property_idx').on(table.propertyId, table.status, table.id),
    index('locations_linked_property_idx').on(table.linkedPropertyId),
    index('locations_created_by_idx').on(table.createdBy),
    // An account is assigned to a record once (while active).
    uniqueIndex(LOCATION_ACCOUNT_UNIQUE_INDEX)
      .on(table.propertyId, table.accountNumber)
      .where(sql`status = 1`),
    check('locations_zip_code_check', sql`${table.zipCode} ~ '^[0-9]{5}$'`),
    check('locations_status_check', sql`${table.status} in (0, 1)`),
  ],
);

/** One request per property to delete it: whoever switched 'Request deletion?' on first, and when. */
export const removalRequests = pgTable(
  'removal_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('removal_requests_property_unique').on(table.propertyId),
    index('removal_requests_requested_by_idx').on(table.requestedBy),
  ],
);
