import { CUSTOMER_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { selectCustomerList, useAppState } from '../../../lib/app-store';
import { errorMessage } from '../../../lib/error-message';
import { CustomerSchedule } from '../../calendar/components/CustomerSchedule';
import { useCustomerQuery } from '../api/customers-api';
import { CustomerHeaderCard, CustomerHeaderCardSkeleton } from '../components/CustomerHeaderCard';
import { lastSearchTarget } from '../customer-list-search';

function readRecordId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function CustomerNotFound() {
  const target = lastSearchTarget(useAppState(selectCustomerList).lastSearch);
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {CUSTOMER_MESSAGES.notFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        It may have been deleted, or the link is incomplete.
      </Typography>
      <Button component={RouterLink} to={target.to} state={target.state} variant="contained">
        Back to the customer list
      </Button>
    </Box>
  );
}

/**
 * /edit-customer?record={id}: the customer record (spec 1 section 2): the header card, then the
 * schedule calendar and service notes. The other tabs (notes, billing, ...) arrive with their own issues.
 */
export function EditCustomerPage() {
  const [params] = useSearchParams();
  const id = readRecordId(params.get('record'));
  const customer = useCustomerQuery(id);

  if (id === null) return <CustomerNotFound />;
  if (customer.isError && customer.error instanceof ApiError && customer.error.status === 404) {
    return <CustomerNotFound />;
  }
  if (customer.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void customer.refetch()}>
            Retry
          </Button>
        }
      >
        The customer could not be loaded: {errorMessage(customer.error)}
      </Alert>
    );
  }
  if (customer.isPending) return <CustomerHeaderCardSkeleton />;

  return (
    <Stack spacing={3}>
      <CustomerHeaderCard customer={customer.data} />
      {/* Keyed: another record starts on the server's default year, never on the previous record's weeks. */}
      <CustomerSchedule key={customer.data.id} customer={customer.data} />
      {/* The record's tabs mount here, below the header card, as each one is built. */}
    </Stack>
  );
}
