import { randomUUID } from 'node:crypto';
import {
  CREW_PAYMENT_COLUMNS,
  CREW_PAYMENT_EXAMPLE_ROW,
  CREW_PAYMENT_FILE_MAX_BYTES,
  CREW_PAYMENT_MESSAGES,
  type CrewPayment,
  type Page,
} from '@lawn/shared';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { crewPayments } from '../../db/schema';
import { multipartBody } from '../../test/multipart-body';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

let headers: { authorization: string };
const CREW = 4101;
const OTHER_CREW = 4102;

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Admin' }));
  await t.createUser({ role: 'crew', crewNumber: CREW });
  await t.createUser({ role: 'crew', crewNumber: OTHER_CREW });
});

function upload(name: string, content: Buffer, title = 'Week 48', as = headers) {
  const body = multipartBody([{ name, content, field: 'file' }], title === '' ? {} : { title });
  return t.app.inject({
    method: 'POST',
    url: '/api/crew-payments/upload',
    headers: { ...as, ...body.headers, 'idempotency-key': randomUUID() },
    payload: body.payload,
  });
}

const csv = (...rows: string[]) => Buffer.from([CREW_PAYMENT_COLUMNS.join(','), ...rows].join('\n'));

async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Payments');
  sheet.addRow([...CREW_PAYMENT_COLUMNS]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function paymentsOf(uploadId: number): Promise<CrewPayment[]> {
  const response = await t.app.inject({
    url: `/api/crew-payments?filter[uploadId]=${uploadId}&sort=id`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<CrewPayment>>().data;
}

const savedCount = async () => (await t.db.select({ total: count() }).from(crewPayments))[0]?.total ?? 0;

describe('crew payment uploads', () => {
  it('saves every row of a good csv file, read back newest first 50 a page', async () => {
    const response = await upload(
      'week48.csv',
      csv(`${CREW},11/27/2026,125.50,Week 48`, `${OTHER_CREW},2026-11-28,"1,200",`),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: '2 payments saved', data: { title: 'Week 48', rows: 2 } });
    const rows = await paymentsOf(response.json().data.id);
    expect(rows.map(({ crewNumber, date, amount, note }) => ({ crewNumber, date, amount, note }))).toEqual([
      { crewNumber: CREW, date: '2026-11-27', amount: 125.5, note: 'Week 48' },
      { crewNumber: OTHER_CREW, date: '2026-11-28', amount: 1200, note: '' },
    ]);
    const list = await t.app.inject({ url: '/api/crew-payments', headers });
    expect(list.json<Page<CrewPayment>>().perPage).toBe(50);
  });

  it('saves every row of a good xlsx file, date cells included', async () => {
    const file = await xlsx([
      [CREW, new Date(Date.UTC(2026, 10, 20)), 80, 'Mowing'],
      [String(OTHER_CREW), '11/21/2026', '99.99', ''],
    ]);
    const response = await upload('week47.XLSX', file);
    expect(response.statusCode, response.body).toBe(201);
    const rows = await paymentsOf(response.json().data.id);
    expect(rows.map((row) => [row.crewNumber, row.date, row.amount])).toEqual([
      [CREW, '2026-11-20', 80],
      [OTHER_CREW, '2026-11-21', 99.99],
    ]);
  });

  it('saves nothing when any row is bad, naming each bad line', async () => {
    const before = await savedCount();
    const response = await upload(
      'bad.csv',
      csv(
        `${CREW},11/27/2026,10,ok`,
        `999,11/27/2026,10,unknown crew`,
        `${CREW},02/30/2026,-5,bad date and amount`,
        `${CREW},11/27/2026,abc,`,
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CREW_PAYMENT_MESSAGES.invalid,
      errors: {
        file: [
          CREW_PAYMENT_MESSAGES.unknownCrew(3, '999'),
          CREW_PAYMENT_MESSAGES.badDate(4),
          CREW_PAYMENT_MESSAGES.badAmount(4),
          CREW_PAYMENT_MESSAGES.badAmount(5),
        ],
      },
    });
    expect(await savedCount()).toBe(before);

    const badXlsx = await upload('bad.xlsx', await xlsx([[CREW, '11/27/2026', 0, '']]));
    expect(badXlsx.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.badAmount(2)] });
  });

  it('of 10,000 rows with one bad row saves nothing and names that line', async () => {
    const before = await savedCount();
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `${CREW},11/27/2026,${(index % 500) + 1}.25,row ${index}`,
    );
    rows[7_344] = `${CREW},11/27/2026,0,free`;
    const response = await upload('big.csv', csv(...rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.badAmount(7_346)] });
    expect(await savedCount()).toBe(before);

    rows[7_344] = `${CREW},11/27/2026,3,fixed`;
    const fixed = await upload('big.csv', csv(...rows));
    expect(fixed.statusCode, fixed.body).toBe(201);
    const saved = await t.db
      .select({ total: count() })
      .from(crewPayments)
      .where(eq(crewPayments.uploadId, fixed.json().data.id));
    expect(saved[0]?.total).toBe(10_000);
  });

  it('answers 400 for a missing title, another file type, a file over the limit, no header or no rows', async () => {
    const noTitle = await upload('week.csv', csv(`${CREW},11/27/2026,10,`), '');
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors).toEqual({ title: [CREW_PAYMENT_MESSAGES.titleRequired] });

    const pdf = await upload('week.pdf', Buffer.from('%PDF-1.4'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.fileType] });

    const huge = await upload('huge.csv', Buffer.alloc(CREW_PAYMENT_FILE_MAX_BYTES + 10, 'a'));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.fileTooLarge] });

    const fakeXlsx = await upload('fake.xlsx', Buffer.from('not a zip'));
    expect(fakeXlsx.statusCode).toBe(400);
    expect(fakeXlsx.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.unreadable] });

    const noHeader = await upload('week.csv', Buffer.from(`${CREW},11/27/2026,10,\n`));
    expect(noHeader.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.missingColumns] });

    const empty = await upload('week.csv', csv());
    expect(empty.json().errors).toEqual({ file: [CREW_PAYMENT_MESSAGES.noRows] });

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/crew-payments/upload',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { title: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('is for Admin and Manager only', async () => {
    const representative = await t.authHeaders(await t.createUser({ role: 'Representative' }));
    expect((await upload('week.csv', csv(`${CREW},11/27/2026,10,`), 'x', representative)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/crew-payments', headers: representative })).statusCode).toBe(403);
  });
});

describe('the payment template', () => {
  it('is an xlsx with the columns and an example row, which uploads as it is', async () => {
    const response = await t.app.inject({ url: '/api/crew-payments/template', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the template has no sheet');
    expect(sheet.getRow(1).values).toEqual([undefined, ...CREW_PAYMENT_COLUMNS]);
    expect(sheet.getRow(2).values).toEqual([undefined, ...CREW_PAYMENT_EXAMPLE_ROW]);

    // The example's crew 101 exists in the demo; here the template is filled with this test's crew.
    sheet.getRow(2).getCell(1).value = String(CREW);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const uploaded = await upload('template.xlsx', filled);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  });
});
