import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visitPhotos, visits } from '../schema';
import { createPostgresFileStorage } from '../../storage/postgres-storage';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { writeSchedule } from '../../modules/schedule/schedule.test-fixtures';
import { seedDemoVisits } from './visits-seed';

const t = useTestContext();
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece as Buffer));
  return Buffer.concat(pieces);
}

describe('seedDemoVisits', () => {
  it("gives the past weeks' mows a checked-out visit with a small PNG photo at each end, once", async () => {
    const files = createPostgresFileStorage(t.db);
    const marketId = await insertMarket(t.db, 'Demo visits market');
    const { id } = await insertRecord(t.db, { marketId });
    // Five past mows, of which the last four get visits, and today's (left to the crew).
    await writeSchedule(t.db, id, 2026, {
      planned: ['2026-04-27', '2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-10'],
    });
    // A skipped week was not mowed: no visit.
    await t.db.execute(
      `insert into service_notes (property_id, year, week, type, workday) values (${id}, 2026, 12, 'skip', '2026-05-11')`,
    );

    const seeded = await seedDemoVisits(t.db, files, new Date('2026-06-10T15:00:00Z'));

    expect(seeded).toBe(4);
    const rows = await t.db.select().from(visits).where(eq(visits.propertyId, id)).orderBy(visits.workday);
    // The first property in service has its last mow past the deadline left unchecked (one in five).
    expect(rows.map((row) => [row.workday, row.week, row.checkedOutAt !== null])).toEqual([
      ['2026-05-04', 11, true],
      ['2026-05-18', 13, true],
      ['2026-05-25', 14, true],
      ['2026-06-01', 15, false],
    ]);
    const photos = await t.db
      .select()
      .from(visitPhotos)
      .where(eq(visitPhotos.visitId, rows[0]?.id ?? 0));
    expect(photos.map((photo) => photo.kind).sort()).toEqual(['check-in', 'check-out']);
    for (const photo of photos) {
      expect(photo.size).toBeGreaterThan(500);
      expect(photo.size).toBeLessThan(16 * 1024);
      const stored = await files.read(photo.storageKey);
      if (!stored) throw new Error(`${photo.storageKey} is not in the store`);
      const bytes = await readAll(stored.stream);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(bytes.length).toBe(photo.size);
    }

    expect(await seedDemoVisits(t.db, files, new Date('2026-06-10T15:00:00Z'))).toBe(0);
  });

  it('leaves the last due mow of one property in five unchecked, on the list to confirm', async () => {
    const files = createPostgresFileStorage(t.db);
    await t.db.delete(visits);
    const marketId = await insertMarket(t.db, 'Demo unconfirmed market');
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { id } = await insertRecord(t.db, { marketId });
      await writeSchedule(t.db, id, 2026, { planned: ['2026-06-01', '2026-06-08'] });
      ids.push(id);
    }
    await seedDemoVisits(t.db, files, new Date('2026-06-10T15:00:00Z'));
    // With the test above's property first, the fifth of these is the next one in five.
    const open = (await t.db.select().from(visits).where(isNull(visits.checkedOutAt))).filter((visit) =>
      ids.includes(visit.propertyId),
    );
    expect(open.map((visit) => [visit.propertyId, visit.workday, visit.checkedInAt])).toEqual([
      [ids[4], '2026-06-08', null],
    ]);
  });
});
