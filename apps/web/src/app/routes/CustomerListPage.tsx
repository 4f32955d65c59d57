import { CustomerListView } from '../../features/customers/components/CustomerListView';
import { CUSTOMER_LIST } from '../../features/customers/customer-lists';
import { CustomerExport } from '../../features/reports/components/CustomerExport';

/** The customer list, whose Export writes the chosen customers into a report. */
export function CustomerListPage() {
  return <CustomerListView config={CUSTOMER_LIST} renderExport={(selection) => <CustomerExport {...selection} />} />;
}
