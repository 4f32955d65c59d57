import type { BushBedReportRow, OperationsReportRow, Page, ReconciliationReportRow, Report } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bushBedServices, invoices, propertyAnswers, reports, serviceNotes, visits } from '../../db/schema';
import { selectionReportJob } from '../../jobs/selection-report.job';
import { createLogger } from '../../logger';
import { createFileStorage } from '../../storage/configured-storage';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { crewClock, insertStop } from '../crew/crew.test-fixtures';

// Today is Wednesday 2026-06-10, week 16 of mow year 2026; the week runs Monday 06-08 to Sunday 06-14.
const t = useTestContext({ clock: crewClock });
const CREW = 8801;
const OTHER_CREW = 8802;
const YEAR = 2026;
const WEEK = 16;

let marketId: number;
let otherMarketId: number;
let headers: { authorization: string };
const ids = { complete: 0, missed: 0, unbilled: 0, stray: 0, skipped: 0, otherCrew: 0, otherMarket: 0 };

async function checkedOut(propertyId: number, workday: string) {
  const at = new Date(`${workday}T15:00:00Z`);
  await t.db
    .insert(visits)
    .values({ propertyId, workday, year: YEAR, week: WEEK, crew: CREW, checkedInAt: at, checkedOutAt: at });
}

async function billed(propertyId: number, serviceDate: string) {
  await t.db.insert(invoices).values({
    propertyId,
    year: YEAR,
    week: WEEK,
    serviceDate,
    billingDate: '2026-06-12',
    subtotal: 40,
    total: 43.3,
    status: 1,
  });
}

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Route market');
  otherMarketId = await insertMarket(t.db, 'Other route market');
  headers = await t.authHeaders(await t.createUser({ role: 'Representative' }));
  const stop = (serviceAddress: string, workdays: string[], extra: { crew?: number; marketId?: number } = {}) =>
    insertStop(t.db, {
      marketId: extra.marketId ?? marketId,
      crew: extra.crew ?? CREW,
      workdays,
      property: { serviceAddress },
    });
  // Done and billed: nothing to mark.
  ids.complete = await stop('40 Elm Street', ['2026-06-10']);
  // Scheduled on Tuesday, nobody came.
  ids.missed = await stop('12 Oak Street', ['2026-06-09']);
  // Done on Wednesday, no invoice yet.
  ids.unbilled = await stop('5 Elm Street', ['2026-06-10']);
  // Not on the schedule, but billed on Thursday and never done.
  ids.stray = await stop('7 Ash Lane', ['2026-06-17']);
  // Skipped this week: off the route sheet.
  ids.skipped = await stop('9 Birch Road', ['2026-06-10']);
  // Another crew's stop, and another market's.
  ids.otherCrew = await stop('1 Pine Street', ['2026-06-10'], { crew: OTHER_CREW });
  ids.otherMarket = await stop('2 Pine Street', ['2026-06-10'], { crew: OTHER_CREW + 1, marketId: otherMarketId });

  await checkedOut(ids.complete, '2026-06-10');
  await billed(ids.complete, '2026-06-10');
  await checkedOut(ids.unbilled, '2026-06-10');
  await billed(ids.stray, '2026-06-11');
  await t.db
    .insert(serviceNotes)
    .values({ propertyId: ids.skipped, year: YEAR, week: WEEK, type: 'skip', workday: '2026-06-10' });
  await t.db.insert(propertyAnswers).values({
    propertyId: ids.complete,
    grassOvergrown: false,
    isCommunityGate: false,
    isBackyardGate: false,
    isFlowerBeds: false,
    isPetsBackyard: true,
    petsMowAround: 'yes_knock',
    isFencePlastic: false,
    isAboveGroundPool: true,
    isTrampoline: false,
  });
  await t.db.insert(bushBedServices).values([
    { propertyId: ids.complete, year: YEAR, week: WEEK, crew: CREW, weekDay: 3, status: 1, instruction: 'Trim hedges' },
    { propertyId: ids.missed, year: YEAR, week: WEEK + 1, crew: CREW, weekDay: 2, status: 2 },
    { propertyId: ids.otherCrew, year: YEAR, week: WEEK, crew: OTHER_CREW, weekDay: 3, status: 1 },
  ]);
});

async function page<Row>(path: string, query: string) {
  const response = await t.app.inject({ url: `/api/reports/${path}?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Row>>();
}

const crewWeek = `filter[year]=${YEAR}&filter[week]=${WEEK}&filter[crew]=${CREW}`;

describe('GET /api/reports/operations', () => {
  it("lists the crew's service days of the week in route order, with gate codes and hazards", async () => {
    const result = await page<OperationsReportRow>('operations', crewWeek);
    expect(result.data.map((row) => [row.workday, row.serviceAddress])).toEqual([
      ['2026-06-09', '12 Oak Street'],
      ['2026-06-10', '5 Elm Street'],
      ['2026-06-10', '40 Elm Street'],
    ]);
    expect(result).toMatchObject({ total: 3, perPage: 20, currentPage: 1 });
    const complete = result.data.find((row) => row.propertyId === ids.complete);
    expect(complete).toMatchObject({
      crew: CREW,
      marketName: 'Route market',
      city: 'Dallas',
      mowCut: ['Front', 'Back'],
    });
    expect(complete?.hazards).toEqual(expect.arrayContaining(['Pets in the backyard', 'Above-ground pool']));
  });

  it('narrows to a weekday and a market, and pages 20, 50 or 100 rows', async () => {
    const wednesday = await page<OperationsReportRow>('operations', `${crewWeek}&filter[weekDay]=3`);
    expect(wednesday.data.map((row) => row.propertyId).sort()).toEqual([ids.complete, ids.unbilled].sort());
    const market = await page<OperationsReportRow>(
      'operations',
      `filter[year]=${YEAR}&filter[week]=${WEEK}&filter[market]=${otherMarketId}`,
    );
    expect(market.data.map((row) => row.propertyId)).toEqual([ids.otherMarket]);
    const small = await page<OperationsReportRow>('operations', `${crewWeek}&limit=1&page=2`);
    expect(small.data.map((row) => row.serviceAddress)).toEqual(['5 Elm Street']);
  });

  it.each([
    ['', 'filter[week]', 'Select a parameter'],
    [`filter[year]=${YEAR}`, 'filter[week]', 'Select a parameter'],
    ['filter[week]=54', 'filter[week]', 'Invalid value: 54 (Choose a week from 1 to 53)'],
    ['filter[weekDay]=6', 'filter[weekDay]', 'Invalid value: 6 (Choose a weekday from Monday to Friday)'],
    ['filter[crew]=100000', 'filter[crew]', 'Invalid value: 100000 (Enter a crew number from 1 to 99999)'],
    ['filter[week]=1&filter[year]=1999', 'filter[year]', 'Invalid value: 1999 (Choose a year from 2020 to 2040)'],
    ['filter[crew]=-1', 'filter[crew]', 'Invalid value: -1'],
    ['filter[route]=1', 'filter[route]', 'Unknown filter: route'],
    ['filter[week]=1&limit=101', 'limit', 'The limit must be a whole number from 1 to 100.'],
    ['filter[week]=1&sort=lat', 'sort', 'Unknown sort: lat'],
  ])('answers 400 for %s', async (query, field, message) => {
    const response = await t.app.inject({ url: `/api/reports/operations?${query}`, headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(message);
  });
});

describe('GET /api/reports/reconciliation', () => {
  it('marks each difference between scheduled, done and billed', async () => {
    const result = await page<ReconciliationReportRow>('reconciliation', crewWeek);
    const byProperty = new Map(result.data.map((row) => [row.propertyId, row]));
    expect(result.total).toBe(4);
    expect(byProperty.get(ids.complete)).toMatchObject({
      scheduledDay: '2026-06-10',
      doneDay: '2026-06-10',
      billedDay: '2026-06-10',
      invoiceTotal: 43.3,
      invoiceStatusName: 'Paid',
      differences: [],
    });
    expect(byProperty.get(ids.missed)).toMatchObject({ scheduledDay: '2026-06-09', differences: ['notDone'] });
    expect(byProperty.get(ids.unbilled)).toMatchObject({ doneDay: '2026-06-10', differences: ['notBilled'] });
    expect(byProperty.get(ids.stray)).toMatchObject({
      scheduledDay: null,
      billedDay: '2026-06-11',
      differences: ['billedNotDone', 'notScheduled'],
    });
    expect(byProperty.has(ids.skipped)).toBe(false);
  });

  it('keeps to the weekday chosen', async () => {
    const thursday = await page<ReconciliationReportRow>('reconciliation', `${crewWeek}&filter[weekDay]=4`);
    expect(thursday.data.map((row) => row.propertyId)).toEqual([ids.stray]);
  });
});

describe('GET /api/reports/bush-bed', () => {
  it("lists the crew's bush-and-bed services of the week", async () => {
    const result = await page<BushBedReportRow>('bush-bed', crewWeek);
    expect(result.data).toEqual([
      expect.objectContaining({
        propertyId: ids.complete,
        week: WEEK,
        weekDayName: 'Wednesday',
        crew: CREW,
        statusName: 'Not',
        instruction: 'Trim hedges',
      }),
    ]);
    const crewYear = await page<BushBedReportRow>('bush-bed', `filter[crew]=${CREW}`);
    expect(crewYear.data.map((row) => row.week)).toEqual([WEEK, WEEK + 1]);
  });
});

describe('POST /api/reports/{type}', () => {
  const log = createLogger({ level: 'silent' });
  const mailer = { send: async () => ({ messageId: '' }), close: () => undefined };

  async function request(type: string, body: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url: `/api/reports/${type}`, headers, payload: body });
  }

  it('writes the operations report of a crew as a PDF through the report pipeline', async () => {
    const response = await request('operations', {
      nameDoc: 'Crew 8801 week 16',
      typeDoc: 'pdf',
      clients: 'all',
      select: ['workday', 'serviceAddress', 'fullName', 'gateCodes', 'hazards'],
      query: { 'filter[week]': String(WEEK), 'filter[crew]': String(CREW) },
    });
    expect(response.statusCode, response.body).toBe(202);
    const report = response.json<{ data: Report; message: string }>();
    expect(report).toMatchObject({ message: 'The report is being processed', data: { status: 'requested' } });

    await selectionReportJob.handler(
      { reportId: report.data.id },
      { db: t.db, mailer, config: t.config, log, jobs: t.jobs },
    );
    const [stored] = await t.db.select().from(reports).where(eq(reports.id, report.data.id));
    expect(stored).toMatchObject({ status: 'completed', type: 'operations', rowCount: 3, format: 'pdf' });
    expect(stored?.query).toMatchObject({ query: { 'filter[year]': String(YEAR) } });
    const file = await createFileStorage(t).read(stored?.filePath ?? '');
    const bytes = Buffer.concat((await file?.stream.toArray()) ?? []);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes the reconciliation report of the chosen properties as CSV', async () => {
    const response = await request('reconciliation', {
      nameDoc: 'Reconciliation',
      typeDoc: 'csv',
      ids: [ids.stray],
      select: ['customerId', 'differences'],
      query: { 'filter[year]': String(YEAR), 'filter[week]': String(WEEK), 'filter[crew]': String(CREW) },
    });
    expect(response.statusCode, response.body).toBe(202);
    const { data } = response.json<{ data: Report }>();
    await selectionReportJob.handler({ reportId: data.id }, { db: t.db, mailer, config: t.config, log, jobs: t.jobs });
    const [stored] = await t.db.select().from(reports).where(eq(reports.id, data.id));
    expect(stored).toMatchObject({ status: 'completed', rowCount: 1 });
    const file = await createFileStorage(t).read(stored?.filePath ?? '');
    const text = Buffer.concat((await file?.stream.toArray()) ?? []).toString('utf8');
    expect(text).toContain('Billed but not done; Not scheduled');
  });

  it('refuses a selection without a parameter, an empty one, or an unknown column, with 400', async () => {
    const base = { nameDoc: 'x', typeDoc: 'pdf', clients: 'all' };
    const none = await request('bush-bed', { ...base, query: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe('Select a parameter');
    const empty = await request('bush-bed', { ...base, query: { 'filter[crew]': '4242' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('Select at least one customer');
    const column = await request('operations', { ...base, select: ['password'], query: { 'filter[week]': '1' } });
    expect(column.statusCode).toBe(400);
  });
});
