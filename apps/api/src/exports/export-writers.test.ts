import { readFile, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CustomerListRow } from '@lawn/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsv } from './csv-writer';
import { customerExportColumns } from './customer-columns';
import { ExportError, PDF_MAX_ROWS } from './export-types';
import { writePdf } from './pdf-writer';
import { writeXlsx } from './xlsx-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lawn-exports-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function row(id: number, overrides: Partial<CustomerListRow> = {}): CustomerListRow {
  return {
    id,
    customerId: `A${1000 + id}`,
    fullName: `Customer ${id}`,
    firstName: 'Customer',
    lastName: String(id),
    serviceAddress: `${id} Main St`,
    city: 'San Antonio',
    state: 'TX',
    zipcode: '78201',
    lat: 29.4241,
    lng: -98.4936,
    contactNumber: '2105550100',
    email: `c${id}@example.com`,
    market: 1,
    marketName: 'San Antonio',
    phoneMarket: null,
    status: 1,
    statusName: 'Active Customer',
    statusOrders: 1,
    crew: 12,
    mowCut: ['Front', 'Back'],
    weekDay: 1,
    srvFrecuency: 1,
    frecuencyName: 'Weekly',
    cardType: 4,
    cardTypeName: 'Visa',
    isCardExpired: false,
    paymentType: 1,
    subtotalMowing: 35,
    taxRate: 8.25,
    calculatedTax: 2.89,
    totalMowing: 37.89,
    updatedAt: '2026-03-01T00:00:00.000Z',
    userEdit: { id: 7, fullName: 'Ana Editor' },
    userNote: null,
    ...overrides,
  };
}

async function* batches(total: number, size: number, make = row): AsyncGenerator<CustomerListRow[]> {
  for (let start = 1; start <= total; start += size) {
    yield Array.from({ length: Math.min(size, total - start + 1) }, (_, index) => make(start + index));
  }
}

describe('customer export columns', () => {
  it('defaults to the list’s five columns with the shared labels', () => {
    expect(customerExportColumns().map((column) => column.label)).toEqual([
      'Customer',
      'Address',
      'Account No',
      'Market',
      'Status',
    ]);
  });

  it('shows people by full name', () => {
    const [edit, note] = customerExportColumns(['userEdit', 'userNote']);
    expect(edit?.value(row(1))).toBe('Ana Editor');
    expect(note?.value(row(1))).toBeNull();
  });
});

describe('writeXlsx', () => {
  it('writes a bold header of the labels, numbers as numbers and reports progress per batch', async () => {
    const file = path.join(dir, 'customers.xlsx');
    const progress: number[] = [];
    const columns = customerExportColumns(['fullName', 'customerId', 'crew', 'totalMowing', 'userEdit']);
    const result = await writeXlsx(batches(25, 10), columns, file, {
      title: 'March customers',
      onProgress: (rows) => void progress.push(rows),
    });
    expect(result).toEqual({ rowCount: 25 });
    expect(progress).toEqual([10, 20, 25]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('March customers');
    expect(sheet?.rowCount).toBe(26);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Customer', 'Account No', 'Crew', 'Total', 'Last edited']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Customer 2', 'A1002', 12, 37.89, 'Ana Editor']);
    expect(sheet?.getCell('D3').numFmt).toBe('#,##0.00');
  });
});

describe('writeCsv', () => {
  it('writes a header and quotes commas, quotes and line breaks', async () => {
    const file = path.join(dir, 'customers.csv');
    const columns = customerExportColumns(['fullName', 'serviceAddress', 'subtotalMowing', 'lat', 'userNote']);
    const odd = (id: number) =>
      row(id, {
        fullName: id === 1 ? 'Smith, John "Jr."' : 'José Núñez',
        serviceAddress: 'Line one\nLine two',
        subtotalMowing: 35.5,
      });
    await writeCsv(batches(2, 5, odd), columns, file);
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('\uFEFFCustomer,Address,Mowing price,Lat,Call notes\n')).toBe(true);
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toEqual([
      {
        Customer: 'Smith, John "Jr."',
        Address: 'Line one\nLine two',
        'Mowing price': '35.50',
        Lat: '29.424100',
        'Call notes': '',
      },
      {
        Customer: 'José Núñez',
        Address: 'Line one\nLine two',
        'Mowing price': '35.50',
        Lat: '29.424100',
        'Call notes': '',
      },
    ]);
  });

  it('keeps text that a spreadsheet would run as a formula inert', async () => {
    const file = path.join(dir, 'formula.csv');
    await writeCsv(
      batches(1, 1, (id) => row(id, { fullName: '=HYPERLINK("http://evil")' })),
      customerExportColumns(['fullName']),
      file,
    );
    const [record] = parse(await readFile(file, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(record?.['Customer']).toBe('\'=HYPERLINK("http://evil")');
  });
});

describe('writePdf', () => {
  it('writes a paginated landscape table', async () => {
    const file = path.join(dir, 'customers.pdf');
    const result = await writePdf(batches(120, 50), customerExportColumns(), file, { title: 'March customers' });
    expect(result.rowCount).toBe(120);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = bytes.toString('latin1');
    const pages = text.match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    // Landscape US letter.
    expect(text).toContain('/MediaBox [0 0 792 612]');
  });

  it('refuses more rows than a PDF may hold', async () => {
    const file = path.join(dir, 'too-big.pdf');
    await writeFile(file, '');
    await expect(writePdf(batches(PDF_MAX_ROWS + 1, 1000), customerExportColumns(), file)).rejects.toBeInstanceOf(
      ExportError,
    );
  });
});
