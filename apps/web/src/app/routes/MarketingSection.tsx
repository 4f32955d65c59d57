import type { CustomerDetail } from '@lawn/shared';
import { MarketingTab } from '../../features/customers/components/MarketingTab';
import { useCsrUsersQuery } from '../../features/new-customers/api/new-customers-api';

/** The record's Marketing tab, whose 'Sign by' offers the active customer-service users, as the wizard's CSR does. */
export function MarketingSection({ customer }: { customer: CustomerDetail }) {
  const csrUsers = useCsrUsersQuery();
  return <MarketingTab customer={customer} csrUsers={csrUsers.data ?? []} />;
}
