import { CUSTOMER_MESSAGES, type CustomerDetail } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { ApiError } from '../../../lib/api-client';
import { selectCustomerList, useAppState } from '../../../lib/app-store';
import { useCustomerQuery } from '../api/customers-api';
import { lastSearchTarget } from '../customer-list-search';
import { CustomerHeaderCard, CustomerHeaderCardSkeleton } from './CustomerHeaderCard';

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

type CustomerRecordProps = {
  /**
   * The record's sections below the header card, for the loaded customer. The page that shows the record supplies
   * them, because they belong to other features (the schedule calendar and its service notes, later the other tabs).
   */
  renderSections: (customer: CustomerDetail) => ReactNode;
};

/**
 * The customer record of `?record={id}`: the header card, then the sections the page supplies. A missing or unknown
 * id offers the way back to the last customer search.
 */
export function CustomerRecord({ renderSections }: CustomerRecordProps) {
  const [params] = useSearchParams();
  const id = readRecordId(params.get('record'));
  const customer = useCustomerQuery(id);

  if (id === null) return <CustomerNotFound />;
  if (customer.isError && customer.error instanceof ApiError && customer.error.status === 404) {
    return <CustomerNotFound />;
  }
  if (customer.isError) {
    return <LoadErrorAlert subject="The customer" error={customer.error} onRetry={() => void customer.refetch()} />;
  }
  if (customer.isPending) return <CustomerHeaderCardSkeleton />;

  return (
    <Stack spacing={3}>
      <CustomerHeaderCard customer={customer.data} />
      {renderSections(customer.data)}
    </Stack>
  );
}
