import type { CustomerDetail } from '@lawn/shared';
import CircularProgress from '@mui/material/CircularProgress';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import Stack from '@mui/material/Stack';
import { PropertyAnswersPanel } from '../../features/customers/components/PropertyAnswersPanel';
import { PropertyInformationTab } from '../../features/customers/components/PropertyInformationTab';
import { usePriceTableQuery } from '../../features/pricing/api/pricing-api';

/**
 * The Property information tab with the lot sizes of the record's market, from its price table, and below it the
 * answers about the property given at sign-up with the releases of liability (read-only).
 */
export function PropertyInformationSection({ customer }: { customer: CustomerDetail }) {
  const table = usePriceTableQuery(customer.market);
  if (table.isPending) return <CircularProgress color="secondary" aria-label="Loading the lot sizes" />;
  if (table.isError) {
    return <LoadErrorAlert error={table.error} subject="The lot sizes" onRetry={() => void table.refetch()} />;
  }
  return (
    <Stack spacing={4}>
      <PropertyInformationTab customer={customer} lotSizes={table.data.data} />
      <PropertyAnswersPanel customerId={customer.id} />
    </Stack>
  );
}
