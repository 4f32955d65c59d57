import { formatUsDate, type SpecialRequestPopupItem } from '@lawn/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useSpecialRequestPopupQuery } from '../api/fifth-mow-api';

function Items({ title, items }: { title: string; items: readonly SpecialRequestPopupItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {title}
      </Typography>
      <List dense>
        {items.map((item, index) => (
          <ListItem key={`${item.serviceDate}-${index}`} disableGutters>
            <ListItemText primary={item.description} secondary={formatUsDate(item.serviceDate)} />
          </ListItem>
        ))}
      </List>
    </section>
  );
}

/**
 * What staff must see on opening a record: its pending declined-card billing notes and its 5th mow notes, in one
 * dialog, shown once per opening of the record (mount it keyed by the record) and closed with OK or Escape. Nothing
 * shows when there are none, or when they cannot be read (the notes tabs show them too).
 */
export function SpecialRequestPopup({ customerId }: { customerId: number }) {
  const titleId = useId();
  const popup = useSpecialRequestPopupQuery(customerId);
  const [isClosed, setIsClosed] = useState(false);
  const data = popup.data;
  const hasItems = data !== undefined && data.ccDeclineSpecial.length + data.fifthMowSpecial.length > 0;
  if (!hasItems || isClosed) return null;
  const close = () => setIsClosed(true);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Special requests</DialogTitle>
      <DialogContent>
        <Items title="Declined card" items={data.ccDeclineSpecial} />
        <Items title="5th mow" items={data.fifthMowSpecial} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" color="secondary" onClick={close} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
