import {
  calendarDateIn,
  defaultNoteLookupDate,
  mowYearOf,
  weekRange,
  type CustomerListRow,
  type Page,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, notes, propertySchedules, serviceNotes } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

let headers: { authorization: string };
let market: number;
let csr: number;
const ids: Record<string, number> = {};
const customerIds: Record<string, number> = {};
const thisYear = mowYearOf(calendarDateIn(new Date()));

beforeAll(async () => {
  const admin = await t.createUser({ role: 'Admin' });
  headers = await t.authHeaders(admin);
  csr = (await t.createUser({ role: 'customer-service', firstName: 'Cora', lastName: 'Sign' })).id;
  market = await insertMarket(t.db, 'Lookup town');
  const add = async (name: string, fixture: Omit<Parameters<typeof insertRecord>[1], 'marketId'>) => {
    const record = await insertRecord(t.db, { marketId: market, ...fixture });
    ids[name] = record.id;
    customerIds[name] = record.customerId;
  };
  await add('adams', {
    customer: { lastName: 'Adams', isCellphone: true },
    property: {
      createdAt: new Date('2026-03-02T15:00:00Z'),
      futureCancel: 12,
      sendSchedule: 3,
      csrUserId: csr,
      howHeard: 4,
      mapsco: '25K',
      mapA: '7B',
      mapscoGrid: 'K',
    },
  });
  await add('gomez', {
    customer: { lastName: 'gomez' },
    property: { createdAt: new Date('2026-03-03T15:00:00Z'), howHeard: 9, mapsco: '26' },
  });
  await add('nash', { customer: { lastName: 'Nash' }, property: { createdAt: new Date('2026-03-05T04:00:00Z') } });
  await add('zuniga', {
    customer: { lastName: 'Zuniga' },
    property: { statusOrders: 0, createdAt: new Date('2026-03-05T16:00:00Z') },
  });

  const week5 = weekRange(2026, 5);
  const currentWeek = weekRange(thisYear, 10);
  await t.db.insert(propertySchedules).values([
    { propertyId: ids['adams'] as number, year: 2026, workdays: [week5.start, weekRange(2026, 7).start] },
    { propertyId: ids['gomez'] as number, year: 2026, workdays: [weekRange(2026, 6).end] },
    { propertyId: ids['nash'] as number, year: thisYear, workdays: [currentWeek.end] },
  ]);
  await t.db.insert(serviceNotes).values([
    { propertyId: ids['adams'] as number, year: 2026, week: 5, type: 'skip', workday: '2026-04-01' },
    { propertyId: ids['gomez'] as number, year: 2026, week: 5, type: 'write', workday: '2026-04-02' },
    { propertyId: ids['nash'] as number, year: 2026, week: 6, type: 'redo', workday: '2026-04-09' },
  ]);
  const yesterdayish = defaultNoteLookupDate(calendarDateIn(new Date()));
  await t.db.insert(notes).values([
    { propertyId: ids['gomez'] as number, typeId: 1, serviceDate: '2026-04-03', serviceHour: '10:00' },
    { propertyId: ids['nash'] as number, typeId: 2, serviceDate: '2026-04-03', serviceHour: '10:00' },
    { propertyId: ids['adams'] as number, typeId: 1, serviceDate: yesterdayish, serviceHour: '09:00' },
  ]);
});

async function list(filters: string): Promise<{ status: number; body: Page<CustomerListRow> & { errors?: unknown } }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customers?filter[market]=${market}&${filters}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() };
}

async function names(filters: string): Promise<string[]> {
  const { status, body } = await list(filters);
  expect(status, JSON.stringify(body)).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return body.data.map((row) => byId[row.id] ?? String(row.id)).sort();
}

describe('GET /api/customers: the lookup filters', () => {
  it.each([
    ['filter[isCellphone]=true', ['adams']],
    ['filter[isCellphone]=false', ['gomez', 'nash']],
    ['filter[createdAt]=2026-03-02', ['adams']],
    // Days in the business's time zone: 04:00 UTC on Mar 5 is still Mar 4 in Texas.
    ['filter[createdAt]=2026-03-03,2026-03-04', ['gomez', 'nash']],
    ['filter[futureCancel]=12', ['adams']],
    ['filter[sendSchedule]=3,4', ['adams']],
    ['filter[source]=4,9', ['adams', 'gomez']],
    ['filter[mapsco]=25k', ['adams']],
    ['filter[mapA]=7B', ['adams']],
    ['filter[mapscoGrid]=k', ['adams']],
    ['filter[lastNameBucket]=A-F', ['adams']],
    ['filter[lastNameBucket]=G-M', ['gomez']],
    ['filter[lastNameBucket]=N-Z', ['nash']],
    ['filter[lastNameBucket]=N-Z&filter[statusOrders]=', ['nash', 'zuniga']],
    ['filter[isApproved]=false&filter[statusOrders]=', ['zuniga']],
    ['filter[createdAt]=2026-03-05&filter[isApproved]=false&filter[statusOrders]=0', ['zuniga']],
    ['filter[skipDate]=2026-04-01', ['adams']],
    ['filter[writeDate]=2026-03-30,2026-04-05', ['gomez']],
    ['filter[redoDate]=2026-04-01,2026-04-08', []],
    ['filter[redoDate]=2026-04-09', ['nash']],
    ['filter[noteDate]=2026-04-03', ['gomez']],
    ['filter[noteDate]=2026-04-03&filter[noteType]=1,2', ['gomez', 'nash']],
    ['filter[noteType]=1', ['adams']],
    ['filter[week]=5&filter[year]=2026', ['adams']],
    ['filter[week]=6,7&filter[year]=2026', ['adams', 'gomez']],
    ['filter[week]=10', ['nash']],
  ])('%s finds %j', async (filters, expected) => {
    expect(await names(filters)).toEqual(expected);
  });

  it('signedBy finds the properties the CSR signed up', async () => {
    expect(await names(`filter[signedBy]=${csr}`)).toEqual(['adams']);
  });

  it("keeps the cellphone copy in step with the customer's answer", async () => {
    await t.db
      .update(customers)
      .set({ isCellphone: true })
      .where(eq(customers.id, customerIds['gomez'] as number));
    expect(await names('filter[isCellphone]=1')).toEqual(['adams', 'gomez']);
    await t.db
      .update(customers)
      .set({ isCellphone: false })
      .where(eq(customers.id, customerIds['gomez'] as number));
    expect(await names('filter[isCellphone]=1')).toEqual(['adams']);
  });

  it('counts a lookup exactly (render=count)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers?render=count&filter[market]=${market}&filter[lastNameBucket]=A-F,G-M`,
      headers,
    });
    expect(response.json()).toEqual({ total: 2 });
  });

  it.each([
    ['filter[week]=0', 'filter[week]'],
    ['filter[week]=54', 'filter[week]'],
    ['filter[week]=53&filter[year]=2026', 'filter[week]'],
    ['filter[year]=2026', 'filter[year]'],
    ['filter[week]=3&filter[year]=1999', 'filter[year]'],
    ['filter[isCellphone]=maybe', 'filter[isCellphone]'],
    ['filter[createdAt]=2026-02-30', 'filter[createdAt]'],
    ['filter[createdAt]=2026-03-05,2026-03-01', 'filter[createdAt]'],
    ['filter[createdAt]=2051-01-01', 'filter[createdAt]'],
    ['filter[futureCancel]=60', 'filter[futureCancel]'],
    ['filter[sendSchedule]=x', 'filter[sendSchedule]'],
    ['filter[signedBy]=99999999999', 'filter[signedBy]'],
    ['filter[source]=6', 'filter[source]'],
    ['filter[mapsco]=12345678901', 'filter[mapsco]'],
    ['filter[lastNameBucket]=A-Z', 'filter[lastNameBucket]'],
    ['filter[isApproved]=2', 'filter[isApproved]'],
    ['filter[skipDate]=yesterday', 'filter[skipDate]'],
    ['filter[noteType]=8', 'filter[noteType]'],
    ['filter[noteDate]=2026-13-01', 'filter[noteDate]'],
    ['filter[mowYear]=2026', 'filter[mowYear]'],
  ])('%s answers 400 naming %s', async (filters, field) => {
    const { status, body } = await list(filters);
    expect(status).toBe(400);
    expect(Object.keys(body.errors as object)).toEqual([field]);
  });

  it('documents every filter in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }>;
    };
    const parameters = document.paths['/api/customers']?.get?.parameters ?? [];
    for (const name of ['week', 'year', 'isCellphone', 'createdAt', 'lastNameBucket', 'noteType', 'skipDate']) {
      expect(parameters.find((parameter) => parameter.name === `filter[${name}]`)?.description).toBeTruthy();
    }
  });
});
