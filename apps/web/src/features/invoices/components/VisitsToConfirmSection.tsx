import { formatUsDate, VISITS_TO_CONFIRM_PAGE_SIZE, type VisitConfirmation, type VisitToConfirm } from '@lawn/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PendingButton } from '../../../components/PendingButton';
import { useConfirmVisitMutation, useVisitsToConfirmQuery } from '../api/invoices-api';

const COLUMNS = 5;

function ConfirmButtons({ visit }: { visit: VisitToConfirm }) {
  const confirm = useConfirmVisitMutation();
  const [chosen, setChosen] = useState<VisitConfirmation | null>(null);
  const settle = (result: VisitConfirmation) => {
    setChosen(result);
    confirm.mutate({ id: visit.id, result });
  };
  const day = formatUsDate(visit.workday);
  return (
    <Stack direction="row" spacing={1}>
      <PendingButton
        size="small"
        variant="contained"
        isPending={confirm.isPending && chosen === 'done'}
        disabled={confirm.isPending}
        onClick={() => settle('done')}
        aria-label={`Done: ${visit.serviceAddress} on ${day}`}
      >
        Done
      </PendingButton>
      <PendingButton
        size="small"
        variant="outlined"
        isPending={confirm.isPending && chosen === 'skipped'}
        disabled={confirm.isPending}
        onClick={() => settle('skipped')}
        aria-label={`Skipped: ${visit.serviceAddress} on ${day}`}
      >
        Skipped
      </PendingButton>
    </Stack>
  );
}

/**
 * Visits to confirm: scheduled mows no crew checked out of by the end of the next business day, which billing did not
 * charge. Done bills the visit; Skipped marks its week skipped.
 */
export function VisitsToConfirmSection() {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const visits = useVisitsToConfirmQuery(page);
  const rows = visits.data?.data ?? [];
  const total = visits.data?.total ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          Visits to confirm
        </Typography>
        {visits.isError ? (
          <LoadErrorAlert subject="The visits to confirm" error={visits.error} onRetry={() => void visits.refetch()} />
        ) : (
          <>
            <Table size="small" aria-label="Visits to confirm" aria-busy={visits.isPending || visits.isPlaceholderData}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 110 }}>Workday</TableCell>
                  <TableCell>Service address</TableCell>
                  <TableCell>Account</TableCell>
                  <TableCell sx={{ width: 70 }}>Crew</TableCell>
                  <TableCell sx={{ width: 200 }}>Was it mowed?</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visits.isPending && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                )}
                {visits.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS}>
                      <Typography color="text.secondary">No visits to confirm</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((visit) => (
                  <TableRow key={visit.id}>
                    <TableCell>{formatUsDate(visit.workday)}</TableCell>
                    <TableCell>{visit.serviceAddress}</TableCell>
                    <TableCell>
                      {visit.accountNumber} {visit.customerName}
                    </TableCell>
                    <TableCell>{visit.crewNumber ?? '—'}</TableCell>
                    <TableCell>
                      <ConfirmButtons visit={visit} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {total > VISITS_TO_CONFIRM_PAGE_SIZE && (
              <TablePagination
                component="div"
                count={total}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={VISITS_TO_CONFIRM_PAGE_SIZE}
                rowsPerPageOptions={[]}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
