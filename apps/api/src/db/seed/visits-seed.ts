import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  addBusinessDays,
  calendarDateIn,
  IN_SERVICE_STATUSES,
  mowYearOf,
  mowYearStart,
  ORDER_STATUS,
  weekOf,
  type IsoDate,
  type VisitPhotoKind,
} from '@lawn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { invoices, visitPhotos, visits } from '../schema';
import type { FileStorage } from '../../storage/file-storage';
import { demoLawnPng } from './demo-photo';

/** The demo properties with a season of visits: the first ones in service, which include the web account's. */
const DEMO_VISIT_PROPERTIES = 30;
/** Each one's last scheduled mows before today (a winter with few mows still shows some). */
const DEMO_VISITS_PER_PROPERTY = 4;
const NOTES = ['', 'Mowed and edged', 'Gate was locked, mowed the front only', 'Dog in the yard, mowed around it', ''];

type Service = { property_id: number; crew: number | null; day: string };

/**
 * The last four mows of a few demo properties, checked in and out by their crew with a small photo each, so
 * Completed services and the customer's calendar show something on a fresh install; one property in five has its
 * last mow past its deadline unchecked, on the office's list of visits to confirm. Once: a database with visits is
 * left alone. Scheduled days only, never today (the crew's day starts empty).
 */
export async function seedDemoVisits(db: Database, files: FileStorage, now = new Date()): Promise<number> {
  const [existing] = await db.select({ id: visits.id }).from(visits).limit(1);
  if (existing) return 0;
  const today = calendarDateIn(now);
  const years = [mowYearOf(today) - 1, mowYearOf(today)];
  const yearStarts = sql.join(
    years.map((year) => sql`(${year}::smallint, ${mowYearStart(year)}::date)`),
    sql`, `,
  );
  // Raw SQL: unnesting the schedule's date arrays is beyond the query builder (ADR 0003).
  const result = await db.execute<Service>(sql`
    with year_starts (year, start) as (values ${yearStarts}),
    chosen as (
      select p.id, p.crew from properties p
      where p.deleted_at is null and p.status_orders = ${ORDER_STATUS.approved}
        and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])
      order by p.id
      limit ${DEMO_VISIT_PROPERTIES}
    )
    select property_id, crew, day from (
      select c.id as property_id, c.crew, day::text as day,
             row_number() over (partition by c.id order by day desc) as recent
      from chosen c
      join property_schedules ps on ps.property_id = c.id
      cross join lateral unnest(ps.workdays) as day
      where day < ${today}::date
        -- A week skipped or moved by a write-in was not mowed on its planned day.
        and not exists (
          select 1 from service_notes n
          join year_starts ys on ys.year = n.year
          where n.property_id = c.id and n.year = ps.year and n.type in ('skip', 'write')
            and n.week = (day - ys.start) / 7 + 1
        )
    ) past
    where recent <= ${DEMO_VISITS_PER_PROPERTY}
    order by property_id, day`);
  const due = addBusinessDays(today, -1);
  const unconfirmed = lastDueOfEveryFifth(result.rows, due);
  let count = 0;
  for (const [index, service] of result.rows.entries()) {
    if (unconfirmed.has(service)) await seedUnconfirmedVisit(db, service);
    else await seedVisit(db, files, service, index);
    count += 1;
  }
  return count;
}

/** Every fifth property's last mow past its check-out deadline (a workday before `due`): the crew forgot it. */
function lastDueOfEveryFifth(services: readonly Service[], due: IsoDate): Set<Service> {
  const last = new Map<number, Service>();
  for (const service of services) if (service.day < due) last.set(service.property_id, service);
  const properties = [...last.keys()].sort((a, b) => a - b);
  return new Set(properties.filter((_, index) => index % 5 === 0).map((id) => last.get(id) as Service));
}

/**
 * A mow no crew checked out of, as the daily billing leaves it: on the office's list of visits to confirm, and not
 * invoiced (the demo's invoices bill the schedule, so its invoice goes).
 */
async function seedUnconfirmedVisit(db: Database, service: Service): Promise<void> {
  const { year, week } = weekOf(service.day);
  await db.transaction(async (tx) => {
    await tx
      .insert(visits)
      .values({ propertyId: service.property_id, workday: service.day, year, week, crew: service.crew });
    await tx
      .delete(invoices)
      .where(and(eq(invoices.propertyId, service.property_id), eq(invoices.year, year), eq(invoices.week, week)));
  });
}

async function seedVisit(db: Database, files: FileStorage, service: Service, index: number): Promise<void> {
  const day: IsoDate = service.day;
  const { year, week } = weekOf(day);
  // Mid-morning in Chicago, 25 to 45 minutes a yard.
  const checkedInAt = new Date(`${day}T${String(13 + (index % 5)).padStart(2, '0')}:${index % 2 ? '30' : '05'}:00Z`);
  const checkedOutAt = new Date(checkedInAt.getTime() + (25 + (index % 3) * 10) * 60_000);
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .insert(visits)
      .values({
        propertyId: service.property_id,
        workday: day,
        year,
        week,
        crew: service.crew,
        checkedInAt,
        checkedOutAt,
        checkOutNote: NOTES[index % NOTES.length] ?? '',
      })
      .returning({ id: visits.id });
    if (!visit) throw new Error('demo visit not inserted');
    for (const kind of ['check-in', 'check-out'] as const satisfies VisitPhotoKind[]) {
      const photo = demoLawnPng(index, kind === 'check-out');
      const storageKey = `visits/${service.property_id}/${day}/${randomUUID()}`;
      await files.put(storageKey, Readable.from([photo]));
      await tx.insert(visitPhotos).values({
        visitId: visit.id,
        kind,
        filename: `${kind}-${day}.png`,
        contentType: 'image/png',
        size: photo.length,
        storageKey,
        createdAt: kind === 'check-in' ? checkedInAt : checkedOutAt,
      });
    }
  });
}
