import type { CalendarWeek, ServiceNoteType } from '@lawn/shared';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

/** What an active week's menu offers. */
export type WeekAction = 'removed' | ServiceNoteType;

const ACTIONS: readonly { action: WeekAction; label: string }[] = [
  { action: 'removed', label: 'Remove' },
  { action: 'skip', label: 'Skip' },
  { action: 'write', label: 'Write in' },
  { action: 'redo', label: 'Redo' },
];

type WeekMenuProps = {
  isOpen: boolean;
  anchor: HTMLElement;
  week: CalendarWeek;
  onClose: () => void;
  onChoose: (action: WeekAction, week: CalendarWeek) => void;
};

export function WeekMenu({ isOpen, anchor, week, onClose, onChoose }: WeekMenuProps) {
  // A week holds one note of each kind: the kind it already shows cannot be added again.
  const existing = week.customer.typeServiceNote;
  return (
    <Menu anchorEl={anchor} open={isOpen} onClose={onClose} slotProps={{ list: { 'aria-label': `Week ${week.week}` } }}>
      {ACTIONS.map(({ action, label }) => (
        <MenuItem
          key={action}
          disabled={action === existing}
          onClick={() => {
            onClose();
            onChoose(action, week);
          }}
        >
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
