import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import {
  formatCell,
  PDF_MAX_ROWS,
  rowCounter,
  type ExportColumn,
  type ExportOptions,
  type ExportResult,
  type RowBatches,
} from './export-types';

const MARGIN = 30;
const FONT_SIZE = 7.5;
const ROW_HEIGHT = 14;
const CELL_PADDING = 3;
const TITLE_HEIGHT = 22;
const FOOTER_HEIGHT = 16;

type Layout = { x: number; width: number }[];

/**
 * A landscape table: the title and column headers on every page, "Page N" at the foot of each, long cells cut with an
 * ellipsis so every row is one line. Pages are streamed to the file as they fill, not buffered.
 */
export async function writePdf<Row>(
  batches: RowBatches<Row>,
  columns: readonly ExportColumn<Row>[],
  filePath: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const output = createWriteStream(filePath);
  await once(output, 'open');
  const title = options.title ?? 'Report';
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title },
  });
  doc.pipe(output);
  const done = finished(output);
  done.catch(() => undefined);

  const counter = rowCounter({ ...options, maxRows: Math.min(options.maxRows ?? PDF_MAX_ROWS, PDF_MAX_ROWS) });
  try {
    let layout: Layout = [];
    let pageNumber = 0;
    let y = 0;
    let rowOnPage = 0;
    const startPage = () => {
      doc.addPage();
      pageNumber += 1;
      layout = layoutColumns(columns, doc.page.width - 2 * MARGIN);
      drawPageFrame(doc, title, pageNumber);
      y = drawHeaderRow(doc, columns, layout, MARGIN + TITLE_HEIGHT);
      rowOnPage = 0;
    };
    startPage();
    const bottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;

    for await (const batch of batches) {
      await counter.add(batch.length);
      for (const row of batch) {
        if (y + ROW_HEIGHT > bottom()) startPage();
        if (rowOnPage % 2 === 1) {
          doc
            .rect(MARGIN, y, doc.page.width - 2 * MARGIN, ROW_HEIGHT)
            .fill('#f2f2f2')
            .fillColor('black');
        }
        doc.font('Helvetica').fontSize(FONT_SIZE);
        columns.forEach((column, index) => {
          const cell = layout[index];
          if (!cell) return;
          drawCell(doc, formatCell(column, row), cell, y, column.kind !== 'text');
        });
        y += ROW_HEIGHT;
        rowOnPage += 1;
      }
      await counter.progress();
    }
    doc.end();
    await done;
  } catch (error) {
    doc.unpipe(output);
    output.destroy();
    throw error;
  }
  return { rowCount: counter.rowCount };
}

function layoutColumns<Row>(columns: readonly ExportColumn<Row>[], available: number): Layout {
  const total = columns.reduce((sum, column) => sum + Math.max(column.width, 4), 0);
  let x = MARGIN;
  return columns.map((column) => {
    const width = (available * Math.max(column.width, 4)) / total;
    const cell = { x, width };
    x += width;
    return cell;
  });
}

function drawPageFrame(doc: PDFKit.PDFDocument, title: string, pageNumber: number): void {
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black');
  doc.text(fitText(doc, title, doc.page.width - 2 * MARGIN), MARGIN, MARGIN, { lineBreak: false });
  // The footer sits inside the bottom margin; with the margin in place pdfkit would start a new page for it.
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.font('Helvetica').fontSize(8);
  const label = `Page ${pageNumber}`;
  doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), doc.page.height - MARGIN - 8, {
    lineBreak: false,
  });
  doc.page.margins.bottom = bottomMargin;
}

function drawHeaderRow<Row>(
  doc: PDFKit.PDFDocument,
  columns: readonly ExportColumn<Row>[],
  layout: Layout,
  top: number,
): number {
  doc
    .rect(MARGIN, top, doc.page.width - 2 * MARGIN, ROW_HEIGHT + 2)
    .fill('#dde3ea')
    .fillColor('black');
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  columns.forEach((column, index) => {
    const cell = layout[index];
    if (cell) drawCell(doc, column.label, cell, top + 1, column.kind !== 'text');
  });
  return top + ROW_HEIGHT + 2;
}

function drawCell(
  doc: PDFKit.PDFDocument,
  text: string,
  cell: { x: number; width: number },
  y: number,
  alignRight: boolean,
): void {
  if (text === '') return;
  const inner = cell.width - 2 * CELL_PADDING;
  const fitted = fitText(doc, text, inner);
  const x = alignRight ? cell.x + CELL_PADDING + inner - doc.widthOfString(fitted) : cell.x + CELL_PADDING;
  doc.text(fitted, x, y + (ROW_HEIGHT - FONT_SIZE) / 2, { lineBreak: false });
}

/** The longest prefix of `text` (plus "...") that fits `width` at the current font. */
function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const oneLine = text.replace(/\s+/g, ' ');
  if (doc.widthOfString(oneLine) <= width) return oneLine;
  let low = 0;
  let high = oneLine.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${oneLine.slice(0, middle)}...`) <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : `${oneLine.slice(0, low).trimEnd()}...`;
}
