import type { BushBedService } from '@lawn/shared';
import { EditOutlinedIcon as EditOutlined } from '../../../components/icons';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { useBushBedServicesQuery } from '../api/bush-bed-api';

const COLUMNS = 7;

/** The record's bush-and-bed services, by year and week, each with an edit button. */
export function BushBedServicesTable({
  customerId,
  onEdit,
}: {
  customerId: number;
  onEdit: (service: BushBedService) => void;
}) {
  const services = useBushBedServicesQuery(customerId);
  if (services.isError) {
    return (
      <LoadErrorAlert
        subject="The bush-and-bed services"
        error={services.error}
        onRetry={() => void services.refetch()}
      />
    );
  }
  return (
    <Table size="small" aria-label="Bush-and-bed services" aria-busy={services.isPending}>
      <TableHead>
        <TableRow>
          <TableCell>Year</TableCell>
          <TableCell>Week</TableCell>
          <TableCell>Crew</TableCell>
          <TableCell>Week day</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Instruction</TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHiddenSx}>
              Actions
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
        {services.data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={COLUMNS}>No bush-and-bed services yet</TableCell>
          </TableRow>
        )}
        {services.data?.map((service) => (
          <TableRow key={service.id}>
            <TableCell>{service.year}</TableCell>
            <TableCell>{service.weekNumber}</TableCell>
            <TableCell>{service.crew}</TableCell>
            <TableCell>{service.weekDayName}</TableCell>
            <TableCell>{service.statusName}</TableCell>
            <TableCell>{service.instruction}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={`Edit the service of week ${service.weekNumber}, ${service.year}`}
                onClick={() => onEdit(service)}
              >
                <EditOutlined />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
