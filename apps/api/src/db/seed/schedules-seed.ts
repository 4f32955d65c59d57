import { calendarDateIn, mowYearOf, mowYearStart } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { processYearNow } from '../../modules/schedule/schedule.service';
import type { Database } from '../client';
import { scheduleRuns, users } from '../schema';

/**
 * Processes the current mow year for the demo properties, as an Admin pressing Process would, so a fresh install
 * shows real calendars and a completed run. Runs once: a year that has a run already is left alone.
 */
export async function seedDemoSchedules(db: Database, now = new Date()): Promise<void> {
  const year = mowYearOf(calendarDateIn(now));
  const [existing] = await db.select({ id: scheduleRuns.id }).from(scheduleRuns).where(eq(scheduleRuns.year, year));
  if (existing) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) return;
  // The whole year, past weeks included: demo data has no history of earlier plans to keep.
  await processYearNow(
    { db, log: pino({ level: 'silent' }) },
    { year, planFrom: mowYearStart(year), requestedBy: admin.id },
  );
}
