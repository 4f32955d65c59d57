import {
  OPERATIONS_OPTIONAL_COLUMNS,
  RECONCILIATION_DIFFERENCES,
  BUSH_BED_REPORT_OPTIONAL_COLUMNS,
  RECONCILIATION_OPTIONAL_COLUMNS,
  SELECTION_REPORT_COLUMNS,
  type ReconciliationDifference,
  type SelectionReportType,
} from '@lawn/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { formatMoney } from '../../../lib/format';
import type { SelectionReportRow } from '../api/selection-reports-api';

/** The columns of each report a person may add with a checkbox; the others always show. */
export const OPTIONAL_COLUMNS: Record<SelectionReportType, readonly string[]> = {
  operations: OPERATIONS_OPTIONAL_COLUMNS,
  reconciliation: RECONCILIATION_OPTIONAL_COLUMNS,
  'bush-bed': BUSH_BED_REPORT_OPTIONAL_COLUMNS,
};

const WIDTHS: Record<string, number> = {
  serviceAddress: 220,
  fullName: 170,
  hazards: 240,
  specialRequests: 240,
  differences: 260,
  instruction: 240,
  bbNotes: 200,
};

const list = (value: unknown) => (Array.isArray(value) ? value.join('; ') : '');

/** How a cell reads: lists joined, gate and community codes together, differences and money in words. */
function cellText(field: string, row: SelectionReportRow): string {
  const value = row[field];
  switch (field) {
    case 'gateCodes':
      return [
        typeof row.gateCode === 'string' && row.gateCode ? `Gate ${row.gateCode}` : null,
        typeof row.communityCode === 'string' && row.communityCode ? `Community ${row.communityCode}` : null,
      ]
        .filter((part) => part !== null)
        .join(', ');
    case 'differences':
      return Array.isArray(value)
        ? (value as ReconciliationDifference[]).map((difference) => RECONCILIATION_DIFFERENCES[difference]).join('; ')
        : '';
    case 'invoiceTotal':
      return typeof value === 'number' ? formatMoney(value) : '';
    default:
      if (Array.isArray(value)) return list(value);
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The columns a report shows: the fixed ones and the optional ones chosen, in the report's order. */
export function shownReportColumns(type: SelectionReportType, chosen: readonly string[]): string[] {
  const optional = OPTIONAL_COLUMNS[type];
  return Object.keys(SELECTION_REPORT_COLUMNS[type]).filter(
    (field) => !optional.includes(field) || chosen.includes(field),
  );
}

export function selectionGridColumns(
  type: SelectionReportType,
  fields: readonly string[],
): GridColDef<SelectionReportRow>[] {
  const labels: Record<string, string> = SELECTION_REPORT_COLUMNS[type];
  return fields.map((field) => ({
    field,
    headerName: labels[field] ?? field,
    width: WIDTHS[field] ?? 120,
    sortable: false,
    valueGetter: (_value, row) => cellText(field, row),
  }));
}
