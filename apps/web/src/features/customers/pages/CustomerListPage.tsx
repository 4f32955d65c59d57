import { CustomerListView } from '../components/CustomerListView';
import { CUSTOMER_LIST } from '../customer-lists';

/** /customer, titled 'Customer List' by its route. */
export function CustomerListPage() {
  return <CustomerListView config={CUSTOMER_LIST} />;
}
