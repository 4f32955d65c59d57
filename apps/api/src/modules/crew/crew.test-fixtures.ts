import { weekOf, type IsoDate } from '@lawn/shared';
import type { Database } from '../../db/client';
import { insertRecord, type RecordFixture } from '../../test/record-fixtures';
import { multipartBody } from '../../test/multipart-body';
import type { TestContext } from '../../test/test-app';
import { writeSchedule } from '../schedule/schedule.test-fixtures';

/** Wednesday of week 16 of mow year 2026, 10:00 in Chicago: the crew's "today" in these tests. */
export const CREW_TODAY: IsoDate = '2026-06-10';
export const crewClock = () => new Date('2026-06-10T15:00:00Z');

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
/** Bytes that start like a PNG image. */
export const photoBytes = (size = 200) =>
  Buffer.concat([Buffer.from(PNG_HEAD), Buffer.alloc(size - PNG_HEAD.length, 7)]);

/** A property of `crew` whose schedule has a mow on each of `workdays` (default: the crew's today). */
export async function insertStop(
  db: Database,
  fixture: RecordFixture & { crew: number; workdays?: IsoDate[] },
): Promise<number> {
  const { crew, workdays = [CREW_TODAY], ...record } = fixture;
  const { id } = await insertRecord(db, { ...record, property: { crew, ...record.property } });
  const years = new Set(workdays.map((day) => weekOf(day).year));
  for (const year of years) {
    await writeSchedule(db, id, year, { planned: workdays.filter((day) => weekOf(day).year === year) });
  }
  return id;
}

/** Sends a check-in or check-out of a stop with a photo (and a note), as the crew's phone does. */
export async function sendVisit(
  t: TestContext,
  headers: Record<string, string>,
  propertyId: number,
  action: 'check-in' | 'check-out',
  {
    photo = photoBytes(),
    note,
    workday,
    filename = 'yard.png',
  }: { photo?: Buffer; note?: string; workday?: string; filename?: string } = {},
) {
  const body = multipartBody([{ name: filename, content: photo, contentType: 'image/png', field: 'photo' }], {
    ...(note === undefined ? {} : { note }),
    ...(workday === undefined ? {} : { workday }),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/crew/stops/${propertyId}/${action}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
