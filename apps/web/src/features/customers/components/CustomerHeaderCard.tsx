import { DELETE_CUSTOMER_ROLES, hasRole, type CustomerDetail } from '@lawn/shared';
import { PlaceIcon as Place } from '../../../components/icons';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAppState } from '../../../lib/app-store';
import { formatIsoDate, formatPlainDate } from '../../../lib/dates';
import { formatMoney, formatPercent } from '../../../lib/format';
import { CustomerContactFields } from './CustomerContactFields';
import { CustomerNameEditor } from './CustomerNameEditor';
import { CustomerPreferences } from './CustomerPreferences';
import { DeleteCustomerButton } from './DeleteCustomerButton';
import { PaymentListLink } from './PaymentListLink';

const NOT_SET = '—';

const fieldGridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
  columnGap: 3,
  rowGap: 2,
  m: 0,
} as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </div>
  );
}

/**
 * The top of the customer record: who, where, what they pay and how they are served; the status, phone
 * and e-mail are edited in place.
 */
export function CustomerHeaderCard({ customer }: { customer: CustomerDetail }) {
  const role = useAppState((state) => state.user.role);
  const canDelete = role !== null && hasRole(role, DELETE_CUSTOMER_ROLES);
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <CustomerNameEditor customer={customer} />
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
              <Place fontSize="small" aria-hidden />
              <Typography>
                {customer.serviceAddress}, {customer.city}, {customer.state} {customer.zipcode}
              </Typography>
            </Stack>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
            <PaymentListLink customerId={customer.id} label="Payment methods" />
            {canDelete && <DeleteCustomerButton customerId={customer.id} />}
          </Stack>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Box component="dl" sx={fieldGridSx}>
          <Field label="Account number">{customer.customerId}</Field>
          <Field label="Create date">{formatIsoDate(customer.createdAt) || NOT_SET}</Field>
          <Field label="Start date">{formatPlainDate(customer.serviceDate) || NOT_SET}</Field>
          <Field label="Price without tax">{formatMoney(customer.subtotalMowing)}</Field>
          <Field label="Calculated tax">
            {formatMoney(customer.calculatedTax)} ({formatPercent(customer.taxRate)})
          </Field>
          <Field label="Mow day">{customer.weekDayName}</Field>
          <Field label="Frequency">{customer.frecuencyName}</Field>
          <Field label="Crew">{customer.crew ?? 'Not assigned'}</Field>
          <Field label="Market">{customer.marketName}</Field>
        </Box>
        <Divider sx={{ my: 2 }} />
        <CustomerContactFields customer={customer} />
        <Divider sx={{ my: 2 }} />
        <CustomerPreferences customer={customer} />
      </CardContent>
    </Card>
  );
}

export function CustomerHeaderCardSkeleton() {
  return (
    <Card variant="outlined" role="status" aria-busy="true" aria-label="Loading the customer">
      <CardContent>
        <Skeleton variant="text" width={260} height={40} />
        <Skeleton variant="text" width={340} />
        <Divider sx={{ my: 2 }} />
        <Box sx={fieldGridSx}>
          {Array.from({ length: 11 }, (_, index) => (
            <div key={index}>
              <Skeleton variant="text" width={90} />
              <Skeleton variant="text" width={130} />
            </div>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
