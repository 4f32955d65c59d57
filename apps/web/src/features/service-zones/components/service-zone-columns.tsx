import type { ServiceZone } from '@lawn/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '../../../lib/dates';

const dateTime = (value: string) => formatDateTime(new Date(value));

/** Zip code, exceptions, user, created and edited; the page adds the actions. */
export const SERVICE_ZONE_COLUMNS: GridColDef<ServiceZone>[] = [
  { field: 'zipcode', headerName: 'Zipcode', width: 110 },
  { field: 'exceptions', headerName: 'Exceptions', flex: 1, minWidth: 220, sortable: false },
  {
    field: 'user',
    headerName: 'User',
    width: 170,
    sortable: false,
    valueGetter: (_value, row) => row.user?.fullName ?? '',
  },
  { field: 'createdAt', headerName: 'Created', width: 190, valueFormatter: dateTime },
  { field: 'updatedAt', headerName: 'Edited', width: 190, valueFormatter: dateTime },
];
