import { NOTE_TYPE, type CustomerDetail } from '@lawn/shared';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BillingInfoTab } from '../../features/customers/components/BillingInfoTab';
import { FifthMowButton } from '../../features/notes/components/FifthMowDialog';
import { NotesPanel } from '../../features/notes/components/NotesPanel';

/**
 * The Billing info tab with its 5th Mow button, and the record's billing notes at its foot. The record's lower tabs do not list billing
 * notes, so they live with the billing they are about.
 */
export function BillingInfoSection({ customer }: { customer: CustomerDetail }) {
  return (
    <Stack spacing={3}>
      <BillingInfoTab customer={customer} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <FifthMowButton customerId={customer.id} />
      </Box>
      <Divider />
      <section aria-labelledby="billing-notes-heading">
        <Typography id="billing-notes-heading" variant="h6" component="h3" gutterBottom>
          Billing notes
        </Typography>
        <NotesPanel
          customerId={customer.id}
          typeId={NOTE_TYPE.billing}
          noteTitle="Billing note"
          emptyText="No billing notes yet"
        />
      </section>
    </Stack>
  );
}
