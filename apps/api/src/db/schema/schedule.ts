import { SCHEDULE_RUN_STATUSES, SEASON_WEEK_TYPES, SERVICE_NOTE_TYPES } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { properties } from './customers';
import { users } from './users';

const propertyId = () =>
  integer('property_id')
    .notNull()
    .references(() => properties.id, { onDelete: 'cascade' });
const year = () => smallint('year').notNull();
const week = () => smallint('week').notNull();

/**
 * The global season of a mow year, one row per week, once someone edits the year on the schedule screen. A year
 * without rows follows `defaultSeasonWeeks` (ADR 0006).
 */
export const seasonWeeks = pgTable(
  'season_weeks',
  {
    year: year(),
    week: week(),
    type: text('type', { enum: SEASON_WEEK_TYPES }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.year, table.week] }),
    check('season_weeks_type_check', sql`${table.type} in (${sqlList(SEASON_WEEK_TYPES)})`),
    check('season_weeks_week_check', sql`${table.week} between 1 and 53`),
  ],
);

/**
 * A property's schedule of one mow year: `planned` holds the regular plan's service dates (written by processing and
 * re-plans; dates before a re-plan's start are kept), `workdays` the dates it is actually mowed: the plan with the
 * hand-made week changes applied. Plus the winter option. One row per property and year keeps a year of 1M
 * properties at 1M rows (ADR 0006).
 */
export const propertySchedules = pgTable(
  'property_schedules',
  {
    propertyId: propertyId(),
    year: year(),
    planned: date('planned', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    workdays: date('workdays', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    hasWinter: boolean('has_winter').notNull().default(false),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.year] }),
    index('property_schedules_year_idx').on(table.year),
    // The lookup's "serviced in week N": the properties whose workdays overlap the week's dates.
    index('property_schedules_workdays_idx').using('gin', table.workdays),
  ],
);

/**
 * A week a person changed by hand: `added` (a service on a week the plan leaves empty) or `removed` (a planned
 * service taken out). Re-planning applies them again, so they survive any schedule processing.
 */
export const propertyWeekOverrides = pgTable(
  'property_week_overrides',
  {
    propertyId: propertyId(),
    year: year(),
    week: week(),
    kind: text('kind', { enum: ['added', 'removed'] }).notNull(),
    /** The service day of an added week (fixed when it was added); null for a removed week. */
    workday: date('workday', { mode: 'string' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.propertyId, table.year, table.week] }),
    check('property_week_overrides_kind_check', sql`${table.kind} in ('added', 'removed')`),
  ],
);

/** Skips (with their reason), write-ins and redos: at most one of each type per property and week. */
export const serviceNotes = pgTable(
  'service_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyId: propertyId(),
    year: year(),
    week: week(),
    type: text('type', { enum: SERVICE_NOTE_TYPES }).notNull(),
    /** Skip: the skipped service day. Write-in and redo: the visit date. */
    workday: date('workday', { mode: 'string' }).notNull(),
    message: varchar('message', { length: 200 }).notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('service_notes_property_week_type_unique').on(table.propertyId, table.year, table.week, table.type),
    index('service_notes_workday_idx').on(table.workday, table.type),
    // The lookup's "a skip (write-in, redo) on these days": the properties, from the index alone.
    index('service_notes_type_workday_idx').on(table.type, table.workday, table.propertyId),
    check('service_notes_type_check', sql`${table.type} in (${sqlList(SERVICE_NOTE_TYPES)})`),
  ],
);

/** One schedule run at a time (requested or under way): a second request that breaks it finds the run under way. */
export const ONE_ACTIVE_SCHEDULE_RUN_INDEX = 'schedule_runs_one_active';

/**
 * One processing of a year's schedules (the pg-boss job's state). `lastPropertyId` is the cursor: each batch moves
 * it in the same transaction that writes the batch, so a killed run resumes exactly where it stopped; `heartbeatAt`
 * tells a live worker from a dead one.
 */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    year: year(),
    status: text('status', { enum: SCHEDULE_RUN_STATUSES }).notNull().default('requested'),
    /** Workdays from this date on are re-planned; earlier ones have happened and are kept. */
    planFrom: date('plan_from', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    lastPropertyId: integer('last_property_id').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The lease of the worker running the run: renewed every few seconds while it runs (database time). A run in
     * progress whose heartbeat is older than the lease lost its process, and another process takes it over. Null
     * while no worker holds it: not started yet, or waiting for pg-boss to retry a failed attempt.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (table) => [
    index('schedule_runs_year_created_idx').on(table.year, table.createdAt.desc(), table.id),
    // One run at a time, whatever the year: Process stays disabled while one is requested or under way.
    uniqueIndex(ONE_ACTIVE_SCHEDULE_RUN_INDEX)
      .on(sql`(true)`)
      .where(sql`status in ('requested', 'in_progress')`),
    check('schedule_runs_status_check', sql`${table.status} in (${sqlList(SCHEDULE_RUN_STATUSES)})`),
  ],
);

export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;
export type ServiceNoteRow = typeof serviceNotes.$inferSelect;
