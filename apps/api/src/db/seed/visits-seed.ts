import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  addDays,
  calendarDateIn,
  IN_SERVICE_STATUSES,
  ORDER_STATUS,
  weekOf,
  type IsoDate,
  type VisitPhotoKind,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { visitPhotos, visits } from '../schema';
import type { FileStorage } from '../../storage/file-storage';
import { demoLawnPng } from './demo-photo';

/** The demo properties with a season of visits: the first ones in service, which include the web account's. */
const DEMO_VISIT_PROPERTIES = 30;
/** How far back the demo's visits go. */
const DEMO_VISIT_DAYS = 28;
const NOTES = ['', 'Mowed and edged', 'Gate was locked, mowed the front only', 'Dog in the yard, mowed around it', ''];

type Service = { property_id: number; crew: number | null; day: string };

/**
 * The past weeks' visits of a few demo properties, checked in and out by their crew with a small photo each, so
 * Completed services and the customer's calendar show something on a fresh install. Once: a database with visits is
 * left alone. Scheduled days only, never today (the crew's day starts empty).
 */
export async function seedDemoVisits(db: Database, files: FileStorage, now = new Date()): Promise<number> {
  const [existing] = await db.select({ id: visits.id }).from(visits).limit(1);
  if (existing) return 0;
  const today = calendarDateIn(now);
  const from = addDays(today, -DEMO_VISIT_DAYS);
  // Raw SQL: unnesting the schedule's date arrays is beyond the query builder (ADR 0003).
  const result = await db.execute<Service>(sql`
    with chosen as (
      select p.id, p.crew from properties p
      where p.deleted_at is null and p.status_orders = ${ORDER_STATUS.approved}
        and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])
      order by p.id
      limit ${DEMO_VISIT_PROPERTIES}
    )
    select c.id as property_id, c.crew, day::text as day
    from chosen c
    join property_schedules ps on ps.property_id = c.id
    cross join lateral unnest(ps.workdays) as day
    where day >= ${from}::date and day < ${today}::date
    order by c.id, day`);
  let count = 0;
  for (const [index, service] of result.rows.entries()) {
    await seedVisit(db, files, service, index);
    count += 1;
  }
  return count;
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
