import type { CustomerDetail } from '@lawn/shared';
import CircularProgress from '@mui/material/CircularProgress';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PropertyInformationTab } from '../../features/customers/components/PropertyInformationTab';
import { usePriceTableQuery } from '../../features/pricing/api/pricing-api';

/** The Property information tab with the lot sizes of the record's market, from its price table. */
export function PropertyInformationSection({ customer }: { customer: CustomerDetail }) {
  const table = usePriceTableQuery(customer.market);
  if (table.isPending) return <CircularProgress color="secondary" aria-label="Loading the lot sizes" />;
  if (table.isError) {
    return <LoadErrorAlert error={table.error} subject="The lot sizes" onRetry={() => void table.refetch()} />;
  }
  return <PropertyInformationTab customer={customer} lotSizes={table.data.data} />;
}
