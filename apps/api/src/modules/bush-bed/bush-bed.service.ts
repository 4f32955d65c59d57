import {
  BUSH_BED_COLORS,
  BUSH_BED_MESSAGES,
  BUSH_BED_STATUSES,
  CALENDAR_MESSAGES,
  isValidWeek,
  MOW_DAYS,
  type Actor,
  type BushBedCalendar,
  type BushBedCreate,
  type BushBedPatch,
  type BushBedService,
  type BushBedStatus,
  type MowDay,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { BUSH_BED_WEEK_UNIQUE_INDEX } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { CalendarService } from '../calendar/calendar.service';
import { recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import * as repo from './bush-bed.repo';

function toService(row: repo.BushBedRecord): BushBedService {
  return {
    id: row.id,
    customerAttributeId: row.propertyId,
    year: row.year,
    weekNumber: row.week,
    crew: row.crew,
    weekDay: row.weekDay,
    weekDayName: MOW_DAYS[row.weekDay as MowDay] ?? String(row.weekDay),
    status: row.status,
    statusName: BUSH_BED_STATUSES[row.status as BushBedStatus] ?? String(row.status),
    instruction: row.instruction,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored values of a service; its week must be a week of its year (a year of 52 weeks has no week 53). */
function valuesOf(input: BushBedCreate): repo.BushBedValues {
  if (!isValidWeek(input.year, input.weekNumber)) {
    const message = CALENDAR_MESSAGES.weekNotInYear(input.weekNumber, input.year);
    throw badRequest(message, { weekNumber: [message] });
  }
  return {
    year: input.year,
    week: input.weekNumber,
    crew: input.crew,
    weekDay: input.weekDay,
    status: input.status,
    instruction: input.instruction,
  };
}

/** 'week 12 of 2027, crew 4 on Monday, Yes': how the history names a service. */
function describe(values: repo.BushBedValues): string {
  const day = MOW_DAYS[values.weekDay as MowDay] ?? String(values.weekDay);
  const status = BUSH_BED_STATUSES[values.status as BushBedStatus] ?? String(values.status);
  const instruction = values.instruction ? `: ${values.instruction}` : '';
  return `week ${values.week} of ${values.year}, crew ${values.crew} on ${day}, ${status}${instruction}`;
}

/** A week holds one service: the unique index's refusal, in the words of the modal. */
function weekTakenOr(error: unknown): unknown {
  return isUniqueViolation(error, BUSH_BED_WEEK_UNIQUE_INDEX)
    ? conflict(BUSH_BED_MESSAGES.weekTaken, { weekNumber: [BUSH_BED_MESSAGES.weekTaken] })
    : error;
}

const EDITABLE: readonly (keyof repo.BushBedValues)[] = ['year', 'week', 'crew', 'weekDay', 'status', 'instruction'];

/** The bush-and-bed services of a customer record, and its bush-and-bed calendar. */
export function createBushBedService({ db, calendar }: { db: Database; calendar: CalendarService }) {
  async function requireService(executor: Executor, propertyId: number, serviceId: number, lock = false) {
    const row = await repo.findService(executor, propertyId, serviceId, { lock });
    if (!row) throw notFound(BUSH_BED_MESSAGES.notFound);
    return row;
  }

  return {
    async list(propertyId: number): Promise<BushBedService[]> {
      await requireLiveRecord(db, propertyId);
      return (await repo.listServices(db, propertyId)).map(toService);
    },

    async get(propertyId: number, serviceId: number): Promise<BushBedService> {
      await requireLiveRecord(db, propertyId);
      return toService(await requireService(db, propertyId, serviceId));
    },

    /** Books a service on a week that has none; recorded in the record's history. */
    async create(propertyId: number, input: BushBedCreate, actor: Actor): Promise<BushBedService> {
      try {
        return await db.transaction(async (tx) => {
          await requireLiveRecord(tx, propertyId);
          const values = valuesOf(input);
          const row = await repo.insertService(tx, { ...values, propertyId, createdBy: actor.id });
          await recordPropertyChange(tx, {
            propertyId,
            actor,
            action: 'bush-bed',
            description: `Added bush-and-bed service ${describe(values)}`,
            changes: { [`bushBed.${row.id}`]: { from: null, to: values } },
            isEdit: true,
          });
          return toService(row);
        });
      } catch (error) {
        throw weekTakenOr(error);
      }
    },

    /**
     * Saves an edit made from version `patch.version`: a newer version (someone changed it meanwhile) is a 409 and
     * nothing is written. An edit that changes nothing writes nothing.
     */
    async update(propertyId: number, serviceId: number, patch: BushBedPatch, actor: Actor): Promise<BushBedService> {
      const { version, ...input } = patch;
      try {
        return await db.transaction(async (tx) => {
          await requireLiveRecord(tx, propertyId);
          const current = await requireService(tx, propertyId, serviceId, true);
          if (current.version !== version) throw conflict(BUSH_BED_MESSAGES.stale);
          const values = valuesOf(input);
          const changed = EDITABLE.filter((field) => current[field] !== values[field]);
          if (changed.length === 0) return toService(current);
          const row = await repo.updateService(tx, serviceId, values);
          await recordPropertyChange(tx, {
            propertyId,
            actor,
            action: 'bush-bed',
            description: `Changed bush-and-bed service ${describe(current)} to ${describe(values)}`,
            changes: {
              [`bushBed.${serviceId}`]: {
                from: Object.fromEntries(changed.map((field) => [field, current[field]])),
                to: Object.fromEntries(changed.map((field) => [field, values[field]])),
              },
            },
            isEdit: true,
          });
          return toService(row);
        });
      } catch (error) {
        throw weekTakenOr(error);
      }
    },

    /**
     * The bush-and-bed calendar of a mow year (default: the current one): the property's calendar weeks, each with
     * the week's service (`bbId`, coloured by its status) and the week and year a new service on it takes.
     */
    async calendar(propertyId: number, query: { year?: number }): Promise<BushBedCalendar> {
      const weeks = await calendar.calendar(propertyId, { ...query, filter: 'all' });
      const services = await repo.listServicesOfYear(db, propertyId, weeks.year);
      const byWeek = new Map(services.map((service) => [service.week, service]));
      return {
        year: weeks.year,
        years: weeks.years,
        data: weeks.data.map((week) => {
          const service = byWeek.get(week.week);
          return {
            ...week,
            bbId: service?.id ?? null,
            bbStatus: service?.status ?? null,
            color: service ? (BUSH_BED_COLORS[service.status as BushBedStatus] ?? null) : null,
            selectWeek: week.week,
            selectYear: weeks.year,
          };
        }),
      };
    },
  };
}

export type BushBedServiceApi = ReturnType<typeof createBushBedService>;
