import type { CustomerDetail } from '@lawn/shared';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { BushBedPanel } from '../../features/bush-bed/components/BushBedPanel';
import { BushBedNotesField } from '../../features/customers/components/BushBedNotesField';

/** The B&B tab: the record's B&B notes (autosaved), then its bush-and-bed services and calendar. */
export function BushBedSection({ customer }: { customer: CustomerDetail }) {
  return (
    <Stack spacing={3}>
      <BushBedNotesField customer={customer} />
      <Divider />
      <BushBedPanel customerId={customer.id} />
    </Stack>
  );
}
