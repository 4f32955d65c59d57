import { CustomerListView } from '../components/CustomerListView';
import { EXPIRED_CARD_LIST } from '../customer-lists';

/** /expired-card, titled 'Expired Card List' by its route. */
export function ExpiredCardListPage() {
  return <CustomerListView config={EXPIRED_CARD_LIST} />;
}
