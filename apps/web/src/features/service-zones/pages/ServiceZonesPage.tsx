import {
  hasRole,
  SERVICE_ZONE_EDIT_ROLES,
  SERVICE_ZONE_MESSAGES,
  SERVICE_ZONE_PAGE_SIZES,
  type ServiceZone,
} from '@lawn/shared';
import { AddIcon as Add } from '../../../components/icons';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { selectUser, useAppState } from '../../../lib/app-store';
import { useGridSearch, type GridSearchOptions } from '../../../lib/grid-search';
import { useDeleteServiceZoneMutation, useMarketsQuery, useServiceZonesQuery } from '../api/service-zones-api';
import { AddressCheckPanel } from '../components/AddressCheckPanel';
import { SERVICE_ZONE_COLUMNS } from '../components/service-zone-columns';
import { ServiceZoneDialog } from '../components/ServiceZoneDialog';
import { ServiceZoneRowActions } from '../components/ServiceZoneRowActions';

const ZONE_GRID_SEARCH: GridSearchOptions = {
  pageSizes: SERVICE_ZONE_PAGE_SIZES,
  sorts: ['zipcode', 'createdAt', 'updatedAt'],
  defaultSort: 'zipcode',
};

// The overlay is drawn inside the grid, whose children may only be rows (WCAG 1.3.1): one row with one cell.
function NoZonesOverlay() {
  return (
    <GridOverlay role="row" sx={{ p: 2, textAlign: 'center' }}>
      <Typography role="gridcell" color="text.secondary">
        This market has no service zones yet.
      </Typography>
    </GridOverlay>
  );
}

/**
 * The service zones screen (/zip): a market's zip codes with their exceptions, who last changed them and
 * when; Admin and Manager add, edit and delete them. Below, "Check an address" looks any address up the way the
 * customer forms do.
 */
export function ServiceZonesPage() {
  const { role } = useAppState(selectUser);
  const confirm = useConfirm();
  const notify = useNotify();
  const markets = useMarketsQuery();
  const [chosenMarketId, setChosenMarketId] = useState<number | null>(null);
  const marketId = chosenMarketId ?? markets.data?.[0]?.id ?? null;
  const [search, setSearch] = useGridSearch(ZONE_GRID_SEARCH);
  const zones = useServiceZonesQuery(marketId, search);
  const remove = useDeleteServiceZoneMutation();
  // The zone being edited (null: a new one) stays while the dialog fades out, so its title does not change.
  const [dialogZone, setDialogZone] = useState<ServiceZone | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const openDialog = useCallback((zone: ServiceZone | null) => {
    setDialogZone(zone);
    setIsDialogOpen(true);
  }, []);
  const canEdit = role !== null && hasRole(role, SERVICE_ZONE_EDIT_ROLES);
  const deletingId = remove.isPending ? (remove.variables?.id ?? null) : null;
  const { mutate: removeZone } = remove;

  const columns = useMemo<GridColDef<ServiceZone>[]>(() => {
    if (!canEdit) return SERVICE_ZONE_COLUMNS;
    const askToDelete = async (zone: ServiceZone) => {
      const isConfirmed = await confirm({
        title: SERVICE_ZONE_MESSAGES.deleteConfirm,
        message: SERVICE_ZONE_MESSAGES.deleteDetail,
      });
      if (!isConfirmed) return;
      removeZone(zone, { onSuccess: (answer) => notify(answer.message || SERVICE_ZONE_MESSAGES.deleted, 'success') });
    };
    return [
      ...SERVICE_ZONE_COLUMNS,
      {
        field: 'actions',
        headerName: 'Actions',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <ServiceZoneRowActions
            zone={row}
            isDeleting={deletingId === row.id}
            onEdit={openDialog}
            onDelete={(zone) => void askToDelete(zone)}
          />
        ),
      },
    ];
  }, [canEdit, confirm, notify, removeZone, deletingId, openDialog]);

  const changeMarket = (id: number) => {
    setChosenMarketId(id);
    setSearch({ ...search, page: 0 });
  };
  const changePage = (model: GridPaginationModel) =>
    setSearch({ ...search, page: model.pageSize === search.pageSize ? model.page : 0, pageSize: model.pageSize });
  const changeSort = (model: GridSortModel) => {
    const [first] = model;
    setSearch({
      ...search,
      page: 0,
      sort: first?.sort ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : 'zipcode',
    });
  };
  const sortField = search.sort.replace(/^-/, '');
  const saved = (message: string) => {
    setIsDialogOpen(false);
    notify(message, 'success');
  };

  return (
    <Stack spacing={3}>
      {markets.isError ? (
        <LoadErrorAlert subject="The markets" error={markets.error} onRetry={() => void markets.refetch()} />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Market"
            value={marketId ?? ''}
            onChange={(event) => changeMarket(Number(event.target.value))}
            disabled={!markets.data}
            sx={{ minWidth: 240 }}
          >
            {(markets.data ?? []).map((market) => (
              <MenuItem key={market.id} value={market.id}>
                {market.name}
              </MenuItem>
            ))}
          </TextField>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            The zip codes a market serves; a zip belongs to one market at most.
          </Typography>
          {canEdit && (
            <Button
              variant="contained"
              color="secondary"
              startIcon={<Add />}
              disabled={marketId === null}
              onClick={() => openDialog(null)}
            >
              Add ZIP
            </Button>
          )}
        </Stack>
      )}

      {zones.isError ? (
        <LoadErrorAlert subject="The service zones" error={zones.error} onRetry={() => void zones.refetch()} />
      ) : (
        <DataGrid
          label="Service zones"
          autoHeight
          rows={zones.data?.data ?? []}
          rowCount={zones.data?.total ?? 0}
          columns={columns}
          loading={markets.isPending || zones.isPending || zones.isPlaceholderData}
          paginationMode="server"
          paginationModel={{ page: search.page, pageSize: search.pageSize }}
          onPaginationModelChange={changePage}
          pageSizeOptions={SERVICE_ZONE_PAGE_SIZES}
          sortingMode="server"
          sortModel={[{ field: sortField, sort: search.sort.startsWith('-') ? 'desc' : 'asc' }]}
          onSortModelChange={changeSort}
          disableColumnMenu
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          slots={{ noRowsOverlay: NoZonesOverlay }}
          sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '120px' }}
        />
      )}

      <AddressCheckPanel />

      {marketId !== null && markets.data && (
        <ServiceZoneDialog
          isOpen={isDialogOpen}
          zone={dialogZone}
          marketId={marketId}
          markets={markets.data}
          onClose={() => setIsDialogOpen(false)}
          onSaved={saved}
        />
      )}
    </Stack>
  );
}
