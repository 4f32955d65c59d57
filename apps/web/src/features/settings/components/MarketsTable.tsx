import { formatPhone, type EditableMarket } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHiddenSx } from '../../../components/visually-hidden';

/** The markets with their tax rate, time zone, office phone and depot, each with Edit. */
export function MarketsTable({
  markets,
  onEdit,
}: {
  markets: EditableMarket[];
  onEdit: (market: EditableMarket) => void;
}) {
  if (markets.length === 0) return <Typography color="text.secondary">No markets</Typography>;
  return (
    <Table size="small" aria-label="Markets">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell align="right">Tax rate (%)</TableCell>
          <TableCell>Time zone</TableCell>
          <TableCell>Office phone</TableCell>
          <TableCell>Depot</TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHiddenSx}>
              Actions
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {markets.map((market) => (
          <TableRow key={market.id}>
            <TableCell>{market.name}</TableCell>
            <TableCell align="right">{market.taxRate}</TableCell>
            <TableCell>{market.timeZone}</TableCell>
            <TableCell>{formatPhone(market.phone) || '-'}</TableCell>
            <TableCell>{market.depot ? market.depot.address || 'Set' : 'Not set'}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => onEdit(market)} aria-label={`Edit ${market.name}`}>
                Edit
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
