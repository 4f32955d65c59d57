import {
  BUSH_BED_REPORT_COLUMNS,
  OPERATIONS_COLUMNS,
  RECONCILIATION_COLUMNS,
  RECONCILIATION_DIFFERENCES,
  type BushBedReportRow,
  type OperationsReportRow,
  type ReconciliationReportRow,
} from '@lawn/shared';
import type { ExportColumn, ExportColumnKind } from './export-types';

type Spec<Row> = {
  kind: ExportColumnKind;
  width: number;
  decimals?: number;
  value?: ExportColumn<Row>['value'];
};

const list = (values: readonly string[]) => values.join('; ');
const coordinate = { kind: 'decimal', decimals: 6 } as const;

/** Gate and community codes in one cell: what opens the way in. */
function gateCodes(row: OperationsReportRow): string {
  return [row.gateCode ? `Gate ${row.gateCode}` : null, row.communityCode ? `Community ${row.communityCode}` : null]
    .filter((part) => part !== null)
    .join(', ');
}

const OPERATIONS_SPECS: Record<keyof typeof OPERATIONS_COLUMNS, Spec<OperationsReportRow>> = {
  workday: { kind: 'text', width: 10 },
  crew: { kind: 'integer', width: 6 },
  serviceAddress: { kind: 'text', width: 26 },
  fullName: { kind: 'text', width: 18 },
  city: { kind: 'text', width: 11 },
  marketName: { kind: 'text', width: 10 },
  mowCut: { kind: 'text', width: 12, value: (row) => list(row.mowCut) },
  gateCodes: { kind: 'text', width: 14, value: gateCodes },
  hazards: { kind: 'text', width: 24, value: (row) => list(row.hazards) },
  lat: { ...coordinate, width: 9 },
  lng: { ...coordinate, width: 10 },
  customerId: { kind: 'text', width: 10 },
  zipcode: { kind: 'text', width: 6 },
  contactNumber: { kind: 'text', width: 11 },
  frecuencyName: { kind: 'text', width: 9 },
  specialRequests: { kind: 'text', width: 24, value: (row) => list(row.specialRequests) },
};

const RECONCILIATION_SPECS: Record<keyof typeof RECONCILIATION_COLUMNS, Spec<ReconciliationReportRow>> = {
  week: { kind: 'integer', width: 6 },
  customerId: { kind: 'text', width: 11 },
  fullName: { kind: 'text', width: 20 },
  serviceAddress: { kind: 'text', width: 26 },
  crew: { kind: 'integer', width: 6 },
  marketName: { kind: 'text', width: 11 },
  scheduledDay: { kind: 'text', width: 10 },
  doneDay: { kind: 'text', width: 10 },
  billedDay: { kind: 'text', width: 10 },
  invoiceTotal: { kind: 'money', width: 9 },
  differences: {
    kind: 'text',
    width: 28,
    value: (row) => list(row.differences.map((difference) => RECONCILIATION_DIFFERENCES[difference])),
  },
  city: { kind: 'text', width: 12 },
  invoiceStatusName: { kind: 'text', width: 10 },
};

const BUSH_BED_SPECS: Record<keyof typeof BUSH_BED_REPORT_COLUMNS, Spec<BushBedReportRow>> = {
  week: { kind: 'integer', width: 5 },
  weekDayName: { kind: 'text', width: 9 },
  crew: { kind: 'integer', width: 6 },
  fullName: { kind: 'text', width: 18 },
  serviceAddress: { kind: 'text', width: 26 },
  city: { kind: 'text', width: 11 },
  marketName: { kind: 'text', width: 10 },
  statusName: { kind: 'text', width: 9 },
  instruction: { kind: 'text', width: 28 },
  customerId: { kind: 'text', width: 10 },
  lat: { ...coordinate, width: 9 },
  lng: { ...coordinate, width: 10 },
  bbNotes: { kind: 'text', width: 24 },
};

function columnsOf<Row, Key extends string>(
  labels: Record<Key, string>,
  specs: Record<Key, Spec<Row>>,
  select: readonly string[],
): ExportColumn<Row>[] {
  const known = [...new Set(select)].filter((key): key is Key => Object.hasOwn(labels, key));
  return known.map((key) => {
    const spec = specs[key];
    return {
      key,
      label: labels[key],
      kind: spec.kind,
      width: spec.width,
      ...(spec.decimals === undefined ? {} : { decimals: spec.decimals }),
      value: spec.value ?? ((row: Row) => (row as Record<string, string | number | null>)[key]),
    };
  });
}

/** The export columns of each report for `select`, in the order given (unknown names are left out). */
export const operationsExportColumns = (select: readonly string[]) =>
  columnsOf(OPERATIONS_COLUMNS, OPERATIONS_SPECS, select);
export const reconciliationExportColumns = (select: readonly string[]) =>
  columnsOf(RECONCILIATION_COLUMNS, RECONCILIATION_SPECS, select);
export const bushBedExportColumns = (select: readonly string[]) =>
  columnsOf(BUSH_BED_REPORT_COLUMNS, BUSH_BED_SPECS, select);
