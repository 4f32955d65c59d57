import type { MapStop } from '@lawn/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/** The most stops the list shows at once: a search narrows a market-day of thousands to the ones wanted. */
export const STOP_LIST_LIMIT = 100;

type StopListProps = {
  stops: readonly MapStop[];
  selected: ReadonlySet<number>;
  onClickStop: (id: number) => void;
};

/**
 * The map's stops as a list: each one a button that selects it as its marker does (pressed when selected), with its
 * crew and its number in the crew's ordered route, so keyboard and screen-reader users choose stops too.
 */
export function StopList({ stops, selected, onClickStop }: StopListProps) {
  const shown = stops.slice(0, STOP_LIST_LIMIT);
  return (
    <>
      <List dense aria-label="Stops of the day" sx={{ maxHeight: 480, overflow: 'auto' }}>
        {shown.map((stop) => (
          <ListItem key={stop.propertyId} disablePadding>
            <ListItemButton
              selected={selected.has(stop.propertyId)}
              aria-pressed={selected.has(stop.propertyId)}
              onClick={() => onClickStop(stop.propertyId)}
            >
              <ListItemText
                primary={`${stop.routePosition === null ? '' : `${stop.routePosition}. `}${stop.serviceAddress}`}
                secondary={`${stop.customerName} · ${stop.city} ${stop.zipcode} · ${stop.crew === null ? 'No crew' : `Crew ${stop.crew}`}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {stops.length > shown.length && (
        <Typography variant="body2" color="text.secondary">
          Showing {shown.length} of {stops.length}; search by address to find the others.
        </Typography>
      )}
    </>
  );
}
