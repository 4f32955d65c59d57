import type { MapPoint, MapStopDetail } from '@lawn/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

type StopListProps = {
  /** The stops the list shows, and how many the map has in all. */
  shown: readonly MapPoint[];
  total: number;
  /** Who and where the shown stops are, by property id, once read. */
  details: ReadonlyMap<number, MapStopDetail>;
  selected: ReadonlySet<number>;
  onClickStop: (id: number) => void;
};

/**
 * The map's stops as a list: each one a button that selects it as its marker does (pressed when selected), with its
 * crew and its number in the crew's ordered route, so keyboard and screen-reader users choose stops too. A stop whose
 * details are still being read is named by its property number.
 */
export function StopList({ shown, total, details, selected, onClickStop }: StopListProps) {
  return (
    <>
      <List dense aria-label="Stops of the day" sx={{ maxHeight: 480, overflow: 'auto' }}>
        {shown.map((stop) => {
          const detail = details.get(stop.propertyId);
          const crew = stop.crew === null ? 'No crew' : `Crew ${stop.crew}`;
          return (
            <ListItem key={stop.propertyId} disablePadding>
              <ListItemButton
                selected={selected.has(stop.propertyId)}
                aria-pressed={selected.has(stop.propertyId)}
                onClick={() => onClickStop(stop.propertyId)}
              >
                <ListItemText
                  primary={`${stop.routePosition === null ? '' : `${stop.routePosition}. `}${detail?.serviceAddress ?? `Property ${stop.propertyId}`}`}
                  secondary={detail ? `${detail.customerName} · ${detail.city} ${detail.zipcode} · ${crew}` : crew}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {total > shown.length && (
        <Typography variant="body2" color="text.secondary">
          Showing {shown.length} of {total}; search by address to find the others.
        </Typography>
      )}
    </>
  );
}
