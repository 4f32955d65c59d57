import { isoDayOfWeek, type Calendar, type CalendarWeek, type IsoDate } from '@lawn/shared';
import PDFDocument from 'pdfkit';

/**
 * The schedule a customer receives: who and where, then one row per week that has a service (or a skip, write-in or
 * redo), then a legend. A year is at most 53 rows, so the document is built in memory.
 */

/** No business name is configured anywhere yet, so the document carries a neutral title. */
export const SCHEDULE_TITLE = 'Mowing schedule';

export type ScheduleCustomer = {
  fullName: string;
  serviceAddress: string;
  city: string;
  state: string;
  zipcode: string;
  accountNumber: string;
  mowDay: string;
  frequency: string;
  /** What one visit costs, tax included, and the tax part of it. */
  pricePerService: number;
  taxPerService: number;
};

export type ScheduleDocumentInput = {
  customer: ScheduleCustomer;
  calendar: Pick<Calendar, 'year' | 'data'>;
  /** The business date the document was made on. */
  generatedOn: IsoDate;
};

export type ScheduleRow = { week: string; dates: string; serviceDay: string; whatHappens: string; holidays: string };

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** 'YYYY-MM-DD' as the spec's MM/dd/yyyy (a calendar date, so no time zone is involved). */
export function usDate(date: IsoDate): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** e.g. 'Tue 03/10/2026'. */
export function dayWithDate(date: IsoDate): string {
  return `${SHORT_DAYS[isoDayOfWeek(date) - 1] ?? ''} ${usDate(date)}`;
}

function withMessage(label: string, message: string | null): string {
  const text = message?.trim() ?? '';
  return text.length > 0 ? `${label}, ${text}` : label;
}

export function whatHappens(customer: CalendarWeek['customer']): string {
  const date = customer.workday ? dayWithDate(customer.workday) : '';
  switch (customer.typeServiceNote) {
    case 'skip':
      return `Skipped: ${customer.message?.trim() ?? ''}`.trimEnd();
    case 'write':
      return withMessage(`Write in: ${date}`, customer.message);
    case 'redo':
      return withMessage(`Redo: ${date}`, customer.message);
    case null:
      return customer.isRegularService ? 'Regular service' : 'Added service';
  }
}

/** The weeks a customer needs to know about: those with a service, and any week carrying a service note. */
export function scheduleRows(weeks: readonly CalendarWeek[]): ScheduleRow[] {
  return weeks
    .filter((week) => week.customer.active || week.customer.typeServiceNote !== null)
    .map((week) => ({
      week: String(week.week),
      dates: `${usDate(week.start)} - ${usDate(week.end)}`,
      serviceDay: week.customer.workday ? dayWithDate(week.customer.workday) : '',
      whatHappens: whatHappens(week.customer),
      holidays: week.holidays.map((holiday) => `${holiday.name} (${usDate(holiday.date)})`).join('\n'),
    }));
}

export const SCHEDULE_LEGEND: readonly (readonly [string, string])[] = [
  ['Regular service', 'a visit from your regular schedule (your mow day and frequency).'],
  ['Added service', 'a visit our office added to your regular schedule.'],
  ['Skipped', 'no visit that week, for the reason shown.'],
  ['Write in', 'an extra visit on the date shown.'],
  ['Redo', 'we come back on the date shown to do the service again.'],
  ['Holidays', 'public holidays that fall in the week.'],
];

/**
 * The built-in PDF fonts only know Windows-1252; anything else (emoji, other scripts) would print as garbage, so it
 * becomes '?'.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  return Array.from(text, (char) =>
    (char.codePointAt(0) ?? 0) < 0x100 || WIN_ANSI_EXTRAS.has(char) ? char : '?',
  ).join('');
}

const MARGIN = 40;
const FONT_SIZE = 9;
const CELL_PADDING = 4;
const FOOTER_HEIGHT = 14;
const COLUMNS: readonly { key: keyof ScheduleRow; label: string; width: number }[] = [
  { key: 'week', label: 'Week', width: 36 },
  { key: 'dates', label: 'Week dates', width: 118 },
  { key: 'serviceDay', label: 'Service day', width: 78 },
  { key: 'whatHappens', label: 'What happens', width: 170 },
  { key: 'holidays', label: 'Holidays', width: 130 },
];

const money = (amount: number) => `$${amount.toFixed(2)}`;

/** The customer's schedule of one year as a US-letter PDF. */
export async function renderSchedulePdf(input: ScheduleDocumentInput): Promise<Buffer> {
  const { customer, calendar } = input;
  const title = `${SCHEDULE_TITLE} ${calendar.year}`;
  // Pages are kept until the end so each footer can say "Page N of M".
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, bufferPages: true, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;

  doc.font('Helvetica-Bold').fontSize(16).text(title, left, MARGIN, { width });
  doc.moveDown(0.5);
  const details: [string, string][] = [
    ['Customer', customer.fullName],
    ['Service address', `${customer.serviceAddress}, ${customer.city}, ${customer.state} ${customer.zipcode}`],
    ['Account number', customer.accountNumber],
    ['Mow day', customer.mowDay],
    ['Frequency', customer.frequency],
    ['Price per service', `${money(customer.pricePerService)} (includes ${money(customer.taxPerService)} tax)`],
  ];
  for (const [label, value] of details) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(printable(value));
  }
  doc.moveDown();

  const rows = scheduleRows(calendar.data);
  let y = doc.y;
  if (rows.length === 0) {
    doc.font('Helvetica').fontSize(10).text(`No services are scheduled for ${calendar.year}.`, left, y, { width });
    y = doc.y;
  } else {
    const scale = width / COLUMNS.reduce((sum, column) => sum + column.width, 0);
    const cells = COLUMNS.map((column, index) => ({
      ...column,
      x: left + COLUMNS.slice(0, index).reduce((sum, previous) => sum + previous.width * scale, 0),
      width: column.width * scale,
    }));
    const rowHeight = (texts: readonly string[]) =>
      Math.max(
        ...texts.map((text, index) =>
          doc.heightOfString(text || ' ', { width: (cells[index]?.width ?? 0) - 2 * CELL_PADDING }),
        ),
      ) +
      2 * CELL_PADDING;
    const drawRow = (texts: readonly string[], shade: string | null) => {
      const height = rowHeight(texts);
      if (shade) doc.rect(left, y, width, height).fill(shade).fillColor('black');
      texts.forEach((text, index) => {
        const cell = cells[index];
        if (cell) doc.text(text, cell.x + CELL_PADDING, y + CELL_PADDING, { width: cell.width - 2 * CELL_PADDING });
      });
      y += height;
    };
    const drawHeader = () => {
      doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
      drawRow(
        cells.map((cell) => cell.label),
        '#dde3ea',
      );
      doc.font('Helvetica').fontSize(FONT_SIZE);
    };

    drawHeader();
    rows.forEach((row, index) => {
      const texts = cells.map((cell) => printable(row[cell.key]));
      if (y + rowHeight(texts) > bottom()) {
        doc.addPage();
        y = MARGIN;
        drawHeader();
      }
      drawRow(texts, index % 2 === 1 ? '#f4f4f4' : null);
    });
  }

  drawLegend(doc, left, y + 16, width, bottom);
  drawFooters(doc, input.generatedOn);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function drawLegend(doc: PDFKit.PDFDocument, left: number, top: number, width: number, bottom: () => number): void {
  doc.font('Helvetica').fontSize(FONT_SIZE);
  const lines = SCHEDULE_LEGEND.map(([term, meaning]) => `${term}: ${meaning}`);
  const height = lines.reduce((sum, line) => sum + doc.heightOfString(line, { width }) + 2, 0) + 16;
  let y = top;
  if (y + height > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(10).text('Legend', left, y, { width });
  for (const [term, meaning] of SCHEDULE_LEGEND) {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).text(`${term}: `, { continued: true, width });
    doc.font('Helvetica').text(meaning);
  }
}

function drawFooters(doc: PDFKit.PDFDocument, generatedOn: IsoDate): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // The footer sits inside the bottom margin; with the margin in place pdfkit would start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 8;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(`Made on ${usDate(generatedOn)}`, MARGIN, y, { lineBreak: false });
    const label = `Page ${index - start + 1} of ${count}`;
    doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), y, { lineBreak: false });
    doc.fillColor('black');
    doc.page.margins.bottom = bottomMargin;
  }
}
