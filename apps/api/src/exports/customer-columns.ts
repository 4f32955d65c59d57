import {
  CUSTOMER_COLUMNS,
  DEFAULT_CUSTOMER_COLUMNS,
  paymentTypeLabel,
  type CustomerColumn,
  type CustomerListRow,
} from '@lawn/shared';
import type { ExportColumn, ExportColumnKind } from './export-types';

type Spec = {
  kind: ExportColumnKind;
  width: number;
  decimals?: number;
  value?: ExportColumn<CustomerListRow>['value'];
};

const personName = (person: CustomerListRow['userEdit']) => person?.fullName ?? null;

/** How each customer-list column is exported; labels come from the shared CUSTOMER_COLUMNS. */
const SPECS: Record<CustomerColumn, Spec> = {
  fullName: { kind: 'text', width: 26 },
  serviceAddress: { kind: 'text', width: 32 },
  customerId: { kind: 'text', width: 12 },
  marketName: { kind: 'text', width: 14 },
  statusName: { kind: 'text', width: 16 },
  crew: { kind: 'integer', width: 7 },
  mowCut: { kind: 'text', width: 14, value: (row) => row.mowCut.join(', ') },
  city: { kind: 'text', width: 14 },
  state: { kind: 'text', width: 6 },
  zipcode: { kind: 'text', width: 7 },
  lat: { kind: 'decimal', width: 10, decimals: 6 },
  lng: { kind: 'decimal', width: 11, decimals: 6 },
  subtotalMowing: { kind: 'money', width: 10 },
  taxRate: { kind: 'decimal', width: 8, decimals: 2 },
  calculatedTax: { kind: 'money', width: 8 },
  totalMowing: { kind: 'money', width: 9 },
  userEdit: { kind: 'text', width: 18, value: (row) => personName(row.userEdit) },
  userNote: { kind: 'text', width: 18, value: (row) => personName(row.userNote) },
  cardTypeName: { kind: 'text', width: 14 },
  contactNumber: { kind: 'text', width: 13 },
  email: { kind: 'text', width: 26 },
  frecuencyName: { kind: 'text', width: 12 },
  paymentType: { kind: 'text', width: 16, value: (row) => paymentTypeLabel(row.paymentType) },
};

/** The export columns for `select` (the list's default five when absent), in the order given. */
export function customerExportColumns(
  select: readonly CustomerColumn[] = DEFAULT_CUSTOMER_COLUMNS,
): ExportColumn<CustomerListRow>[] {
  return [...new Set(select)].map((key) => {
    const spec = SPECS[key];
    return {
      key,
      label: CUSTOMER_COLUMNS[key],
      kind: spec.kind,
      width: spec.width,
      ...(spec.decimals === undefined ? {} : { decimals: spec.decimals }),
      value: spec.value ?? ((row) => row[key] as string | number | null | undefined),
    };
  });
}
