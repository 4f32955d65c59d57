import { LIABILITY_QUESTION_KEYS, PET_ANSWERS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { properties } from './customers';
import { users } from './users';

/**
 * The answers about a property given when its customer signed up (docs/adr/0019): one row per property, written once
 * at the creation, beside the property row rather than in it (the customer list's table stays narrow). A follow-up is
 * null where it was not asked. The gate codes themselves stay on the property, where the record edits them.
 */
export const propertyAnswers = pgTable(
  'property_answers',
  {
    propertyId: integer('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    grassOvergrown: boolean('grass_overgrown').notNull(),
    isCommunityGate: boolean('is_community_gate').notNull(),
    isBackyardGate: boolean('is_backyard_gate').notNull(),
    isGateLocked: boolean('is_gate_locked'),
    wantsComboLock: boolean('wants_combo_lock'),
    isFlowerBeds: boolean('is_flower_beds').notNull(),
    lineTrimBeds: boolean('line_trim_beds'),
    bedsCouldBeDamaged: boolean('beds_could_be_damaged'),
    isPetsBackyard: boolean('is_pets_backyard').notNull(),
    petsMowAround: varchar('pets_mow_around', { length: 20 }),
    isFencePlastic: boolean('is_fence_plastic').notNull(),
    isAboveGroundPool: boolean('is_above_ground_pool').notNull(),
    isTrampoline: boolean('is_trampoline').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'property_answers_pets_mow_around_check',
      sql`${table.petsMowAround} in (${sqlList(Object.keys(PET_ANSWERS))})`,
    ),
  ],
);

/**
 * The releases of liability a customer accepted, one per item answered Yes: the business's legal record of who
 * accepted (the office user who took the order, by id and by name as it was then, or the customer online), from which
 * address and when. Rows are only ever inserted.
 */
export const propertyLiabilityReleases = pgTable(
  'property_liability_releases',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The liability question the release answers (`LIABILITY_QUESTION_KEYS`). */
    item: varchar('item', { length: 30 }).notNull(),
    accepted: boolean('accepted').notNull(),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: varchar('accepted_by', { length: 101 }).notNull(),
    acceptedFromIp: varchar('accepted_from_ip', { length: 64 }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.item] }),
    // Removing or renaming a user finds the releases they took without a full scan.
    index('property_liability_releases_user_idx').on(table.acceptedByUserId),
    check('property_liability_releases_item_check', sql`${table.item} in (${sqlList(LIABILITY_QUESTION_KEYS)})`),
  ],
);
