import {
  IN_SERVICE_STATUSES,
  NOTE_TYPE,
  ORDER_STATUS,
  type IsoDate,
  type MowWeekRef,
  type PropertyAnswerValues,
} from '@lawn/shared';
import { and, between, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  properties,
  visitPhotos,
  visits,
  type NewVisitPhotoRecord,
  type VisitPhotoRecord,
  type VisitRecord,
} from '../../db/schema';
import type { ListQuery } from '../../http/list-query';
import { scheduledServices } from '../schedule/schedule.service';

/** A stop of a crew's day as stored: the property, its answers, its special requests and today's visit. */
export type StopRow = {
  propertyId: number;
  serviceAddress: string;
  city: string;
  zipcode: string;
  gateCode: string | null;
  communityCode: string | null;
  answers: PropertyAnswerValues | null;
  specialRequests: string[];
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  /** The stop's place in the route the office ordered for the crew's day (1 first), or null. */
  routePosition: number | null;
};

/** The most special requests a stop shows: the newest few say what the customer wants now. */
const SPECIAL_REQUESTS_SHOWN = 5;

/**
 * Whether property `p` has a visit on `day`, read as the calendar and billing read a schedule: a workday of its year
 * whose week was neither skipped nor moved by a write-in, or the day of a write-in or a redo. `day` and the week may be
 * values or SQL (a report over several days joins a list of them); the caller's query names the property `p`.
 */
export const isScheduledOn = (day: IsoDate | SQL, week: { year: number; week: number | SQL }) => sql`(
  (exists (
    select 1 from property_schedules ps
    where ps.property_id = p.id and ps.year = ${week.year} and ${day}::date = any(ps.workdays)
  ) and not exists (
    select 1 from service_notes n
    where n.property_id = p.id and n.year = ${week.year} and n.week = ${week.week} and n.type in ('skip', 'write')
  ))
  or exists (
    select 1 from service_notes n
    where n.property_id = p.id and n.workday = ${day}::date and n.type in ('write', 'redo')
  ))`;

/**
 * The place of `p` in the route the office ordered for its crew on `day` (1 first), or null: a day never ordered, or a
 * property given to the crew after the order (a row of its former crew no longer counts).
 */
export const savedRoutePosition = (day: IsoDate | SQL) => sql`(select ro.position from route_orders ro
  where ro.crew = p.crew and ro.day = ${day}::date and ro.property_id = p.id)`;

/** A property the business serves: live, approved and in a status that is mowed (of the query's property `p`). */
export const isInService = sql`p.deleted_at is null and p.status_orders = ${ORDER_STATUS.approved}
  and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])`;

/** The property answers of `p` as `PropertyAnswerValues` (json), or null when none were given. */
export const propertyAnswersOf = sql`(select json_build_object(
    'grassOvergrown', a.grass_overgrown, 'isCommunityGate', a.is_community_gate,
    'isBackyardGate', a.is_backyard_gate, 'isGateLocked', a.is_gate_locked, 'wantsComboLock', a.wants_combo_lock,
    'isFlowerBeds', a.is_flower_beds, 'lineTrimBeds', a.line_trim_beds,
    'bedsCouldBeDamaged', a.beds_could_be_damaged, 'isPetsBackyard', a.is_pets_backyard,
    'petsMowAround', a.pets_mow_around, 'isFencePlastic', a.is_fence_plastic,
    'isAboveGroundPool', a.is_above_ground_pool, 'isTranpoline', a.is_trampoline)
  from property_answers a where a.property_id = p.id)`;

/** The newest special requests of `p` (text[]). */
export const specialRequestsOf = sql`array(select n.description from notes n
  where n.property_id = p.id and n.type_id = ${NOTE_TYPE.specialRequest} and n.description <> ''
  order by n.id desc limit ${SPECIAL_REQUESTS_SHOWN})`;

type RawStop = {
  property_id: number;
  service_address: string;
  city: string;
  zipcode: string;
  gate_code: string | null;
  community_code: string | null;
  answers: PropertyAnswerValues | null;
  special_requests: string[] | null;
  checked_in_at: string | null;
  checked_out_at: string | null;
  route_position: number | null;
};

/**
 * The stops of crew `crew` on `day`, or the one of them that is `propertyId`. Starts from the crew's properties (their
 * index), then each one's schedule by its key. Raw SQL: `= any(array)` over the schedule's dates and the correlated
 * look-ups are beyond the query builder (ADR 0003).
 */
export async function findStops(
  db: Executor,
  { crew, day, week, propertyId }: { crew: number; day: IsoDate; week: MowWeekRef; propertyId?: number },
): Promise<StopRow[]> {
  const result = await db.execute<RawStop>(sql`
    select p.id as property_id, p.service_address, p.city, p.zipcode, p.gate_code, p.community_code,
      ${propertyAnswersOf} as answers,
      ${specialRequestsOf} as special_requests,
      v.checked_in_at, v.checked_out_at, ${savedRoutePosition(day)} as route_position
    from properties p
    left join visits v on v.property_id = p.id and v.workday = ${day}::date
    where p.crew = ${crew} and ${isInService} and ${isScheduledOn(day, week)}
      ${propertyId === undefined ? sql`` : sql`and p.id = ${propertyId}`}`);
  return result.rows.map((row) => ({
    propertyId: row.property_id,
    serviceAddress: row.service_address,
    city: row.city,
    zipcode: row.zipcode,
    gateCode: row.gate_code,
    communityCode: row.community_code,
    answers: row.answers,
    specialRequests: row.special_requests ?? [],
    checkedInAt: row.checked_in_at === null ? null : new Date(row.checked_in_at),
    checkedOutAt: row.checked_out_at === null ? null : new Date(row.checked_out_at),
    routePosition: row.route_position,
  }));
}

/**
 * Checks the stop in: a new visit, or the row billing made for a mow not checked in yet. Answers null when it was
 * checked in already (by a concurrent request too: the row is locked by the upsert).
 */
export async function checkIn(
  db: Executor,
  visit: { propertyId: number; workday: IsoDate; week: MowWeekRef; crew: number; userId: number; at: Date },
): Promise<VisitRecord | null> {
  const [row] = await db
    .insert(visits)
    .values({
      propertyId: visit.propertyId,
      workday: visit.workday,
      year: visit.week.year,
      week: visit.week.week,
      crew: visit.crew,
      checkedInAt: visit.at,
      checkedInBy: visit.userId,
    })
    .onConflictDoUpdate({
      target: [visits.propertyId, visits.workday],
      set: { crew: visit.crew, checkedInAt: visit.at, checkedInBy: visit.userId, updatedAt: visit.at },
      setWhere: isNull(visits.checkedInAt),
    })
    .returning();
  return row ?? null;
}

/** Checks the visit out; null when it is not checked in, or already checked out. */
export async function checkOut(
  db: Executor,
  visit: { propertyId: number; workday: IsoDate; note: string; userId: number; at: Date },
): Promise<VisitRecord | null> {
  const [row] = await db
    .update(visits)
    .set({ checkedOutAt: visit.at, checkedOutBy: visit.userId, checkOutNote: visit.note, updatedAt: visit.at })
    .where(
      and(
        eq(visits.propertyId, visit.propertyId),
        eq(visits.workday, visit.workday),
        sql`${visits.checkedInAt} is not null`,
        isNull(visits.checkedOutAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertPhoto(db: Executor, photo: NewVisitPhotoRecord): Promise<VisitPhotoRecord> {
  const [row] = await db.insert(visitPhotos).values(photo).returning();
  if (!row) throw new Error('visit photo not inserted');
  return row;
}

/** A visit's photo as lists show it, with the visit it belongs to. */
export type PhotoRow = Pick<
  VisitPhotoRecord,
  'id' | 'visitId' | 'kind' | 'filename' | 'contentType' | 'size' | 'createdAt'
>;

const photoFields = {
  id: visitPhotos.id,
  visitId: visitPhotos.visitId,
  kind: visitPhotos.kind,
  filename: visitPhotos.filename,
  contentType: visitPhotos.contentType,
  size: visitPhotos.size,
  createdAt: visitPhotos.createdAt,
};

/** The photos of the visits, oldest first (check-in before check-out). */
export async function photosOf(db: Executor, visitIds: readonly number[]): Promise<PhotoRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .select(photoFields)
    .from(visitPhotos)
    .where(inArray(visitPhotos.visitId, [...visitIds]))
    .orderBy(visitPhotos.visitId, visitPhotos.id);
}

/** The property's visits the crew checked out of, a page at a time (a completed service each). */
export async function listCompleted(db: Executor, propertyId: number, query: ListQuery) {
  const where = and(eq(visits.propertyId, propertyId), isNotNull(visits.checkedOutAt), query.where);
  const [counted] = await db.select({ total: count() }).from(visits).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count' as const, total };
  const rows = await db
    .select()
    .from(visits)
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate' as const, total, rows };
}

/** The property's visits checked out of between two days (a mow year), oldest first. */
export async function completedBetween(
  db: Executor,
  propertyId: number,
  range: { from: IsoDate; to: IsoDate },
): Promise<VisitRecord[]> {
  return db
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.propertyId, propertyId),
        isNotNull(visits.checkedOutAt),
        between(visits.workday, range.from, range.to),
      ),
    )
    .orderBy(visits.workday);
}

/** One photo of one visit of the property (all three must match, so an id of another property is not found). */
export async function findPhoto(
  db: Executor,
  { propertyId, visitId, photoId }: { propertyId: number; visitId: number; photoId: number },
): Promise<VisitPhotoRecord | null> {
  const [row] = await db
    .select({ photo: visitPhotos })
    .from(visitPhotos)
    .innerJoin(visits, eq(visits.id, visitPhotos.visitId))
    .where(and(eq(visits.propertyId, propertyId), eq(visits.id, visitId), eq(visitPhotos.id, photoId)));
  return row?.photo ?? null;
}

/**
 * Gives every scheduled mow of `days` that no crew checked out of a visit row, so it waits on the office's list of
 * visits to confirm (the schedule's services of those days: `scheduledServices`). A visit already there (checked in,
 * or checked out) is left as it is. Answers how many were added.
 */
export async function addUnconfirmedVisits(tx: Executor, days: readonly IsoDate[]): Promise<number> {
  const services = scheduledServices({ days });
  if (!services) return 0;
  const result = await tx.execute(sql`
    insert into visits (property_id, workday, year, week, crew)
    select s.property_id, s.day, s.year, s.week, p.crew
    from ${services} s
    join properties p on p.id = s.property_id
    where ${isInService}
    on conflict (property_id, workday) do nothing
  `);
  return result.rowCount ?? 0;
}

/** A visit waiting for the office, with the property it was for. */
export type UnconfirmedRow = {
  id: number;
  propertyId: number;
  accountNumber: string;
  customerName: string;
  serviceAddress: string;
  workday: IsoDate;
  crew: number | null;
  checkedInAt: Date | null;
};

/**
 * The scheduled mows past their deadline (a workday before `before`) that no crew checked out of and the office has
 * not settled, oldest first.
 */
export async function listUnconfirmed(db: Executor, before: IsoDate, query: ListQuery) {
  const where = and(
    isNull(visits.checkedOutAt),
    isNull(visits.confirmation),
    sql`${visits.workday} < ${before}::date`,
    isNull(properties.deletedAt),
    query.where,
  );
  const [counted] = await db
    .select({ total: count() })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count' as const, total };
  const rows: UnconfirmedRow[] = await db
    .select({
      id: visits.id,
      propertyId: visits.propertyId,
      accountNumber: properties.accountNumber,
      customerName: sql<string>`${properties.customerFirstName} || ' ' || ${properties.customerLastName}`,
      serviceAddress: properties.serviceAddress,
      workday: visits.workday,
      crew: visits.crew,
      checkedInAt: visits.checkedInAt,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate' as const, total, rows };
}

/**
 * Settles a visit nobody checked out of, once: answers the visit, or null when there is no such visit or it was
 * settled or checked out meanwhile (the row is locked by the update).
 */
export async function settleVisit(
  tx: Executor,
  visit: { id: number; confirmation: 'done' | 'skipped'; userId: number; at: Date },
): Promise<VisitRecord | null> {
  const [row] = await tx
    .update(visits)
    .set({ confirmation: visit.confirmation, confirmedBy: visit.userId, confirmedAt: visit.at, updatedAt: visit.at })
    .where(and(eq(visits.id, visit.id), isNull(visits.checkedOutAt), isNull(visits.confirmation)))
    .returning();
  return row ?? null;
}

export async function findVisitById(db: Executor, id: number): Promise<VisitRecord | null> {
  const [row] = await db.select().from(visits).where(eq(visits.id, id));
  return row ?? null;
}

export type MissedStop = { propertyId: number; crew: number; customerName: string };

/**
 * The stops a crew had on `day` and did not check in, that the office was not told of yet (a run of the missed-visit
 * job that is retried tells nobody twice).
 */
export async function findMissedStops(
  db: Executor,
  day: IsoDate,
  week: MowWeekRef,
  namePrefix: string,
): Promise<MissedStop[]> {
  const result = await db.execute<{ property_id: number; crew: number; customer_name: string }>(sql`
    select p.id as property_id, p.crew, trim(p.customer_first_name || ' ' || p.customer_last_name) as customer_name
    from properties p
    left join visits v on v.property_id = p.id and v.workday = ${day}::date
    where p.crew is not null and ${isInService} and ${isScheduledOn(day, week)} and v.checked_in_at is null
      and not exists (select 1 from notifications n
        where n.customer_attribute_id = p.id and starts_with(n.name, ${namePrefix}))
    order by p.id`);
  return result.rows.map((row) => ({ propertyId: row.property_id, crew: row.crew, customerName: row.customer_name }));
}
