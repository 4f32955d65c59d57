import { COMPLETED_SERVICES_PAGE_SIZE, formatUsDate, VISIT_PHOTO_LABELS, type CompletedService } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { VisitPhotosDialog } from '../../../components/VisitPhotosDialog';
import { formatDateTime } from '../../../lib/dates';
import { photoLoaderOf, useCompletedServicesQuery, type CompletedServicesSource } from '../api/completed-services-api';

const COLUMNS = 5;

/**
 * A property's completed services: each visit a crew checked out of, newest first, 10 a page, with its workday, crew,
 * note and photos (file name, check-in or check-out, when taken); View shows both photos. The office sees any
 * record's, a customer their own property's (`source`).
 */
export function CompletedServicesPanel({ source }: { source: CompletedServicesSource }) {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<CompletedService | null>(null);
  const services = useCompletedServicesQuery(source, page);
  const load = photoLoaderOf(source);
  const rows = services.data?.data ?? [];
  const total = services.data?.total ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          Completed services
        </Typography>
        {services.isError ? (
          <LoadErrorAlert
            subject="The completed services"
            error={services.error}
            onRetry={() => void services.refetch()}
          />
        ) : (
          <>
            <Table
              size="small"
              aria-label="Completed services"
              aria-busy={services.isPending || services.isPlaceholderData}
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 110 }}>Workday</TableCell>
                  <TableCell sx={{ width: 70 }}>Crew</TableCell>
                  <TableCell>Notes</TableCell>
                  <TableCell>Photos</TableCell>
                  <TableCell sx={{ width: 80 }}>
                    <Box component="span" sx={visuallyHiddenSx}>
                      Details
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {services.isPending && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                )}
                {services.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COLUMNS}>
                      <Typography color="text.secondary">No completed services yet</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((service) => (
                  <TableRow key={service.id}>
                    <TableCell>{formatUsDate(service.workday)}</TableCell>
                    <TableCell>{service.crewNumber ?? '—'}</TableCell>
                    <TableCell>{service.note || '—'}</TableCell>
                    <TableCell>
                      {service.photos.map((photo) => (
                        <Typography key={photo.id} variant="body2">
                          {photo.filename} ({VISIT_PHOTO_LABELS[photo.kind]},{' '}
                          {formatDateTime(new Date(photo.createdAt))})
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setShown(service)}
                        aria-label={`View the service of ${formatUsDate(service.workday)}`}
                      >
                        View
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {total > COMPLETED_SERVICES_PAGE_SIZE && (
              <TablePagination
                component="div"
                count={total}
                page={page}
                onPageChange={(_event, next) => setPage(next)}
                rowsPerPage={COMPLETED_SERVICES_PAGE_SIZE}
                rowsPerPageOptions={[]}
              />
            )}
          </>
        )}
        {shown && <VisitPhotosDialog visit={shown} load={load} onClose={() => setShown(null)} />}
      </CardContent>
    </Card>
  );
}
