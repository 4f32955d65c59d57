import type { CustomerDetail, CustomerListRow, Page } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, customers, properties } from '../../db/schema';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertMarket, insertRecord } from '../../test/record-fixtures';

const t = useTestContext();

let admin: TestUser;
let headers: { authorization: string };
let dallas: number;
let austin: number;
let zeta: number;

/** Property ids by a short name, for readable expectations. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  headers = await t.authHeaders(admin);
  const zoe = await t.createUser({ role: 'Manager', firstName: 'Zoe', lastName: 'Quinn' });
  const bob = await t.createUser({ role: 'Representative', firstName: 'bob', lastName: 'Allen' });
  dallas = await insertMarket(t.db, 'Dallas');
  austin = await insertMarket(t.db, 'Austin');
  zeta = await insertMarket(t.db, 'zeta', 6);

  const add = async (
    name: string,
    fixture: Omit<Parameters<typeof insertRecord>[1], 'marketId'> & { marketId?: number },
  ) => {
    ids[name] = (await insertRecord(t.db, { marketId: dallas, ...fixture })).id;
  };
  await add('annZed', {
    customer: { firstName: 'Ann', lastName: 'Zed', email: 'ann.zed@example.com', contactNumber: '2145550101' },
    property: {
      serviceAddress: '12 Oak Lane',
      zipcode: '75201',
      city: 'Dallas',
      crew: 101,
      weekDay: 1,
      srvFrequency: 1,
      cardType: 4,
      lastNoteBy: zoe.id,
      lastEditedBy: bob.id,
      accountNumber: '100234',
    },
  });
  await add('annaBee', {
    marketId: austin,
    customer: { firstName: 'anna', lastName: 'Bee', email: 'ANNA.BEE@Example.com', contactNumber: '5125550102' },
    property: {
      serviceAddress: '400 Congress Avenue',
      zipcode: '78701',
      city: 'Austin',
      crew: 120,
      weekDay: 3,
      srvFrequency: 2,
      cardType: null,
      cardLastFour: null,
      cardExpiry: null,
      paymentType: 2,
      lastNoteBy: bob.id,
      lastEditedBy: zoe.id,
      accountNumber: '100235',
    },
  });
  await add('bobAdams', {
    marketId: zeta,
    customer: { firstName: 'Bob', lastName: 'Adams', email: null, contactNumber: '8175550103' },
    property: {
      serviceAddress: '9 Pine Road',
      zipcode: '76101',
      city: 'Fort Worth',
      crew: null,
      weekDay: 5,
      srvFrequency: 4,
      cardType: 5,
      accountNumber: '200001',
    },
  });
  await add('annZedTwin', {
    customer: { firstName: 'Ann', lastName: 'Zed', email: 'twin@example.com', contactNumber: '2145550104' },
    property: { accountNumber: '100236', cardType: 3, serviceAddress: '13 Oak Lane' },
  });
  // Hidden by the default filters or by deletion:
  await add('expired', {
    customer: { firstName: 'Carl', lastName: 'Expired' },
    property: { status: 2, cardType: 6, cardExpiry: '2020-01-31', accountNumber: '300001' },
  });
  await add('pending', { customer: { firstName: 'Dana', lastName: 'Pending' }, property: { statusOrders: 0 } });
  await add('rejected', { customer: { firstName: 'Eve', lastName: 'Rejected' }, property: { statusOrders: 2 } });
  await add('past', { customer: { firstName: 'Finn', lastName: 'Past' }, property: { status: 5 } });
  await add('deleted', {
    customer: { firstName: 'Gone', lastName: 'Away' },
    property: { deletedAt: new Date(), accountNumber: '900001' },
  });
});

const get = (url: string, authorization = headers) => t.app.inject({ url, headers: authorization });
async function page(query = ''): Promise<Page<CustomerListRow>> {
  const response = await get(`/api/customers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<CustomerListRow>>();
}
async function listIds(query = ''): Promise<number[]> {
  return (await page(query)).data.map((row) => row.id);
}
const idsOf = (...names: string[]) => names.map((name) => ids[name] as number);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /api/customers access', () => {
  it('needs a sign-in and an office role', async () => {
    expect((await t.app.inject({ url: '/api/customers' })).statusCode).toBe(401);
    const crew = await t.createUser({ role: 'crew', crewNumber: 101 });
    expect((await get('/api/customers', await t.authHeaders(crew))).statusCode).toBe(403);
    const customer = await t.createUser({ role: 'customers' });
    expect((await get('/api/customers', await t.authHeaders(customer))).statusCode).toBe(403);
    for (const role of ['Manager', 'Representative', 'customer-service'] as const) {
      const user = await t.createUser({ role });
      expect((await get('/api/customers', await t.authHeaders(user))).statusCode, role).toBe(200);
    }
  });
});

describe('GET /api/customers defaults and paging', () => {
  it('shows approved, active, live records newest first, 50 a page', async () => {
    const result = await page();
    expect(result).toMatchObject({ total: 4, perPage: 50, currentPage: 1, lastPage: 1 });
    expect(result.firstPageUrl).toBe('/api/customers?page=1');
    expect(result.data.map((row) => row.id)).toEqual(idsOf('annZedTwin', 'bobAdams', 'annaBee', 'annZed'));
  });

  it('answers the list row shape with names, labels and money as numbers', async () => {
    const row = (await page('?filter[customerId]=100234&include=userEdit,userNote')).data[0];
    expect(row).toMatchObject({
      id: ids['annZed'],
      customerId: '100234',
      fullName: 'Ann Zed',
      firstName: 'Ann',
      lastName: 'Zed',
      serviceAddress: '12 Oak Lane',
      marketName: 'Dallas',
      market: dallas,
      status: 1,
      statusName: 'Active Customer',
      statusOrders: 1,
      srvFrecuency: 1,
      frecuencyName: 'Weekly',
      cardType: 4,
      cardTypeName: 'Visa',
      isCardExpired: false,
      subtotalMowing: 35,
      taxRate: 8.25,
      calculatedTax: 2.89,
      totalMowing: 37.89,
      contactNumber: '2145550101',
      email: 'ann.zed@example.com',
      phoneMarket: null,
      userEdit: { fullName: 'bob Allen' },
      userNote: { fullName: 'Zoe Quinn' },
    });
    expect(new Date(row?.updatedAt ?? '').toISOString()).toBe(row?.updatedAt);
  });

  it('uses the status filter given instead of the default (the expired-card list sends status=2)', async () => {
    expect(await listIds('?filter[status]=2')).toEqual(idsOf('expired'));
    expect(sorted(await listIds('?filter[status]=1,5'))).toEqual(
      sorted(idsOf('annZed', 'annaBee', 'bobAdams', 'annZedTwin', 'past')),
    );
    expect(await listIds('?filter[statusOrders]=0')).toEqual(idsOf('pending'));
    expect(sorted(await listIds('?filter[statusOrders]=0,2'))).toEqual(sorted(idsOf('pending', 'rejected')));
  });

  it('treats an empty filter value as "any" and never shows deleted records', async () => {
    const all = await page('?filter[status]=&filter[statusOrders]=');
    expect(all.total).toBe(8);
    expect(all.data.map((row) => row.id)).not.toContain(ids['deleted']);
  });

  it('pages with limit and page; a page beyond the end is empty with the true total', async () => {
    const second = await page('?limit=3&page=2');
    expect(second).toMatchObject({ total: 4, perPage: 3, currentPage: 2, lastPage: 2 });
    expect(second.data.map((row) => row.id)).toEqual(idsOf('annZed'));
    const beyond = await page('?limit=3&page=9');
    expect(beyond).toMatchObject({ total: 4, data: [], currentPage: 9 });
  });

  it('render=count answers only the total', async () => {
    const response = await get('/api/customers?render=count&filter[market]=' + dallas);
    expect(response.json()).toEqual({ total: 2 });
  });

  const maintainedCounts = async () =>
    (
      await t.db.execute(
        sql`select market_id, status, status_orders, is_cellphone, total::int as total from customer_list_counts where total <> 0 order by 1, 2, 3, 4`,
      )
    ).rows;

  it('keeps the maintained counts equal to a recount', async () => {
    const maintained = await maintainedCounts();
    await t.db.execute(sql`select customer_list_counts_rebuild()`);
    expect(maintained).toEqual(await maintainedCounts());
  });

  it("counts the cellphone look-up from the maintained counts, following the customer's phone", async () => {
    const cellphones = async () =>
      (await get(`/api/customers?filter[market]=${dallas}&filter[isCellphone]=true`)).json<Page<CustomerListRow>>();
    const before = await cellphones();
    expect(before.total).toBe(before.data.length);
    const [record] = await t.db
      .select({ customerId: properties.customerId })
      .from(properties)
      .where(eq(properties.id, ids['annZed'] as number));
    await t.db
      .update(customers)
      .set({ isCellphone: true })
      .where(eq(customers.id, record?.customerId as number));
    const after = await cellphones();
    expect(after.total).toBe(before.total + 1);
    expect(after.data.map((row) => row.id)).toContain(ids['annZed']);
    const maintained = await maintainedCounts();
    await t.db.execute(sql`select customer_list_counts_rebuild()`);
    expect(maintained).toEqual(await maintainedCounts());
    await t.db
      .update(customers)
      .set({ isCellphone: false })
      .where(eq(customers.id, record?.customerId as number));
    expect((await cellphones()).total).toBe(before.total);
  });
});

describe('GET /api/customers filters', () => {
  it.each<[string, string[]]>([
    ['filter[market]=MARKET_AUSTIN', ['annaBee']],
    ['filter[crew]=120', ['annaBee']],
    ['filter[zipcode]=76101', ['bobAdams']],
    ['filter[city]=fort worth', ['bobAdams']],
    ['filter[state]=tx', ['annZed', 'annaBee', 'bobAdams', 'annZedTwin']],
    ['filter[weekDay]=3,5', ['annaBee', 'bobAdams']],
    ['filter[srvFrecuency]=4', ['bobAdams']],
    ['filter[cardType]=4', ['annZed']],
    ['filter[cardType]=null', ['annaBee']],
    ['filter[cardType]=echeck,5', ['annaBee', 'bobAdams']],
    ['filter[fullName]=ann z', ['annZed', 'annZedTwin']],
    ['filter[fullName]=ANNA', ['annaBee']],
    ['filter[serviceAddress]=oak lane', ['annZed', 'annZedTwin']],
    ['filter[customerId]=10023', ['annZed', 'annaBee', 'annZedTwin']],
    ['filter[customerId]=200001', ['bobAdams']],
    ['filter[contactNumber]=(512) 555-0102', ['annaBee']],
    ['filter[contactNumber]=+1 214', ['annZed', 'annZedTwin']],
    ['filter[email]=anna.bee@EXAMPLE', ['annaBee']],
    // The search box: names, addresses and e-mails contain the text; digits start an account or a phone number.
    ['filter[search]=ZED', ['annZed', 'annZedTwin']],
    ['filter[search]=  ann   zed ', ['annZed', 'annZedTwin']],
    ['filter[search]=congress ave', ['annaBee']],
    ['filter[search]=13 oak', ['annZedTwin']],
    ['filter[search]=example.com', ['annZed', 'annaBee', 'annZedTwin']],
    ['filter[search]=twin@', ['annZedTwin']],
    ['filter[search]=100235', ['annaBee']],
    ['filter[search]=10023', ['annZed', 'annaBee', 'annZedTwin']],
    ['filter[search]=(817) 555', ['bobAdams']],
    ['filter[search]=+1 512 555-0102', ['annaBee']],
    ['filter[search]=carl', []],
    ['filter[search]=carl&filter[status]=2', ['expired']],
    ['filter[search]=away&filter[status]=&filter[statusOrders]=', []],
    ['filter[isCardExpired]=true&filter[status]=2', ['expired']],
    ['filter[isCardExpired]=false', ['annZed', 'annaBee', 'bobAdams', 'annZedTwin']],
  ])('%s', async (query, expected) => {
    const text = query.replace('MARKET_AUSTIN', String(austin)).replaceAll(' ', '%20').replaceAll('+', '%2B');
    const result = await page(`?${text}`);
    expect(sorted(result.data.map((row) => row.id))).toEqual(sorted(idsOf(...expected)));
    expect(result.total).toBe(expected.length);
  });

  it('matches "%" and "_" literally', async () => {
    expect((await page('?filter[fullName]=%25')).total).toBe(0);
    expect((await page('?filter[email]=_')).total).toBe(0);
    expect((await page('?filter[search]=ann%25zed')).total).toBe(0);
    expect((await page('?filter[search]=ann_zed')).total).toBe(0);
  });

  it.each([
    ['filter[nope]=1', 'filter[nope]', 'Unknown filter: nope'],
    ['filter[status]=9', 'filter[status]', 'Invalid value: 9'],
    ['filter[cardType]=7', 'filter[cardType]', 'Invalid value: 7'],
    ['filter[zipcode]=123', 'filter[zipcode]', 'Invalid value: 123'],
    ['filter[search]=ab', 'filter[search]', 'Invalid value: ab (type at least 3 letters or digits)'],
    [`filter[search]=${'a'.repeat(101)}`, 'filter[search]', `Invalid value: ${'a'.repeat(101)}`],
    ['sort=shoeSize', 'sort', 'Unknown sort: shoeSize'],
    ['include=everything', 'include', 'Unknown include: everything'],
    ['limit=1000', 'limit', 'The limit must be a whole number from 1 to 500.'],
    ['page=0', 'page', 'The page must be a whole number from 1 to 1000000.'],
  ])('rejects %s with 400 naming it', async (query, field, message) => {
    const response = await get(`/api/customers?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
  });
});

describe('GET /api/customers sorts and includes', () => {
  const all = '&filter[status]=1,2&include=userEdit,userNote';

  it('fullName sorts by first name, then last name, case-insensitively, with id as tiebreak', async () => {
    expect(await listIds(`?sort=fullName${all}`)).toEqual(
      idsOf('annZed', 'annZedTwin', 'annaBee', 'bobAdams', 'expired'),
    );
    expect(await listIds(`?sort=-fullName${all}`)).toEqual(
      idsOf('expired', 'bobAdams', 'annaBee', 'annZed', 'annZedTwin'),
    );
  });

  it('statusName sorts by status, marketName by the market name, id breaking ties', async () => {
    expect(await listIds(`?sort=-statusName${all}`)).toEqual(
      idsOf('expired', 'annZed', 'annaBee', 'bobAdams', 'annZedTwin'),
    );
    expect(await listIds(`?sort=marketName${all}`)).toEqual(
      idsOf('annaBee', 'annZed', 'annZedTwin', 'expired', 'bobAdams'),
    );
  });

  it('userNote and userEdit sort by their author full name (first, last), records without one last', async () => {
    // bob Allen < Zoe Quinn; nulls sort last ascending.
    expect(await listIds(`?sort=userNote${all}`)).toEqual(
      idsOf('annaBee', 'annZed', 'bobAdams', 'annZedTwin', 'expired'),
    );
    expect(await listIds(`?sort=userEdit${all}`)).toEqual(
      idsOf('annZed', 'annaBee', 'bobAdams', 'annZedTwin', 'expired'),
    );
  });

  it('sorts by the other columns, several sorts in order', async () => {
    expect(await listIds(`?sort=customerId${all}`)).toEqual(
      idsOf('annZed', 'annaBee', 'annZedTwin', 'bobAdams', 'expired'),
    );
    expect(await listIds(`?sort=-crew,id${all}`)).toEqual(
      idsOf('bobAdams', 'annaBee', 'annZed', 'annZedTwin', 'expired'),
    );
    expect(await listIds(`?sort=cardType,-id${all}`)).toEqual(
      idsOf('annZedTwin', 'annZed', 'bobAdams', 'expired', 'annaBee'),
    );
    for (const name of [
      'serviceAddress',
      'city',
      'state',
      'zipcode',
      'subtotalMowing',
      'totalMowing',
      'taxRate',
      'contactNumber',
      'email',
      'updatedAt',
    ]) {
      expect((await page(`?sort=${name}${all}`)).total, name).toBe(5);
    }
  });

  it('includes userEdit and userNote only when asked', async () => {
    const plain = (await page('?filter[customerId]=200001')).data[0];
    expect(plain).not.toHaveProperty('userEdit');
    expect(plain).not.toHaveProperty('userNote');
    const included = (await page('?filter[customerId]=200001&include=userEdit,userNote')).data[0];
    expect(included).toMatchObject({ userEdit: null, userNote: null });
  });
});

describe('GET /api/customers/{id}', () => {
  it('answers the whole record', async () => {
    const response = await get(`/api/customers/${ids['annZed']}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: CustomerDetail }>();
    expect(data).toMatchObject({
      id: ids['annZed'],
      customerId: '100234',
      fullName: 'Ann Zed',
      weekDayName: 'Monday',
      mowCut: ['Front', 'Back'],
      cardLastFour: '4242',
      cardExpiry: '2099-12-31',
      isRestart: false,
      deletedAt: null,
      userNote: { fullName: 'Zoe Quinn' },
    });
    expect(data.joinDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is 404 for missing and deleted records, 400 for a bad id', async () => {
    for (const id of [999_999, ids['deleted']]) {
      const response = await get(`/api/customers/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Customer not found' });
    }
    expect((await get('/api/customers/abc')).statusCode).toBe(400);
  });
});

describe('PATCH /api/customers/{id}', () => {
  const patch = (id: number, payload: unknown, authorization = headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers: authorization, payload: payload as object });
  const historyOf = (id: number) =>
    t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, id)).orderBy(customerHistory.id);

  it('rejects invalid values with the spec messages and saves nothing', async () => {
    const id = ids['bobAdams'] as number;
    const before = await get(`/api/customers/${id}`);
    const response = await patch(id, {
      firstName: ' ',
      lastName: 'x'.repeat(51),
      email: 'not-an-email',
      contactNumber: '123',
      zipcode: '123',
      weekDay: 9,
      sendSchedule: 60,
      mowCut: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      firstName: ['First name is required'],
      email: ['Invalid email'],
      contactNumber: ['Phone number is not valid'],
      zipcode: ['Zip code is not valid (e.g. 70000)'],
      weekDay: ['Choose one of the listed options'],
      sendSchedule: ['Enter a week from 1 to 53'],
      mowCut: ['Choose at least one area to mow'],
    });
    expect(response.json().errors.lastName).toHaveLength(1);
    expect((await get(`/api/customers/${id}`)).body).toBe(before.body);
    expect(await historyOf(id)).toEqual([]);
  });

  it('rejects unknown fields and empty bodies', async () => {
    const unknown = await patch(ids['bobAdams'] as number, { shoeSize: 12 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toMatchObject({ shoeSize: ['Unknown field: shoeSize'] });
    expect((await patch(ids['bobAdams'] as number, {})).statusCode).toBe(400);
  });

  it('saves property and customer fields, records who edited and a readable history entry', async () => {
    const id = ids['bobAdams'] as number;
    const editor = await t.createUser({ role: 'customer-service', firstName: 'Sofia', lastName: 'Ramirez' });
    const response = await patch(
      id,
      { weekDay: 2, firstName: 'Robert', contactNumber: '+1 (817) 555-0199', srvFrecuency: 2, crew: 130 },
      await t.authHeaders(editor),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      weekDay: 2,
      weekDayName: 'Tuesday',
      firstName: 'Robert',
      fullName: 'Robert Adams',
      contactNumber: '8175550199',
      srvFrecuency: 2,
      crew: 130,
      userEdit: { id: editor.id, fullName: 'Sofia Ramirez' },
    });
    const [property] = await t.db.select().from(properties).where(eq(properties.id, id));
    expect(property?.lastEditedBy).toBe(editor.id);
    expect(property?.lastEditedAt).toBeInstanceOf(Date);
    const [entry] = await historyOf(id);
    expect(entry).toMatchObject({ userId: editor.id, action: 'update' });
    expect(entry?.description).toBe(
      'Changed first name from Bob to Robert; changed phone from 8175550103 to 8175550199; changed crew from none to 130; ' +
        'changed mow day from Friday to Tuesday; changed frequency from Drought Schedule to Bi-Weekly',
    );
    expect(entry?.changes).toMatchObject({ weekDay: { from: 5, to: 2 }, crew: { from: null, to: 130 } });

    const history = await get(`/api/customers/${id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({
      total: 1,
      data: [{ action: 'update', user: { id: editor.id, fullName: 'Sofia Ramirez' } }],
    });
  });

  it('records nothing when nothing changes', async () => {
    const id = ids['annaBee'] as number;
    const response = await patch(id, { weekDay: 3 });
    expect(response.statusCode).toBe(200);
    expect(await historyOf(id)).toEqual([]);
  });

  it('restart sets isRestart and moves the record to pending review (statusOrders 0)', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    const response = await patch(id, { isRestart: true, statusOrders: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ isRestart: true, statusOrders: 0 });
    const [entry] = await historyOf(id);
    expect(entry?.description).toBe(
      'Requested a restart (moved to pending review); changed order status from Approved to Pending',
    );
    expect(await listIds('')).not.toContain(id);
  });

  it('refuses an e-mail another customer uses, in any case', async () => {
    const id = ids['annZedTwin'] as number;
    const response = await patch(id, { email: 'Ann.Zed@EXAMPLE.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This email has already been registered',
      errors: { email: ['This email has already been registered'] },
    });
    const ok = await patch(id, { email: 'TWIN@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe('TWIN@example.com');
  });

  it('a market change takes the market tax rate and recomputes tax and total', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    const response = await patch(id, { market: zeta });
    expect(response.json().data).toMatchObject({
      market: zeta,
      marketName: 'zeta',
      taxRate: 6,
      calculatedTax: 2.1,
      totalMowing: 37.1,
    });
    const [entry] = await historyOf(id);
    expect(entry?.description).toBe('Changed market from Dallas to zeta; changed tax rate from 8.25% to 6.00%');
    expect((await patch(id, { market: 99_999 })).json().errors).toEqual({ market: ['Market is required'] });
  });

  it('404 for a deleted record', async () => {
    expect((await patch(ids['deleted'] as number, { weekDay: 2 })).statusCode).toBe(404);
  });

  it('PATCH type-cellphone toggles the flag with a history entry', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, customer: { isCellphone: false } });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${id}/type-cellphone`,
      headers,
      payload: { isCellphone: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.isCellphone).toBe(true);
    expect((await historyOf(id))[0]?.description).toBe('Changed cellphone from No to Yes');
    const invalid = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${id}/type-cellphone`,
      headers,
      payload: { isCellphone: 'yes' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('DELETE /api/customers/{id}', () => {
  const remove = (id: number, authorization = headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers: authorization });

  it('is for Admin and Manager only', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    for (const role of ['Representative', 'customer-service'] as const) {
      const user = await t.createUser({ role });
      expect((await remove(id, await t.authHeaders(user))).statusCode, role).toBe(403);
    }
    const manager = await t.createUser({ role: 'Manager' });
    const response = await remove(id, await t.authHeaders(manager));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Successfully deleted' });
  });

  it('soft-deletes: gone from lists and reads, kept in the table with its history', async () => {
    const { id, customerId } = await insertRecord(t.db, {
      marketId: austin,
      customer: { firstName: 'Soon', lastName: 'Gone', email: 'soon.gone@example.com' },
    });
    const second = await insertRecord(t.db, { marketId: austin, customerId });
    const totalBefore = (await page()).total;

    expect((await remove(id)).statusCode).toBe(200);
    expect((await get(`/api/customers/${id}`)).statusCode).toBe(404);
    expect(await listIds('?limit=500')).not.toContain(id);
    expect((await page()).total).toBe(totalBefore - 1);
    expect((await remove(id)).statusCode).toBe(404);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [entry] = await t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, id));
    expect(entry).toMatchObject({ action: 'delete', userId: admin.id });
    expect(entry?.description).toContain('Deleted customer Soon Gone');

    // The person stays while another property is live; the last one takes them too and frees the e-mail.
    const customerRow = async () => (await t.db.select().from(customers).where(eq(customers.id, customerId)))[0];
    expect((await customerRow())?.deletedAt).toBeNull();
    expect((await remove(second.id)).statusCode).toBe(200);
    expect((await customerRow())?.deletedAt).toBeInstanceOf(Date);
    const verify = await get('/api/customers/verify/email?email=soon.gone@example.com');
    expect(verify.json()).toEqual({ data: { exists: false } });
  });
});

describe('verify endpoints', () => {
  it('GET verify/email says whether another customer uses the address', async () => {
    expect((await get('/api/customers/verify/email?email=ANN.ZED@example.com')).json()).toEqual({
      data: { exists: true },
    });
    expect((await get(`/api/customers/verify/email?email=ann.zed@example.com&id=${ids['annZed']}`)).json()).toEqual({
      data: { exists: false },
    });
    expect((await get('/api/customers/verify/email?email=nobody@example.com')).json()).toEqual({
      data: { exists: false },
    });
    const missing = await get('/api/customers/verify/email');
    expect(missing.statusCode).toBe(400);
    expect((await get('/api/customers/verify/email?email=nope')).json().errors).toEqual({ email: ['Invalid email'] });
  });

  it('GET verify/account says whether the number is taken, with the live record id', async () => {
    expect((await get('/api/customers/verify/account?account=100234')).json()).toEqual({
      data: { exists: true, id: ids['annZed'] },
    });
    expect((await get('/api/customers/verify/account?account=900001')).json()).toEqual({ data: { exists: true } });
    expect((await get('/api/customers/verify/account?account=123')).json()).toEqual({ data: { exists: false } });
    const missing = await get('/api/customers/verify/account');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ account: ['Account number is not valid'] });
  });

  it('is closed to crew', async () => {
    const crew = await t.createUser({ role: 'crew', crewNumber: 7 });
    expect((await get('/api/customers/verify/account?account=1', await t.authHeaders(crew))).statusCode).toBe(403);
  });
});

describe('list copies of names (ADR 0004)', () => {
  it('follow a renamed customer, market and user, and cannot be written directly', async () => {
    const author = await t.createUser({ role: 'Manager', firstName: 'Nora', lastName: 'Note' });
    const market = await insertMarket(t.db, 'Waco');
    const { id, customerId } = await insertRecord(t.db, {
      marketId: market,
      customer: { firstName: 'Old', lastName: 'Name', email: 'old.name@example.com', contactNumber: '2545550100' },
      property: { lastNoteBy: author.id, accountNumber: '777001' },
    });
    const row = async () => (await page('?filter[customerId]=777001&include=userNote')).data[0];
    expect(await row()).toMatchObject({
      fullName: 'Old Name',
      marketName: 'Waco',
      userNote: { fullName: 'Nora Note' },
    });

    await t.db
      .update(customers)
      .set({ firstName: 'New', email: 'new.name@example.com' })
      .where(eq(customers.id, customerId));
    await t.db.execute(sql`update markets set name = 'Waco North' where id = ${market}`);
    await t.db.execute(sql`update users set last_name = 'Notes' where id = ${author.id}`);
    await t.db.update(properties).set({ customerFirstName: 'Forged' }).where(eq(properties.id, id));
    expect(await row()).toMatchObject({
      fullName: 'New Name',
      email: 'new.name@example.com',
      marketName: 'Waco North',
      userNote: { id: author.id, fullName: 'Nora Notes' },
    });
    expect((await page('?filter[fullName]=new name')).data.map((item) => item.id)).toEqual([id]);
  });
});
