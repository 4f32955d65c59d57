import type { CustomerDetail } from '@lawn/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { BillingInfoTab } from '../../features/customers/components/BillingInfoTab';
import { ChargeAuthorizationSummary } from '../../features/payments/components/ChargeAuthorizationSummary';
import { FifthMowButton } from '../../features/notes/components/FifthMowDialog';

/**
 * The Billing info tab with the charge authorization kept for the property (the payments feature's) and its 5th Mow
 * button (the notes feature's), which the customers feature cannot import.
 */
export function BillingInfoSection({ customer }: { customer: CustomerDetail }) {
  return (
    <Stack spacing={3}>
      <BillingInfoTab customer={customer} />
      <ChargeAuthorizationSummary propertyId={customer.id} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <FifthMowButton customerId={customer.id} />
      </Box>
    </Stack>
  );
}
