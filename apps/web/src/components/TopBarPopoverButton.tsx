import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useState, type ReactNode } from 'react';

type TopBarPopoverButtonProps = {
  /** The button's accessible name. */
  label: string;
  /** The tooltip, saying what the count is. */
  title: string;
  icon: ReactNode;
  /** The number on the badge; none shows at 0. */
  count: number;
  /** The accessible name of the dialog the button opens. */
  dialogLabel: string;
  /** The dialog's content, given the callback that closes it (for a link that leaves the page). */
  children: (close: () => void) => ReactNode;
};

/** A top bar icon button with a count on a badge, opening a small dialog below it. */
export function TopBarPopoverButton({ label, title, icon, count, dialogLabel, children }: TopBarPopoverButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        title={title}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={count} color="secondary" max={99}>
          {icon}
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': dialogLabel } }}
      >
        {children(close)}
      </Popover>
    </>
  );
}
