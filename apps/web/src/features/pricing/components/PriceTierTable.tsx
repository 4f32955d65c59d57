import { FREQUENCIES, PRICE_KEYS, type LotSizeOption } from '@lawn/shared';
import { EditIcon as Edit } from '../../../components/icons';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatCount, formatMoney } from '../../../lib/format';

export const TIER_TABLE_LABEL = 'Lot sizes and prices';

type PriceTierTableProps = {
  tiers: readonly LotSizeOption[];
  /** Whether the rows can be edited (not while a save is under way). */
  isEditable: boolean;
  onEdit: (index: number) => void;
};

/** The tiers of a price table, smallest lot first: sizes in sq ft and the price of one mow per frequency. */
export function PriceTierTable({ tiers, isEditable, onEdit }: PriceTierTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={TIER_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell>Lot size</TableCell>
            <TableCell align="right">Turf size (sq ft)</TableCell>
            <TableCell align="right">Lot size up to (sq ft)</TableCell>
            {PRICE_KEYS.map((key, index) => (
              <TableCell key={key} align="right">
                {FREQUENCIES[(index + 1) as keyof typeof FREQUENCIES]}
              </TableCell>
            ))}
            <TableCell align="right">Edit</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tiers.map((tier, index) => (
            <TableRow key={tier.id}>
              <TableCell component="th" scope="row">
                {tier.name}
              </TableCell>
              <TableCell align="right">
                {formatCount(tier.turfSizeStart)} – {formatCount(tier.turfSizeEnd)}
              </TableCell>
              <TableCell align="right">{formatCount(tier.lotSizeEnd)}</TableCell>
              {PRICE_KEYS.map((key) => (
                <TableCell key={key} align="right">
                  {formatMoney(tier.serviceFrequency[key])}
                </TableCell>
              ))}
              <TableCell align="right">
                <IconButton
                  size="small"
                  aria-label={`Edit ${tier.name}`}
                  disabled={!isEditable}
                  onClick={() => onEdit(index)}
                >
                  <Edit fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
