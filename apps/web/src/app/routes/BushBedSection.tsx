import type { CustomerDetail } from '@lawn/shared';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { BushBedPanel } from '../../features/bush-bed/components/BushBedPanel';
import { TodoList } from '../../features/calendar/components/TodoList';
import { BushBedNotesField } from '../../features/customers/components/BushBedNotesField';

/**
 * The B&B tab: the record's B&B notes (autosaved), its bush-and-bed services and calendar, and at its side the
 * to-dos of the record's weeks (staff's reminders, marked on the schedule calendar).
 */
export function BushBedSection({ customer }: { customer: CustomerDetail }) {
  return (
    <Stack spacing={3}>
      <BushBedNotesField customer={customer} />
      <Divider />
      <BushBedPanel customerId={customer.id} />
      <Divider />
      <TodoList customerId={customer.id} />
    </Stack>
  );
}
