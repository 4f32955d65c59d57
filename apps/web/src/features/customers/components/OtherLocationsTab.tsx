import { LOCATION_MESSAGES, type Location } from '@lawn/shared';
import {
  AddIcon as Add,
  DeleteOutlinedIcon as DeleteOutlined,
  EditOutlinedIcon as EditOutlined,
  OpenInNewIcon as OpenInNew,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { recordPath } from '../../../lib/record-link';
import { useLocationsQuery, useRemoveLocationMutation } from '../api/locations-api';
import { LocationDialog } from './LocationDialog';

/** The record a location names opens on its own, outside any list: no navigator. */
function jumpTarget(location: Location): string | null {
  return location.linkedCustomerAttributesId === null ? null : recordPath(location.linkedCustomerAttributesId);
}

/** The location form: a new location, or an existing one as the list showed it when the form opened. */
type OpenForm = { kind: 'new' } | { kind: 'edit'; location: Location };

/**
 * Other locations: the customer's other records by account number, each with a jump to it, an edit
 * button and a remove button that asks first; Add locations opens the form.
 */
export function OtherLocationsTab({ customerId }: { customerId: number }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const [form, setForm] = useState<OpenForm | null>(null);
  const locations = useLocationsQuery(customerId);
  const remove = useRemoveLocationMutation(customerId);

  const askToRemove = async (location: Location) => {
    const isConfirmed = await confirm({ title: 'Remove location', message: LOCATION_MESSAGES.removeConfirm });
    if (isConfirmed) remove.mutate(location.id, { onSuccess: () => notify(LOCATION_MESSAGES.removed, 'success') });
  };

  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" color="secondary" startIcon={<Add />} onClick={() => setForm({ kind: 'new' })}>
          Add locations
        </Button>
      </Box>
      {locations.isError ? (
        <LoadErrorAlert subject="The locations" error={locations.error} onRetry={() => void locations.refetch()} />
      ) : (
        <Table size="small" aria-label="Other locations" aria-busy={locations.isPending}>
          <TableHead>
            <TableRow>
              <TableCell>Street address</TableCell>
              <TableCell>Account number</TableCell>
              <TableCell>Zip code</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHiddenSx}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {locations.isPending && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            )}
            {locations.isSuccess && locations.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary">No other locations yet</Typography>
                </TableCell>
              </TableRow>
            )}
            {locations.data?.map((location) => {
              const target = jumpTarget(location);
              return (
                <TableRow key={location.id}>
                  <TableCell>{location.streetAddress}</TableCell>
                  <TableCell>{location.accountNumber}</TableCell>
                  <TableCell>{location.zipCode}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {target && (
                      <IconButton
                        component={RouterLink}
                        to={target}
                        size="small"
                        aria-label={`Open account ${location.accountNumber}`}
                      >
                        <OpenInNew fontSize="small" />
                      </IconButton>
                    )}
                    <IconButton
                      size="small"
                      aria-label={`Edit ${location.streetAddress}`}
                      onClick={() => setForm({ kind: 'edit', location })}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Remove ${location.streetAddress}`}
                      disabled={remove.isPending}
                      onClick={() => void askToRemove(location)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {form && (
        <LocationDialog
          customerId={customerId}
          location={form.kind === 'edit' ? form.location : undefined}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            notify(form.kind === 'edit' ? LOCATION_MESSAGES.updated : LOCATION_MESSAGES.added, 'success');
          }}
        />
      )}
    </Stack>
  );
}
