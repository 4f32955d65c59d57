import { describePaymentMethod, type PaymentProperty } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import { visuallyHiddenSx } from '../../../components/visually-hidden';

type PaymentPropertyListProps = {
  properties: readonly PaymentProperty[];
  onEdit: (property: PaymentProperty) => void;
};

/** The properties of the payment list: address, account number, payment method, and the button to change it. */
export function PaymentPropertyList({ properties, onEdit }: PaymentPropertyListProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Properties and their payment methods">
        <TableHead>
          <TableRow>
            <TableCell>Address</TableCell>
            <TableCell>Account number</TableCell>
            <TableCell>Payment method</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHiddenSx}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {properties.map((property) => (
            <TableRow key={property.id}>
              <TableCell>{property.streetAddress}</TableCell>
              <TableCell>{property.accountNumber}</TableCell>
              <TableCell>{describePaymentMethod(property.paymentMethod)}</TableCell>
              <TableCell align="right">
                <Button
                  variant="outlined"
                  color="secondary"
                  onClick={() => onEdit(property)}
                  aria-label={`Edit payment information of ${property.streetAddress}`}
                >
                  Edit payment information
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
