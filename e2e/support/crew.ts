import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectOk, type OfficeApi } from './office-api';
import { DEMO_PASSWORD, STAFF } from './sign-in';

/** The demo crew member's crew (README, demo sign-ins). */
export const DEMO_CREW = 101;

/** Today in the business's time zone, as YYYY-MM-DD, and its ISO weekday (1 Monday ... 7 Sunday). */
function businessToday(): { date: string; weekday: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return { date, weekday };
}

/**
 * Puts a test's customer on the demo crew's route today, through the office's API as staff would: the record gets the
 * crew, the calendar a service on today's week (Created) and, on a weekday, a write-in moving it to today (a write-in
 * may fall on a holiday; on a Saturday the mow day becomes Saturday instead). Answers false on a Sunday, when no mow
 * can be scheduled, for the caller to skip.
 */
export async function scheduleForCrewToday(office: OfficeApi, propertyId: number, crew = DEMO_CREW): Promise<boolean> {
  const today = businessToday();
  if (today.weekday === 7) return false;
  const info = await office.get<{ year: number; week: number; holidays: { date: string }[] }>(
    `/api/helper/date-info?date=${today.date}`,
  );
  const isSaturday = today.weekday === 6;
  if (isSaturday && info.holidays.some((holiday) => holiday.date === today.date)) return false;
  const { version } = await office.get<{ version: number }>(`/api/customers/${propertyId}`);
  await expectOk(
    await office.fetch(`/api/customers/${propertyId}`, {
      method: 'PATCH',
      data: { version, crew, ...(isSaturday ? { weekDay: 6 } : {}) },
    }),
  );
  const change = (data: Record<string, unknown>) =>
    office.fetch(`/api/customers/${propertyId}/attributes`, {
      method: 'PATCH',
      data: { year: info.year, week: info.week, ...data },
    });
  await expectOk(await change({ status: 'created' }));
  if (!isSaturday) await expectOk(await change({ status: 'write', date: today.date, message: 'On the crew app' }));
  return true;
}

/** A small PNG (8x8 green pixels), as a phone's camera would hand the page a photo. */
export const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPQWGCDFTEMLQkAYT9BAZjEcQwAAAAASUVORK5CYII=',
  'base64',
);

/**
 * The demo crew member checks in and out of a stop on today's route through the crew's API, as their phone sends it:
 * a photo at each, and the note at check-out (before its photo, as the route reads them in order).
 */
export async function checkInAndOutByApi(request: APIRequestContext, propertyId: number, note: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: STAFF.crew, password: DEMO_PASSWORD } });
  await expectOk(login);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const send = async (
    action: 'check-in' | 'check-out',
    multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ) =>
    expectOk(
      await request.post(`/api/crew/stops/${propertyId}/${action}`, {
        headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
        multipart,
      }),
    );
  await send('check-in', { photo: { name: 'arrival.png', mimeType: 'image/png', buffer: PHOTO_PNG } });
  await send('check-out', { note, photo: { name: 'finished.png', mimeType: 'image/png', buffer: PHOTO_PNG } });
}
