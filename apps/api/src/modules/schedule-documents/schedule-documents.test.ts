import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import {
  CALENDAR_MESSAGES,
  dateOfWeekday,
  holidaysInWeek,
  mowYearWeeks,
  weekOf,
  type Calendar,
  type CalendarWeek,
  type CustomerHistoryEntry,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { propertySchedules, propertyWeekOverrides, serviceNotes } from '../../db/schema';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { renderSchedulePdf, scheduleRows, type ScheduleDocumentInput } from './schedule-pdf';

/**
 * The text drawn on a pdfkit PDF: content streams are deflated and the built-in fonts write each run as hex strings
 * inside TJ arrays. Enough to check what a reader sees without a PDF parser.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  // pdfkit writes `/Length n ... >>\nstream\n` and then exactly n bytes (which may end in a CR or LF of their own).
  for (const stream of raw.matchAll(/\/Length (\d+)[^>]*>>\nstream\n/g)) {
    const start = (stream.index ?? 0) + stream[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(stream[1]))).toString('latin1');
    } catch {
      continue; // not a deflated content stream
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '');
      runs.push(hex.map((part) => Buffer.from(part, 'hex').toString('latin1')).join(''));
    }
  }
  return runs.join('\n');
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

const YEAR = 2026;
const TUESDAY = 2;

/** A hand-made year: a weekly Tuesday service in every week, with a skip, a write-in, a redo and an added week. */
function calendarWeeks(): CalendarWeek[] {
  return mowYearWeeks(YEAR).map(({ week, start, end }) => {
    const workday = dateOfWeekday(YEAR, week, TUESDAY);
    const customer: CalendarWeek['customer'] = {
      active: true,
      color: '#10AA39',
      workday,
      message: null,
      typeServiceNote: null,
      isRegularService: true,
    };
    if (week === 3) Object.assign(customer, { typeServiceNote: 'skip', message: 'Rain' });
    if (week === 5)
      Object.assign(customer, { typeServiceNote: 'write', workday: '2026-03-26', message: 'Gate code 42' });
    if (week === 7) Object.assign(customer, { typeServiceNote: 'redo', workday: '2026-04-09', message: '' });
    if (week === 9) customer.isRegularService = false;
    if (week === 11) Object.assign(customer, { active: false, workday: null });
    return {
      week,
      start,
      end,
      status: 'regular',
      current: { active: false, color: '#242323' },
      holidays: holidaysInWeek(YEAR, week),
      winter: { active: false, color: '#cafffe' },
      customer,
      todo: { active: false },
    };
  });
}

const documentInput = (data: CalendarWeek[]): ScheduleDocumentInput => ({
  customer: {
    fullName: 'Ana Lopez',
    serviceAddress: '12 Elm Street',
    city: 'Dallas',
    state: 'TX',
    zipcode: '75201',
    accountNumber: '500123',
    mowDay: 'Tuesday',
    frequency: 'Weekly',
    pricePerService: 37.89,
    taxPerService: 2.89,
  },
  calendar: { year: YEAR, data } satisfies Pick<Calendar, 'year' | 'data'>,
  generatedOn: '2026-04-15',
});

describe('scheduleRows', () => {
  it('lists the weeks with a service and says what happens in each', () => {
    const rows = scheduleRows(calendarWeeks());
    expect(rows).toHaveLength(mowYearWeeks(YEAR).length - 1);
    expect(rows.find((row) => row.week === '11')).toBeUndefined();
    expect(rows[0]).toMatchObject({
      week: '1',
      dates: '02/23/2026 - 03/01/2026',
      serviceDay: 'Tue 02/24/2026',
      whatHappens: 'Regular service',
    });
    const byWeek = (week: number) => rows.find((row) => row.week === String(week));
    expect(byWeek(3)).toMatchObject({ serviceDay: 'Tue 03/10/2026', whatHappens: 'Skipped: Rain' });
    expect(byWeek(5)).toMatchObject({
      serviceDay: 'Thu 03/26/2026',
      whatHappens: 'Write in: Thu 03/26/2026, Gate code 42',
    });
    expect(byWeek(7)?.whatHappens).toBe('Redo: Thu 04/09/2026');
    expect(byWeek(9)?.whatHappens).toBe('Added service');
    const memorial = weekOf('2026-05-25').week;
    expect(byWeek(memorial)?.holidays).toContain('(05/25/2026)');
  });
});

describe('renderSchedulePdf', () => {
  it('writes a readable, paginated PDF of a full year', async () => {
    const pdf = await renderSchedulePdf(documentInput(calendarWeeks()));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThan(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Mowing schedule 2026',
      'Ana Lopez',
      '12 Elm Street, Dallas, TX 75201',
      '500123',
      'Tuesday',
      'Weekly',
      '$37.89 (includes $2.89 tax)',
      'Week dates',
      'Tue 03/10/2026',
      'Skipped: Rain',
      'Added service',
      'Legend',
      'Made on 04/15/2026',
      `Page 1 of ${pageCount(pdf)}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says so when the year has no service, and prints what the built-in fonts cannot as ?', async () => {
    const input = documentInput([]);
    input.customer.fullName = 'Zoë 😀 Li';
    const pdf = await renderSchedulePdf(input);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    expect(text).toContain('No services are scheduled for 2026.');
    expect(text).toContain('Zoë ? Li');
  });
});

const t = useTestContext({ clock: () => new Date('2026-04-15T17:00:00Z') });

let office: TestUser;
let headers: { authorization: string };
let property: { id: number; accountNumber: string };
let withoutEmail: { id: number };

/** The stored year the calendar reads: a weekly Tuesday plan, one added week, one skip and one write-in. */
async function insertYear(db: Database, propertyId: number) {
  const planned = mowYearWeeks(YEAR)
    .filter(({ week }) => week !== 9)
    .map(({ week }) => dateOfWeekday(YEAR, week, TUESDAY));
  const added = dateOfWeekday(YEAR, 9, TUESDAY);
  await db.insert(propertySchedules).values({ propertyId, year: YEAR, planned, workdays: [...planned, added].sort() });
  await db.insert(propertyWeekOverrides).values({ propertyId, year: YEAR, week: 9, kind: 'added', workday: added });
  await db.insert(serviceNotes).values([
    { propertyId, year: YEAR, week: 3, type: 'skip', workday: '2026-03-10', message: 'Rain' },
    { propertyId, year: YEAR, week: 5, type: 'write', workday: '2026-03-26', message: 'Gate code' },
  ]);
}

beforeAll(async () => {
  office = await t.createUser({ role: 'Representative', firstName: 'Rita', lastName: 'Office' });
  headers = await t.authHeaders(office);
  const marketId = await insertMarket(t.db, 'Dallas');
  const joined = { joinDate: '2025-06-01', serviceDate: '2025-06-03', weekDay: TUESDAY };
  property = await insertRecord(t.db, {
    marketId,
    customer: { firstName: 'Ana', lastName: 'Lopez', email: 'ana.lopez@example.com' },
    property: { ...joined, accountNumber: 'A-1001' },
  });
  withoutEmail = await insertRecord(t.db, { marketId, customer: { email: null }, property: joined });
  await insertYear(t.db, property.id);
  await t.startWorkers();
});

const get = (url: string, as: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url: `/api/customers${url}`, headers: as });

describe('GET /api/customers/downloadSchedule/{id}', () => {
  it("answers the calendar's year as a PDF attachment", async () => {
    const response = await get(`/downloadSchedule/${property.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="schedule-A-1001-2026.pdf"');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain('Mowing schedule 2026');
    expect(text).toContain('Skipped: Rain');
    expect(text).toContain('Write in: Thu 03/26/2026, Gate code');
    expect(text).toContain('Added service');
    expect(text).toContain('Tue 02/24/2026');
  });

  it('makes a document for another offered year, even one without services', async () => {
    const response = await get(`/downloadSchedule/${property.id}?year=2025`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="schedule-A-1001-2025.pdf"');
    expect(pdfText(response.rawPayload)).toContain('No services are scheduled for 2025.');
  });

  it('refuses a year the calendar does not offer', async () => {
    const notOffered = await get(`/downloadSchedule/${property.id}?year=2024`);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toEqual({
      message: CALENDAR_MESSAGES.yearNotOffered,
      errors: { year: [CALENDAR_MESSAGES.yearNotOffered] },
    });
    expect((await get(`/downloadSchedule/${property.id}?year=1999`)).statusCode).toBe(400);
    expect((await get(`/downloadSchedule/${property.id}?year=2026&extra=1`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown property and 400 for a bad id', async () => {
    expect((await get('/downloadSchedule/999999')).statusCode).toBe(404);
    expect((await get('/downloadSchedule/abc')).statusCode).toBe(400);
  });

  it('is for office staff only', async () => {
    expect((await get(`/downloadSchedule/${property.id}`, {})).statusCode).toBe(401);
    const crew = await t.createUser({ role: 'crew', crewNumber: 7 });
    expect((await get(`/downloadSchedule/${property.id}`, await t.authHeaders(crew))).statusCode).toBe(403);
  });

  it('does not take the place of the customer record route', async () => {
    const record = await get(`/${property.id}`);
    expect(record.statusCode).toBe(200);
    expect(record.json().data.customerId).toBe('A-1001');
  });
});

describe('GET /api/customers/sendSchedule/{id}', () => {
  const outbox = () => path.join(t.config.dataDir, 'outbox');

  async function waitForMail(attachmentName: string): Promise<string> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      for (const file of await readdir(outbox()).catch(() => [] as string[])) {
        const mail = await readFile(path.join(outbox(), file), 'utf8');
        if (mail.includes(attachmentName)) return mail;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail with ${attachmentName} arrived in the outbox`);
  }

  it('e-mails the PDF to the customer and records it in the history', async () => {
    const response = await get(`/sendSchedule/${property.id}?year=2026`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'The mail was sent correctly' });

    const mail = await waitForMail('schedule-A-1001-2026.pdf');
    expect(mail).toMatch(/^To: ana\.lopez@example\.com$/m);
    expect(mail).toMatch(/^Subject: Your mowing schedule for 2026$/m);
    expect(mail).toMatch(/Content-Type: application\/pdf/);
    const attachment = /filename=schedule-A-1001-2026\.pdf\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail)?.[1] ?? '';
    const pdf = Buffer.from(attachment.replace(/\s/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Skipped: Rain');

    const history = await get(`/${property.id}/history`);
    const entries = history.json<{ data: CustomerHistoryEntry[] }>().data;
    expect(entries[0]).toMatchObject({
      action: 'send-schedule',
      description: 'Schedule 2026 sent to ana.lopez@example.com',
      user: { id: office.id, fullName: 'Rita Office' },
    });
  });

  it('refuses a customer without an e-mail address, writing nothing', async () => {
    const response = await get(`/sendSchedule/${withoutEmail.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CALENDAR_MESSAGES.noEmail,
      errors: { email: [CALENDAR_MESSAGES.noEmail] },
    });
    const history = await get(`/${withoutEmail.id}/history`);
    expect(history.json<{ total: number }>().total).toBe(0);
  });

  it('refuses a year not offered and unknown properties, writing nothing', async () => {
    const before = (await get(`/${property.id}/history`)).json<{ total: number }>().total;
    expect((await get(`/sendSchedule/${property.id}?year=2030`)).statusCode).toBe(400);
    expect((await get('/sendSchedule/999999')).statusCode).toBe(404);
    expect((await get(`/${property.id}/history`)).json<{ total: number }>().total).toBe(before);
  });

  it('is for office staff only', async () => {
    expect((await get(`/sendSchedule/${property.id}`, {})).statusCode).toBe(401);
    const crew = await t.createUser({ role: 'crew', crewNumber: 8 });
    expect((await get(`/sendSchedule/${property.id}`, await t.authHeaders(crew))).statusCode).toBe(403);
  });
});
