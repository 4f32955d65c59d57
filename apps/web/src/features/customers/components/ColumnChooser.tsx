import type { CustomerColumn } from '@lawn/shared';
import { ViewColumnIcon as ViewColumn } from '../../../components/icons';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ColumnGroup } from '../customer-columns';

type ColumnChooserProps = {
  /** The list's optional columns, one checkbox per group. */
  groups: readonly ColumnGroup[];
  /** The optional columns shown now. */
  value: readonly CustomerColumn[];
  onChange: (columns: CustomerColumn[]) => void;
};

/** One checkbox per optional column (group); the list's fixed columns are always shown. */
export function ColumnChooser({ groups, value, onChange }: ColumnChooserProps) {
  const panelId = useId();
  const headingId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const toggle = (columns: readonly CustomerColumn[], isShown: boolean) => {
    const rest = value.filter((column) => !columns.includes(column));
    onChange(isShown ? [...rest, ...columns] : rest);
  };

  return (
    <>
      <Button
        startIcon={<ViewColumn />}
        color="inherit"
        aria-haspopup="dialog"
        aria-controls={anchor ? panelId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Popover
        id={panelId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { p: 2, width: 320 } } }}
      >
        <Typography id={headingId} variant="subtitle2" gutterBottom>
          Optional columns
        </Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
          {groups.map((group) => (
            <FormControlLabel
              key={group.label}
              label={group.label}
              control={
                <Checkbox
                  size="small"
                  color="secondary"
                  checked={group.columns.every((column) => value.includes(column))}
                  onChange={(event) => toggle(group.columns, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      </Popover>
    </>
  );
}
