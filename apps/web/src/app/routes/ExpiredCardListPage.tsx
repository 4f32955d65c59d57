import { CustomerListView } from '../../features/customers/components/CustomerListView';
import { EXPIRED_CARD_LIST, EXPIRED_CARD_LIST_BUSH_BED } from '../../features/customers/customer-lists';
import { useCustomerListView } from '../../features/customers/customer-list-view';
import { CustomerExport } from '../../features/reports/components/CustomerExport';

/** /expired-card, titled 'Expired Card List' by its route; its bush-and-bed view exports a PDF. */
export function ExpiredCardListPage() {
  const [view] = useCustomerListView();
  return (
    <CustomerListView
      config={view === 'bushBed' ? EXPIRED_CARD_LIST_BUSH_BED : EXPIRED_CARD_LIST}
      renderExport={(selection) => <CustomerExport {...selection} />}
    />
  );
}
