import type { ServiceZone } from '@lawn/shared';
import { DeleteOutlinedIcon as DeleteOutlined, EditOutlinedIcon as EditOutlined } from '../../../components/icons';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

type ServiceZoneRowActionsProps = {
  zone: ServiceZone;
  isDeleting: boolean;
  onEdit: (zone: ServiceZone) => void;
  onDelete: (zone: ServiceZone) => void;
};

/** Edit and delete of one zone; the dialogs live on the page, outside the grid's keyboard handling. */
export function ServiceZoneRowActions({ zone, isDeleting, onEdit, onDelete }: ServiceZoneRowActionsProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <Tooltip title="Edit">
        <IconButton size="small" aria-label={`Edit ${zone.zipcode}`} onClick={() => onEdit(zone)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton
          size="small"
          aria-label={`Delete ${zone.zipcode}`}
          disabled={isDeleting}
          onClick={() => onDelete(zone)}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
