import { APP_PATHS } from '@lawn/shared';
import { CreditCardIcon as CreditCard } from '../../../components/icons';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * Opens the payment list of a customer's properties, where their cards and bank accounts are changed. The list finds
 * every property of the customer from this one, whose id travels in the navigation state.
 */
export function PaymentListLink({ customerId, label }: { customerId: number; label: string }) {
  return (
    <Button
      component={RouterLink}
      to={APP_PATHS.paymentList}
      state={{ id: customerId }}
      variant="outlined"
      color="secondary"
      startIcon={<CreditCard />}
    >
      {label}
    </Button>
  );
}
