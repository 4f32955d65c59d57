import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Report } from '@lawn/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createFileStorage } from '../../storage/configured-storage';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertCustomers } from '../../test/customer-list-fixtures';

const t = useTestContext();

let owner: TestUser;
let stranger: TestUser;
let headers: { authorization: string };
let propertyIds: number[];

beforeAll(async () => {
  owner = await t.createUser({ role: 'Representative' });
  stranger = await t.createUser({ role: 'Manager' });
  headers = await t.authHeaders(owner);
  const editor = await t.createUser({ role: 'Manager', firstName: 'Ana', lastName: 'Editor' });
  propertyIds = await insertCustomers(t.db, [
    { firstName: 'Zoe', lastName: 'Adams', serviceAddress: '10 Elm St, Apt 2', lastEditedBy: editor.id },
    { firstName: 'Bob', lastName: 'Brown', crew: null, subtotalMowing: 40.5 },
    { firstName: 'Carla', lastName: 'Diaz', status: 2 },
    { firstName: 'Al', lastName: 'Evans', subtotalMowing: 30 },
  ]);
  await t.startWorkers();
});

const post = (url: string, payload: unknown, as = headers) =>
  t.app.inject({ method: 'POST', url: `/api/reports${url}`, headers: as, payload: payload as object });
const get = (url: string, as = headers) => t.app.inject({ url: `/api/reports${url}`, headers: as });

async function requestExport(payload: Record<string, unknown>): Promise<Report> {
  const response = await post('/customers', payload);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ data: Report }>().data;
}

async function waitForStatus(id: number, status: Report['status'], timeoutMs = 20_000): Promise<Report> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = (await get(`/${id}`)).json<{ data: Report }>().data;
    if (report.status === status) return report;
    if (Date.now() > deadline) throw new Error(`report ${id} is ${report.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function download(id: number) {
  const response = await get(`/${id}/download`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A report row as another part of the product left it, without a job behind it. */
async function insertReport(user: TestUser, values: Partial<typeof reports.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(reports)
    .values({
      userId: user.id,
      name: 'Made by hand',
      filename: 'made-by-hand.csv',
      format: 'csv',
      query: {},
      ...values,
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('report not inserted');
  return row.id;
}

describe('POST /api/reports/customers', () => {
  it('exports the chosen customers to xlsx in the background with the chosen columns', async () => {
    const response = await post('/customers', {
      nameDoc: 'March customers!',
      typeDoc: 'xlsx',
      select: ['fullName', 'serviceAddress', 'crew', 'subtotalMowing', 'userEdit'],
      ids: [propertyIds[0], propertyIds[1]],
      query: { sort: 'fullName' },
    });
    expect(response.statusCode).toBe(202);
    const body = response.json<{ data: Report; message: string }>();
    expect(body.message).toBe('The report is being processed');
    expect(body.data).toMatchObject({
      name: 'March customers!',
      filename: 'march-customers.xlsx',
      format: 'xlsx',
      status: 'requested',
      rowCount: 0,
      completedAt: null,
    });

    const done = await waitForStatus(body.data.id, 'completed');
    expect(done.rowCount).toBe(2);
    expect(done.completedAt).not.toBeNull();

    const file = await download(done.id);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe('attachment; filename="march-customers.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Customer', 'Address', 'Crew', 'Mowing price', 'Last edited']);
    // Sorted by the list's fullName sort: Bob before Zoe; numbers stay numbers, people become names, nulls empty.
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Bob Brown', '2 Main St', undefined, 40.5]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Zoe Adams', '10 Elm St, Apt 2', 12, 35, 'Ana Editor']);
  });

  it('exports everything matching the list query (with the list’s defaults) to csv', async () => {
    const report = await requestExport({
      nameDoc: 'Active by name',
      typeDoc: 'csv',
      clients: 'all',
      query: { sort: '-fullName' },
    });
    const done = await waitForStatus(report.id, 'completed');
    // The list's default filter (approved, active) leaves out Carla, whose status is 2.
    expect(done.rowCount).toBe(3);

    const file = await download(done.id);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="active-by-name.csv"');
    const records = parse(file.body, { bom: true }) as string[][];
    expect(records[0]).toEqual(['Customer', 'Address', 'Account No', 'Market', 'Status']);
    expect(records.slice(1).map((record) => record[0])).toEqual(['Zoe Adams', 'Bob Brown', 'Al Evans']);
    expect(records[1]?.[1]).toBe('10 Elm St, Apt 2');
    expect(file.body).toContain('"10 Elm St, Apt 2"');
    expect(records[1]?.[4]).toBe('Active Customer');
  });

  it('exports a pdf', async () => {
    const report = await requestExport({ nameDoc: 'Print me', typeDoc: 'pdf', clients: 'all' });
    const done = await waitForStatus(report.id, 'completed');
    const file = await download(done.id);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toMatch(/\/Type \/Page\b/);
  });

  it('exports the bush-and-bed columns, frequency and payment type included, to pdf and xlsx', async () => {
    const select = ['customerId', 'statusName', 'frecuencyName', 'fullName', 'paymentType', 'cardTypeName'];
    const pdf = await requestExport({ nameDoc: 'B&B print', typeDoc: 'pdf', clients: 'all', select });
    const printed = await waitForStatus(pdf.id, 'completed');
    expect(printed.rowCount).toBe(3);
    expect((await download(printed.id)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const sheet = await requestExport({ nameDoc: 'B&B sheet', typeDoc: 'xlsx', ids: [propertyIds[1]], select });
    const file = await download((await waitForStatus(sheet.id, 'completed')).id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0];
    expect(rows?.getRow(1).values).toEqual([
      undefined,
      'Account No',
      'Status',
      'Frequency',
      'Customer',
      'Payment type',
      'Card type',
    ]);
    // No payment method on file reads as E-Check, as the record's Billing info tab shows it.
    expect(rows?.getRow(2).values).toEqual([
      undefined,
      expect.any(String),
      'Active Customer',
      'Weekly',
      'Bob Brown',
      'E-Check',
      'E-Check',
    ]);
  });

  it('asks for a name and a selection with the spec’s messages', async () => {
    const response = await post('/customers', { typeDoc: 'csv' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ nameDoc: ['Field is required'] });

    const blank = await post('/customers', { nameDoc: '  ', typeDoc: 'csv', ids: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ nameDoc: ['Field is required'], ids: ['Select at least one customer'] });
  });

  it('refuses a selection that matches no live customer', async () => {
    const response = await post('/customers', { nameDoc: 'Ghosts', typeDoc: 'csv', ids: [999_999] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Select at least one customer',
      errors: { ids: ['Select at least one customer'] },
    });
  });

  it('rejects an unknown filter in the list query before storing anything, naming it', async () => {
    const before = (await get('?render=count')).json<{ total: number }>().total;
    const response = await post('/customers', {
      nameDoc: 'Bad filter',
      typeDoc: 'xlsx',
      clients: 'all',
      query: { 'filter[favouriteColour]': 'green' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'filter[favouriteColour]': ['Unknown filter: favouriteColour'] });
    expect((await get('?render=count')).json<{ total: number }>().total).toBe(before);
  });

  it('is for office staff only', async () => {
    const payload = { nameDoc: 'x', typeDoc: 'csv', clients: 'all' };
    expect((await t.app.inject({ method: 'POST', url: '/api/reports/customers', payload })).statusCode).toBe(401);
    const crew = await t.createUser({ role: 'crew', crewNumber: 5 });
    expect((await post('/customers', payload, await t.authHeaders(crew))).statusCode).toBe(403);
    const service = await t.createUser({ role: 'customer-service' });
    expect((await post('/customers', payload, await t.authHeaders(service))).statusCode).toBe(202);
  });
});

describe('a report whose export fails', () => {
  it('is marked failed with a reason by the worker, and runs again on retry', async () => {
    const select = ['fullName', 'customerId'];
    const id = await insertReport(owner, {
      name: 'Broken selection',
      filename: 'broken-selection.csv',
      query: { select, query: { 'filter[shoeSize]': '42' } },
    });
    await t.jobs.enqueue('customer-export', { reportId: id });
    const failed = await waitForStatus(id, 'failed');
    expect(failed.failureReason).toBe('The saved selection is no longer valid: Unknown filter: shoeSize');
    expect((await get(`/${id}/download`)).statusCode).toBe(409);

    // Whatever broke it is fixed (here: the stored selection), then the owner retries.
    await t.db
      .update(reports)
      .set({ query: { select, query: { sort: 'id' } } })
      .where(eq(reports.id, id));
    const retried = await post(`/${id}/retry`, undefined);
    expect(retried.statusCode).toBe(202);
    expect(retried.json().data).toMatchObject({ status: 'requested', failureReason: null });
    const done = await waitForStatus(id, 'completed');
    expect(done.rowCount).toBe(3);
    const records = parse((await download(id)).body, { bom: true }) as string[][];
    expect(records.map((record) => record[0])).toEqual(['Customer', 'Zoe Adams', 'Bob Brown', 'Al Evans']);
  });
});

describe('a report that is not completed', () => {
  it('cannot be downloaded, sent or retried yet', async () => {
    const id = await insertReport(owner, { status: 'in_progress' });
    const notReady = { message: 'The report is not ready yet' };
    const downloaded = await get(`/${id}/download`);
    expect(downloaded.statusCode).toBe(409);
    expect(downloaded.json()).toEqual(notReady);
    const sent = await post(`/${id}/send`, { emails: ['boss@example.com'] });
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual(notReady);
    expect((await post(`/${id}/retry`, undefined)).statusCode).toBe(409);
  });
});

describe('another user’s report', () => {
  it('answers 404 everywhere and is left alone', async () => {
    const report = await requestExport({ nameDoc: 'Mine', typeDoc: 'csv', clients: 'all' });
    await waitForStatus(report.id, 'completed');
    const theirs = await t.authHeaders(stranger);
    const notFound = { message: 'Report not found' };
    for (const response of [
      await get(`/${report.id}`, theirs),
      await get(`/${report.id}/download`, theirs),
      await post(`/${report.id}/send`, { emails: ['x@example.com'] }, theirs),
      await post(`/${report.id}/retry`, undefined, theirs),
      await t.app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers: theirs }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await get('', theirs)).json<Page<Report>>().data.map((row) => row.id)).not.toContain(report.id);
    expect((await get(`/${report.id}`)).json<{ data: Report }>().data.status).toBe('completed');
  });
});

describe('POST /api/reports/{id}/send', () => {
  it('validates the addresses', async () => {
    const id = await insertReport(owner, { status: 'completed' });
    const invalid = await post(`/${id}/send`, { emails: ['boss@example.com', 'not-an-address'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ 'emails.1': ['Invalid email'] });
    const none = await post(`/${id}/send`, { emails: [] });
    expect(none.json().errors).toEqual({ emails: ['Field is required'] });
  });

  it('e-mails the file as an attachment through the e-mail job', async () => {
    const report = await requestExport({ nameDoc: 'For the boss', typeDoc: 'csv', clients: 'all' });
    await waitForStatus(report.id, 'completed');
    const response = await post(`/${report.id}/send`, { emails: ['boss@example.com', 'owner@example.com'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'The mail was sent correctly' });

    const outbox = path.join(t.config.dataDir, 'outbox');
    const deadline = Date.now() + 20_000;
    let mail = '';
    while (!mail && Date.now() < deadline) {
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files) {
        const text = await readFile(path.join(outbox, file), 'utf8');
        if (text.includes('for-the-boss.csv')) mail = text;
      }
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail).toMatch(/^To: boss@example.com, owner@example.com$/m);
    expect(mail).toMatch(/^Subject: Report: For the boss$/m);
    expect(mail).toMatch(/Content-Disposition: attachment; filename=for-the-boss\.csv/);
    const attachment = /filename=for-the-boss\.csv\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail)?.[1] ?? '';
    const csv = Buffer.from(attachment.replace(/\s/g, ''), 'base64').toString('utf8');
    expect(csv).toContain('Customer,Address,Account No,Market,Status');
    expect(csv).toContain('Zoe Adams');
  });
});

describe('DELETE /api/reports/{id}', () => {
  it('deletes the report and its file', async () => {
    const report = await requestExport({ nameDoc: 'Short lived', typeDoc: 'xlsx', clients: 'all' });
    await waitForStatus(report.id, 'completed');
    const storage = createFileStorage(t);
    const key = `reports/${owner.id}/${report.id}-short-lived.xlsx`;
    expect(await storage.stat(key)).not.toBeNull();

    const response = await t.app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Report Successfully deleted' });
    expect(await storage.stat(key)).toBeNull();
    expect((await get(`/${report.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/reports', () => {
  it('pages the caller’s reports, newest first, 10 by default', async () => {
    const user = await t.createUser({ role: 'Admin' });
    const mine = await t.authHeaders(user);
    const ids: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push(
        await insertReport(user, {
          name: `Report ${index}`,
          status: index % 3 === 0 ? 'failed' : 'completed',
          createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
        }),
      );
    }
    await insertReport(stranger);

    const first = (await get('', mine)).json<Page<Report>>();
    expect(first).toMatchObject({ total: 12, perPage: 10, currentPage: 1, lastPage: 2 });
    expect(first.data.map((report) => report.id)).toEqual(ids.slice(2).reverse());

    const second = (await get('?page=2&limit=10', mine)).json<Page<Report>>();
    expect(second.data.map((report) => report.id)).toEqual([ids[1], ids[0]]);

    const fifteen = (await get('?limit=15&sort=createdAt', mine)).json<Page<Report>>();
    expect(fifteen.data.map((report) => report.id)).toEqual(ids);

    const failed = (await get('?filter[status]=failed', mine)).json<Page<Report>>();
    expect(failed.data.map((report) => report.name)).toEqual(['Report 9', 'Report 6', 'Report 3', 'Report 0']);
    expect((await get('?render=count&filter[status]=completed', mine)).json()).toEqual({ total: 8 });

    const unknown = await get('?filter[userId]=1', mine);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'filter[userId]': ['Unknown filter: userId'] });
  });
});
