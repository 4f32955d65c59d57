import type { Report } from '@lawn/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '../../../lib/dates';
import { ReportStatusChip } from './ReportStatusChip';

/** Report date (in the business time zone), filename and status; the page adds the actions. */
export const REPORT_COLUMNS: GridColDef<Report>[] = [
  {
    field: 'createdAt',
    headerName: 'Report date',
    width: 210,
    valueFormatter: (value: string) => formatDateTime(new Date(value)),
  },
  { field: 'filename', headerName: 'Filename', flex: 1, minWidth: 220 },
  {
    field: 'status',
    headerName: 'Status',
    width: 150,
    renderCell: ({ row }) => <ReportStatusChip report={row} />,
  },
];
