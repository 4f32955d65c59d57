import { ALARM_LIST_LIMIT, ALARM_MESSAGES, formatUsDate, type Alarm } from '@lawn/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PendingButton } from '../../../components/PendingButton';
import { useNotify } from '../../../components/notifier-context';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAlarmsQuery, useDeleteAlarmsMutation } from '../api/alarms-api';
import { AlarmFormDialog } from '../components/AlarmFormDialog';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const COLUMNS: GridColDef<Alarm>[] = [
  { field: 'alarmDate', headerName: 'Date', width: 110, valueFormatter: (value: string) => formatUsDate(value) },
  { field: 'alarmHour', headerName: 'Hour', width: 80 },
  { field: 'duration', headerName: 'Duration (min)', width: 130 },
  { field: 'snooze', headerName: 'Snooze', width: 90, valueFormatter: yesNo },
  { field: 'regarding', headerName: 'Regarding', flex: 1, minWidth: 160 },
  { field: 'detail', headerName: 'Detail', flex: 1, minWidth: 200 },
  { field: 'active', headerName: 'Active', width: 90, valueFormatter: yesNo },
  { field: 'user', headerName: 'User', width: 170, valueGetter: (_value, row) => row.user.fullName },
];

// The overlay is drawn inside the grid, whose children may only be rows (WCAG 1.3.1).
function NoAlarmsOverlay() {
  return (
    <GridOverlay role="row" sx={{ p: 2 }}>
      <Typography role="gridcell" color="text.secondary">
        {ALARM_MESSAGES.emptyList}
      </Typography>
    </GridOverlay>
  );
}

/** The alarm form's opening: a new alarm (null) or the alarm to reschedule; closed when undefined. */
type FormOpening = { alarm: Alarm | null } | undefined;

/**
 * Alarms (/alarms): the newest 50 a page (Admin and Manager: everyone's, others their own), a new alarm, Reschedule
 * of exactly one selected alarm, and Delete of the selected ones after a confirmation.
 */
export function AlarmsPage() {
  const notify = useNotify();
  const confirm = useConfirm();
  const [page, setPage] = useState(0);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [form, setForm] = useState<FormOpening>(undefined);
  const alarms = useAlarmsQuery(page);
  const remove = useDeleteAlarmsMutation();
  const rows = alarms.data?.data ?? [];
  const selection = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selectedIds) }),
    [selectedIds],
  );

  const reschedule = () => {
    const alarm = selectedIds.length === 1 ? rows.find((row) => row.id === selectedIds[0]) : undefined;
    if (!alarm) {
      notify(ALARM_MESSAGES.selectOne, 'warning');
      return;
    }
    setForm({ alarm });
  };

  const deleteSelected = async () => {
    if (selectedIds.length === 0) {
      notify(ALARM_MESSAGES.selectAtLeastOne, 'warning');
      return;
    }
    if (!(await confirm({ title: 'Delete alarms', message: ALARM_MESSAGES.deleteConfirm }))) return;
    try {
      const answer = await remove.mutateAsync(selectedIds);
      setSelectedIds([]);
      notify(answer.message, 'success');
    } catch (error) {
      // A refusal says why (an alarm someone else deleted meanwhile); anything unexpected says to try again.
      notify(
        error instanceof ApiError && error.status < 500 ? errorMessage(error) : ALARM_MESSAGES.deleteFailed,
        'error',
      );
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Alarm list
        </Typography>
        <Button variant="contained" color="secondary" onClick={() => setForm({ alarm: null })}>
          New alarm
        </Button>
        <Button variant="outlined" onClick={reschedule}>
          Reschedule
        </Button>
        <PendingButton
          variant="outlined"
          color="error"
          isPending={remove.isPending}
          onClick={() => void deleteSelected()}
        >
          Delete
        </PendingButton>
      </Stack>
      {alarms.isError ? (
        <LoadErrorAlert subject="The alarms" error={alarms.error} onRetry={() => void alarms.refetch()} />
      ) : (
        <DataGrid
          label="Alarms"
          autoHeight
          rows={rows}
          rowCount={alarms.data?.total ?? 0}
          columns={COLUMNS}
          loading={alarms.isPending || alarms.isPlaceholderData}
          paginationMode="server"
          paginationModel={{ page, pageSize: ALARM_LIST_LIMIT }}
          onPaginationModelChange={(model) => {
            setSelectedIds([]);
            setPage(model.page);
          }}
          pageSizeOptions={[ALARM_LIST_LIMIT]}
          checkboxSelection
          rowSelectionModel={selection}
          onRowSelectionModelChange={(model) => {
            const ids =
              model.type === 'include' ? [...model.ids] : rows.map((row) => row.id).filter((id) => !model.ids.has(id));
            setSelectedIds(ids.map(Number));
          }}
          disableRowSelectionExcludeModel
          disableColumnMenu
          disableColumnFilter
          disableColumnSelector
          disableDensitySelector
          slots={{ noRowsOverlay: NoAlarmsOverlay }}
          sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '120px' }}
        />
      )}
      {form && <AlarmFormDialog alarm={form.alarm} onClose={() => setForm(undefined)} />}
    </Stack>
  );
}
