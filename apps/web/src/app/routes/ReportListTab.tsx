import {
  CUSTOMER_COLUMNS,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_LIST_DEFAULT_FILTERS,
  type CustomerColumn,
  type CustomerListRow,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { FileDownloadIcon as FileDownload } from '../../components/icons';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { plural } from '../../lib/format';
import { useCustomerListQuery } from '../../features/customers/api/customers-api';
import {
  customerListQuery,
  filterQuery,
  listFilter,
  readListLocationState,
} from '../../features/customers/customer-list-search';
import { useCustomerExportMutation } from '../../features/reports/api/reports-api';
import { FIRST_REPORT_PAGE, ReportGrid } from '../../features/reports/components/ReportGrid';
import { ReportNameDialog } from '../../features/reports/components/ReportNameDialog';
import { ReportRequestedDialog } from '../../features/reports/components/ReportRequestedDialog';

/** The report's columns: these always, the optional ones by checkbox. */
const FIXED_COLUMNS = [
  'lat',
  'lng',
  'marketName',
  'city',
  'fullName',
  'mowCut',
  'crew',
] as const satisfies readonly CustomerColumn[];
const OPTIONAL_COLUMNS = [
  'serviceAddress',
  'customerId',
  'statusName',
  'zipcode',
  'contactNumber',
  'totalMowing',
] as const satisfies readonly CustomerColumn[];

function columnDef(field: CustomerColumn): GridColDef<CustomerListRow> {
  return {
    field,
    headerName: CUSTOMER_COLUMNS[field],
    width: field === 'fullName' || field === 'serviceAddress' ? 200 : 120,
    sortable: false,
    valueGetter: (_value, row) => {
      const value = row[field as keyof CustomerListRow];
      if (Array.isArray(value)) return value.join(', ');
      return typeof value === 'object' && value !== null ? '' : value;
    },
  };
}

/**
 * A lookup's results as a report (its filter arrives in route state, as on the customer list; without one, the active
 * customers): 20, 50 or 100 rows a page, optional columns by checkbox, and a PDF written in the background.
 */
export function ReportListTab() {
  const location = useLocation();
  const lookupFilter = readListLocationState(location.state).filter ?? '';
  const filter = useMemo(() => listFilter({ ...CUSTOMER_LIST_DEFAULT_FILTERS }, lookupFilter, ''), [lookupFilter]);
  const [pagination, setPagination] = useState(FIRST_REPORT_PAGE);
  const [optional, setOptional] = useState<CustomerColumn[]>([]);
  const [step, setStep] = useState<'closed' | 'name' | 'requested'>('closed');
  const list = useCustomerListQuery(
    useMemo(() => customerListQuery({ ...pagination, sort: CUSTOMER_DEFAULT_SORT }, filter), [pagination, filter]),
  );
  const createReport = useCustomerExportMutation();
  const fields = useMemo(
    () => [...FIXED_COLUMNS, ...OPTIONAL_COLUMNS.filter((field) => optional.includes(field))],
    [optional],
  );
  const columns = useMemo(() => fields.map(columnDef), [fields]);
  const total = list.data?.total ?? 0;

  const toggle = (field: CustomerColumn) =>
    setOptional((current) =>
      current.includes(field) ? current.filter((item) => item !== field) : [...current, field],
    );
  const save = async (nameDoc: string) => {
    await createReport.mutateAsync({
      nameDoc,
      typeDoc: 'pdf',
      select: fields,
      clients: 'all',
      query: { ...filterQuery(filter), sort: CUSTOMER_DEFAULT_SORT },
    });
    setStep('requested');
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography role="status" sx={{ flexGrow: 1 }}>
          {list.data ? `Search results: ${plural(total, 'record')}` : 'Searching...'}
        </Typography>
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<FileDownload />}
          disabled={total === 0}
          onClick={() => setStep('name')}
        >
          PDF
        </Button>
      </Stack>
      <FormGroup row aria-label="Optional columns" role="group">
        {OPTIONAL_COLUMNS.map((field) => (
          <FormControlLabel
            key={field}
            control={<Checkbox checked={optional.includes(field)} onChange={() => toggle(field)} />}
            label={CUSTOMER_COLUMNS[field]}
          />
        ))}
      </FormGroup>
      {list.isError ? (
        <LoadErrorAlert subject="The customers" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ReportGrid
          label="Report list"
          rows={list.data?.data ?? []}
          total={total}
          columns={columns}
          isLoading={list.isPending || list.isPlaceholderData}
          pagination={pagination}
          onPaginationChange={setPagination}
          emptyMessage="No customers match this search"
        />
      )}
      <ReportNameDialog
        isOpen={step === 'name'}
        summary={`PDF file of all ${plural(total, 'customer')} of this search.`}
        onCancel={() => setStep('closed')}
        onSave={save}
      />
      <ReportRequestedDialog isOpen={step === 'requested'} onClose={() => setStep('closed')} />
    </Stack>
  );
}
