import { CustomerListView } from '../../features/customers/components/CustomerListView';
import { CUSTOMER_LIST, CUSTOMER_LIST_BUSH_BED } from '../../features/customers/customer-lists';
import { useCustomerListView } from '../../features/customers/customer-list-view';
import { CustomerExport } from '../../features/reports/components/CustomerExport';

/** The customer list (usual or bush-and-bed view), whose Export writes the chosen customers into a report. */
export function CustomerListPage() {
  const [view] = useCustomerListView();
  return (
    <CustomerListView
      config={view === 'bushBed' ? CUSTOMER_LIST_BUSH_BED : CUSTOMER_LIST}
      renderExport={(selection) => <CustomerExport {...selection} />}
    />
  );
}
