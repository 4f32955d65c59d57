import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CUSTOMER_COLUMN_KEYS, type CustomerColumn } from '@lawn/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { seedDemoCustomers } from '../../db/seed/customers-seed';
import { csvFile } from '../../exports/csv-copy';
import { writeCsv } from '../../exports/csv-writer';
import { customerExportColumns } from '../../exports/customer-columns';
import { isHttpError } from '../../http/errors';
import { insertCustomers } from '../../test/customer-list-fixtures';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { customerExportRows, type CustomerExportSelection } from './customers.export';
import { customerExportCsv } from './customers.export-csv';

const t = useTestContext();
let dir: string;
let tricky: number[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lawn-csv-copy-'));
  const editor = await t.createUser({ role: 'Manager', firstName: 'Ana', lastName: '=Editor' });
  for (const name of ['Dallas', 'Fort Worth', 'Austin']) await insertMarket(t.db, name);
  await seedDemoCustomers(t.db, { properties: 300, seed: 11, today: new Date('2026-06-15T12:00:00Z') });
  // Coordinates with every digit used, so rounding to 6 places is tested on real doubles, not tidy ones.
  await t.db.execute(sql`update properties set lat = random() * 180 - 90, lng = random() * 360 - 180 where id % 3 = 0`);
  tricky = await insertCustomers(t.db, [
    { firstName: '=HYPERLINK("x")', lastName: 'Formula', serviceAddress: '1 Oak St, Unit "B"' },
    { firstName: '-minus', lastName: "O'Brien", serviceAddress: 'Line one\nLine two', crew: null },
    { firstName: '@at', lastName: 'Back\\slash', serviceAddress: `+plus $1 '; --, "quoted"`, lastEditedBy: editor.id },
    { firstName: '\tTab', lastName: 'Return\r', serviceAddress: '\rcarriage', subtotalMowing: 12.3 },
  ]);
  const [first, second, third, fourth] = tricky as [number, number, number, number];
  await t.db
    .update(properties)
    .set({ customerEmail: '', lat: null, lng: -97.5, paymentType: 1, cardType: 4, taxRate: 8.255 })
    .where(eq(properties.id, first));
  await t.db
    .update(properties)
    .set({ customerEmail: '=x@example.com', lat: 0.1234565, lng: -0.0000001, paymentType: 2, status: 7 })
    .where(eq(properties.id, second));
  await t.db
    .update(properties)
    .set({ lat: Number.NaN, lng: Number.POSITIVE_INFINITY, taxRate: 6.875, srvFrequency: 4 })
    .where(eq(properties.id, third));
  await t.db
    .update(properties)
    .set({ marketName: '', cardType: 3, lastNoteBy: editor.id, lastNoteByName: null })
    .where(eq(properties.id, fourth));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the row-by-row writer writes for the selection: the reference the COPY must equal. */
async function rowWriterCsv(selection: CustomerExportSelection, select: readonly CustomerColumn[]): Promise<string> {
  const file = path.join(dir, `${Math.random()}.csv`);
  await writeCsv(customerExportRows(t.db, selection, 50), customerExportColumns(select), file);
  return readFile(file, 'utf8');
}

async function copyCsv(selection: CustomerExportSelection, select: readonly CustomerColumn[]) {
  const progress: number[] = [];
  let rowCount = -1;
  const chunks: Buffer[] = [];
  const bytes = csvFile(customerExportCsv(t.db, selection, select), {
    onProgress: (rows) => {
      progress.push(rows);
    },
    onEnd: (rows) => {
      rowCount = rows;
    },
  });
  for await (const chunk of bytes) chunks.push(chunk);
  return { text: Buffer.concat(chunks).toString('utf8'), rowCount, progress };
}

const ALL_STATUSES = { 'filter[status]': '', 'filter[statusOrders]': '' };

describe('customerExportCsv (COPY)', () => {
  it.each<[string, CustomerExportSelection, readonly CustomerColumn[]]>([
    ['the list’s defaults, default columns', { query: {} }, ['fullName', 'serviceAddress', 'customerId']],
    ['every status, every column, by name descending', { query: { ...ALL_STATUSES, sort: '-fullName' } }, []],
    ['a filter with quotes and a backslash', { query: { ...ALL_STATUSES, 'filter[fullName]': "o'brien" } }, []],
    ['a search typed with a backslash', { query: { ...ALL_STATUSES, 'filter[search]': 'k\\sla' } }, []],
    [
      'a filter that looks like a placeholder',
      { query: { ...ALL_STATUSES, 'filter[serviceAddress]': "$1 '; --" } },
      [],
    ],
    ['several statuses, by crew', { query: { 'filter[status]': '1,2,7', sort: 'crew' } }, []],
  ])('writes what the row writer writes: %s', async (_case, selection, chosen) => {
    const select = chosen.length > 0 ? chosen : CUSTOMER_COLUMN_KEYS;
    const expected = await rowWriterCsv(selection, select);
    const copied = await copyCsv(selection, select);
    expect(copied.text).toBe(expected);
    const lines = expected.split('\n').length;
    expect(lines).toBeGreaterThan(1);
    expect(copied.rowCount).toBeGreaterThan(0);
    expect(copied.progress.at(-1)).toBe(copied.rowCount);
  });

  it('writes the chosen ids in the chosen order, tricky values included, and counts rows across line breaks', async () => {
    const live = await t.db.select({ id: properties.id }).from(properties).where(inArray(properties.id, tricky));
    const selection = { ids: [...tricky, 99_999_999], query: { sort: 'customerId' } };
    const expected = await rowWriterCsv(selection, CUSTOMER_COLUMN_KEYS);
    const copied = await copyCsv(selection, CUSTOMER_COLUMN_KEYS);
    expect(copied.text).toBe(expected);
    // One address holds a line break inside its quotes: still four rows.
    expect(copied.rowCount).toBe(live.length);
    expect(copied.text.startsWith('\uFEFFCustomer,Address,Account No,')).toBe(true);
    expect(copied.text).toContain(`"'=HYPERLINK(""x"") Formula","1 Oak St, Unit ""B"""`);
  });

  it('writes the header alone when nothing matches', async () => {
    const selection = { ids: [99_999_999] };
    const copied = await copyCsv(selection, ['fullName', 'customerId']);
    expect(copied.text).toBe(await rowWriterCsv(selection, ['fullName', 'customerId']));
    expect(copied.rowCount).toBe(0);
  });

  it('refuses what the list refuses, with its 400, and gives the connection back when stopped early', async () => {
    const failure = await copyCsv({ query: { 'filter[nope]': '1' } }, ['fullName']).catch((error: unknown) => error);
    expect(isHttpError(failure) && failure.statusCode).toBe(400);

    for await (const chunk of customerExportCsv(t.db, { query: ALL_STATUSES }, CUSTOMER_COLUMN_KEYS)) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(t.pool.totalCount - t.pool.idleCount).toBe(0);
    const [row] = await t.db.select({ id: properties.id }).from(properties).limit(1);
    expect(row?.id).toBeGreaterThan(0);
  });
});
