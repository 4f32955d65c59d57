import { CustomerSchedule } from '../../features/calendar/components/CustomerSchedule';
import { CustomerRecord } from '../../features/customers/components/CustomerRecord';

/**
 * The customer record (`/edit-customer?record={id}`): the customer's header card, then the schedule calendar and
 * service notes. The record's other tabs (notes, billing, ...) join the sections here as each one is built.
 */
export function EditCustomerPage() {
  return (
    <CustomerRecord
      // Keyed: another record starts on the server's default year, never on the previous record's weeks.
      renderSections={(customer) => <CustomerSchedule key={customer.id} customer={customer} />}
    />
  );
}
