import { SEASON_WEEK_COLORS, SEASON_WEEK_LABELS, type SeasonWeekType } from '@lawn/shared';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

type SeasonWeekMenuProps = {
  anchor: HTMLElement | null;
  week: number | null;
  /** What the week may become (seasonWeekChoices over the types with the pending updates applied). */
  choices: readonly SeasonWeekType[];
  onChoose: (type: SeasonWeekType) => void;
  onClose: () => void;
};

/**
 * The menu that changes a season week's type to one the season rules allow; a week
 * with nothing to offer says so instead of opening empty.
 */
export function SeasonWeekMenu({ anchor, week, choices, onChoose, onClose }: SeasonWeekMenuProps) {
  const isOpen = anchor !== null && week !== null;
  return (
    <Menu
      anchorEl={anchor}
      open={isOpen}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': week === null ? undefined : `Change week ${week}` } }}
    >
      {/* A menu may only hold menu items (WCAG 1.3.1): the caption is presentation, and the menu's
          own name already says which week it changes. */}
      <ListSubheader role="presentation" sx={{ lineHeight: 2.5 }}>
        Week {week} becomes
      </ListSubheader>
      {choices.map((type) => (
        <MenuItem key={type} onClick={() => onChoose(type)}>
          <ListItemIcon>
            <Box
              aria-hidden
              sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider' }}
              style={{ backgroundColor: SEASON_WEEK_COLORS[type] }}
            />
          </ListItemIcon>
          <ListItemText>{SEASON_WEEK_LABELS[type]}</ListItemText>
        </MenuItem>
      ))}
      {choices.length === 0 && <MenuItem disabled>No other type can be chosen for this week</MenuItem>}
    </Menu>
  );
}
