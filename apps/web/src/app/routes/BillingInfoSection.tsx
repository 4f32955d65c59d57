import type { CustomerDetail } from '@lawn/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { BillingInfoTab } from '../../features/customers/components/BillingInfoTab';
import { FifthMowButton } from '../../features/notes/components/FifthMowDialog';

/** The Billing info tab with its 5th Mow button (the notes feature's), which the customers feature cannot import. */
export function BillingInfoSection({ customer }: { customer: CustomerDetail }) {
  return (
    <Stack spacing={3}>
      <BillingInfoTab customer={customer} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <FifthMowButton customerId={customer.id} />
      </Box>
    </Stack>
  );
}
