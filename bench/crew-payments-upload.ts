/**
 * Crew-payment upload benchmark: median and p95 time of uploading a 10,000-row payment file, as .csv and as .xlsx,
 * through the API (POST /api/crew-payments/upload), against the target of under 3 s.
 *
 *   npx tsx bench/crew-payments-upload.ts [--runs 5] [--rows 10000]
 *
 * Database: its own small embedded PostgreSQL in .data/bench-crew-payments on port 54342 (DATA_DIR /
 * EMBEDDED_PG_PORT, or DATABASE_URL), migrated and seeded with the reference data and the demo sign-ins (crew 101).
 *
 * Each call is the whole upload: multipart parsing, reading the file (csv-parse or exceljs), checking every row and
 * that its crew exists, then one transaction saving the upload and its rows.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { REPO_ROOT } from '../apps/api/src/config';
import { seedDatabase } from '../apps/api/src/db/seed/seed';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile, timeRepeated } from './lib/stats';

const WARMUP = 1;
const DATA_DIR = path.join(REPO_ROOT, '.data', 'bench-crew-payments');
const PORT = 54_342;
const HEADER = ['Crew number', 'Date', 'Amount', 'Note'];

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => [
    '101',
    '11/27/2026',
    `${(index % 900) + 1}.25`,
    `Week 48 stop ${index}`,
  ]);

function csvFile(rows: readonly string[][]): Buffer {
  return Buffer.from([HEADER, ...rows].map((row) => row.join(',')).join('\n'));
}

async function xlsxFile(rows: readonly string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Crew payments');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with the title field and the file, as the upload dialog sends it. */
function multipart(fileName: string, content: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench week\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '5'));
  const rowCount = Number(option('rows', '10000'));
  await withBenchDatabase({ poolSize: 10, dataDir: DATA_DIR, port: PORT }, async (bench) => {
    await seedDatabase(bench.db, { demoProperties: 0 });
    const server = await startBenchApp(bench);
    const rows = rowsOf(rowCount);
    const files = [
      { name: 'payments.csv', content: csvFile(rows) },
      { name: 'payments.xlsx', content: await xlsxFile(rows) },
    ];
    const lines: string[] = [];
    for (const file of files) {
      const times = await timeRepeated(runs, WARMUP, async () => {
        const body = multipart(file.name, file.content);
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/crew-payments/upload',
          headers: {
            authorization: server.authorization,
            'content-type': body.contentType,
            'idempotency-key': crypto.randomUUID(),
          },
          payload: body.payload,
        });
        if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
      });
      const size = `${Math.round(file.content.length / 1024)} KB`;
      const line = `| ${file.name}, ${rowCount.toLocaleString('en-US')} rows (${size}) | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`;
      process.stdout.write(`${line}\n`);
      lines.push(line);
    }
    printResults(
      `Crew-payment upload, ${resultsDate()}, load average ${loadAverage()}`,
      ['| file | uploads | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
