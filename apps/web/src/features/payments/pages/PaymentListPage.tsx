import { APP_PATHS, PAYMENT_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { usePaymentPropertiesQuery, type PaymentAudience } from '../api/payments-api';
import { AccountLookup } from '../components/AccountLookup';
import { PaymentPropertyList } from '../components/PaymentPropertyList';
import { readPaymentState, type PaymentLocationState } from '../payment-location-state';
import { PAYMENT_PATHS } from '../payment-paths';

/**
 * The payment list: a customer's properties with Address and Account number, 'Edit payment information'
 * on each, and DONE. Staff arrive with a property id in the navigation state (from the customer record) or look a
 * customer up by account number; a customer sees their own properties, and DONE takes them to the account look-up.
 */
export function PaymentListPage({ audience }: { audience: PaymentAudience }) {
  const location = useLocation();
  const navigate = useNavigate();
  const stateId = audience === 'staff' ? (readPaymentState(location.state)?.id ?? null) : null;
  const properties = usePaymentPropertiesQuery(audience, stateId);
  const paths = PAYMENT_PATHS[audience];

  const done = () => {
    if (audience === 'customer') void navigate(APP_PATHS.externalSignIn);
    // Back where the list was opened from; a list opened from the menu has nowhere to go back to in the app.
    else if (location.key !== 'default') void navigate(-1);
    else void navigate(APP_PATHS.customerList);
  };

  if (audience === 'staff' && stateId === null) {
    return (
      <AccountLookup onFound={(id) => void navigate(paths.list, { state: { id } satisfies PaymentLocationState })} />
    );
  }

  let content;
  if (properties.isPending) content = <PageLoader label="Loading the properties" />;
  else if (properties.isError) {
    content = (
      <LoadErrorAlert subject="The properties" error={properties.error} onRetry={() => void properties.refetch()} />
    );
  } else if (properties.data.length === 0) content = <Alert severity="info">{PAYMENT_MESSAGES.noProperties}</Alert>;
  else {
    content = (
      <PaymentPropertyList
        properties={properties.data}
        onEdit={(property) => void navigate(paths.form, { state: { id: property.id } satisfies PaymentLocationState })}
      />
    );
  }

  const customerName = properties.data?.[0]?.customerName;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {customerName ? `Payment information of ${customerName}` : 'Payment information'}
      </Typography>
      {content}
      <Box>
        <Button variant="contained" onClick={done}>
          Done
        </Button>
      </Box>
    </Stack>
  );
}
