import type { CustomerColumn, ReportFormat } from '@lawn/shared';
import type { ExportFormat } from './app-store';

/**
 * What the customer list hands to its Export control: the customers chosen, how the list shows them and the format
 * last chosen. The list (customers feature) owns these and the export (reports feature) writes the file; a page
 * composes the two, and this type is their contract.
 */
export type CustomerExportSelection = {
  selectedIds: number[];
  isAllSelected: boolean;
  /** Rows matching the search, for the export's summary. */
  total: number;
  columns: CustomerColumn[];
  /** The list's `filter[...]` entries and sort, exported as they are when Select all is on. */
  query: Record<string, string>;
  /** The formats the list exports to, in the menu's order. */
  formats: readonly ReportFormat[];
  /** Formats shown in the menu but not offered for this search. */
  disabledFormats: readonly ReportFormat[];
  /** The EXCEL or CSV choice last made, kept across visits. */
  format: ExportFormat;
  onFormatChange: (format: ExportFormat) => void;
};
