import { CUSTOMER_MESSAGES, ORDER_STATUS, type CustomerDetail } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { ApiError } from '../../../lib/api-client';
import { selectCustomerList, useAppState } from '../../../lib/app-store';
import { RECORD_ID_PARAM, readRecordRouteState } from '../../../lib/record-link';
import { useCustomerQuery } from '../api/customers-api';
import { useRecordPositionQuery } from '../api/record-api';
import { lastSearchTarget } from '../customer-list-search';
import { readRecordSearch } from '../record-search';
import { CustomerHeaderCard, CustomerHeaderCardSkeleton } from './CustomerHeaderCard';
import type { RejectDialogProps } from './OrderDecisionButtons';
import { RecordActions } from './RecordActions';
import { RecordNavigator } from './RecordNavigator';
import { RecordDraftsProvider } from './RecordDraftsProvider';
import { RecordInvalidZipsProvider } from './RecordInvalidZipsProvider';
import { RecordTabs, type RecordTab } from './RecordTabs';

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
   * The upper tabs that are built, by their index in `key`. The page supplies them, because most
   * belong to other features (notes); a tab that is not built yet is absent.
   */
  upperTabs: readonly RecordTab[];
  /** The lower tabs that are built, by their index in `tap`, shown below the record's sections. */
  lowerTabs: readonly RecordTab[];
  /** The rejected-note dialog Reject opens (the notes feature's). */
  renderRejectDialog: (props: RejectDialogProps) => ReactNode;
  /** Why a rejected order was rejected (the notes feature's newest rejected note), above the header card. */
  renderRejectedNote: (customer: CustomerDetail) => ReactNode;
  /** The record's sections below the tabs (the schedule calendar and its service notes), for the loaded customer. */
  renderSections: (customer: CustomerDetail) => ReactNode;
};

/**
 * The customer record. Its query names the record (`id`, the property id) and where it was
 * opened from: `record` is its position in that list (with the list's filter, sort and page), `key` and `tap` the
 * tabs. Without `id` the record is the one at that position, and its id is then written into the URL, so the address
 * bar always holds a link to this customer, whatever the list looks like later. The navigator steps through the list.
 */
export function CustomerRecord({
  upperTabs,
  lowerTabs,
  renderRejectDialog,
  renderRejectedNote,
  renderSections,
}: CustomerRecordProps) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const search = useMemo(() => readRecordSearch(params), [params]);
  const routeState = readRecordRouteState(location.state);
  const atPosition = useRecordPositionQuery(search.list, search.position);
  const positionId = atPosition.data?.id ?? null;
  const id = search.id ?? positionId;
  const customer = useCustomerQuery(id);

  useEffect(() => {
    if (search.id !== null || positionId === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(RECORD_ID_PARAM, String(positionId));
        return next;
      },
      // The same record, now named: no new history entry, and the route state (a new order) stays.
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [search.id, positionId, setParams, location.state]);

  const selectTab = (param: 'key' | 'tap') => (index: number) => {
    const next = new URLSearchParams(params);
    next.set(param, String(index));
    // The route state (the record's id) stays with the entry; switching tabs adds no history entry.
    setParams(next, { replace: true, state: location.state, preventScrollReset: true });
  };

  const navigator = search.position !== null && (
    <RecordNavigator search={{ ...search, position: search.position }} isNewOrder={routeState.isNewOrder === true} />
  );

  const body = (() => {
    if (id === null) {
      if (search.position !== null && atPosition.isPending) return <CustomerHeaderCardSkeleton />;
      if (atPosition.isError) {
        return (
          <LoadErrorAlert subject="The customer" error={atPosition.error} onRetry={() => void atPosition.refetch()} />
        );
      }
      return <CustomerNotFound />;
    }
    if (customer.isError && customer.error instanceof ApiError && customer.error.status === 404) {
      return <CustomerNotFound />;
    }
    if (customer.isError) {
      return <LoadErrorAlert subject="The customer" error={customer.error} onRetry={() => void customer.refetch()} />;
    }
    if (customer.isPending) return <CustomerHeaderCardSkeleton />;
    return (
      <>
        {customer.data.statusOrders === ORDER_STATUS.rejected && renderRejectedNote(customer.data)}
        <CustomerHeaderCard customer={customer.data} />
        <RecordTabs
          label="Customer record"
          tabs={upperTabs}
          value={search.upperTab}
          onChange={selectTab('key')}
          customer={customer.data}
        />
        {renderSections(customer.data)}
        <RecordTabs
          label="Record details"
          tabs={lowerTabs}
          value={search.lowerTab}
          onChange={selectTab('tap')}
          customer={customer.data}
        />
      </>
    );
  })();

  return (
    <Stack spacing={3}>
      {(navigator || customer.data) && (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          {navigator || <span />}
          {customer.data && <RecordActions customer={customer.data} renderRejectDialog={renderRejectDialog} />}
        </Stack>
      )}
      <RecordInvalidZipsProvider>
        <RecordDraftsProvider>{body}</RecordDraftsProvider>
      </RecordInvalidZipsProvider>
    </Stack>
  );
}
