import { AUTHORIZATION_CHANNELS, AUTHORIZATION_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { usePaymentPropertyQuery } from '../api/payments-api';

/**
 * The record's charge authorization: the customer's acceptance of the recurring charges in force for this property
 * (when, who, through which channel, the words and their version), or that none is on file.
 */
export function ChargeAuthorizationSummary({ propertyId }: { propertyId: number }) {
  const query = usePaymentPropertyQuery('staff', propertyId);
  if (query.isPending) return <Skeleton variant="rounded" height={72} aria-label="Loading the charge authorization" />;
  if (query.isError) {
    return (
      <LoadErrorAlert subject="The charge authorization" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const { authorization } = query.data.property;
  return (
    <Stack component="section" spacing={1} aria-labelledby={`charge-authorization-${propertyId}`}>
      <Typography variant="subtitle1" component="h3" id={`charge-authorization-${propertyId}`} sx={{ fontWeight: 600 }}>
        Charge authorization
      </Typography>
      {authorization === null ? (
        <Alert severity="warning" variant="outlined">
          {AUTHORIZATION_MESSAGES.none}
        </Alert>
      ) : (
        <>
          <Typography variant="body2">
            Accepted by {authorization.acceptedBy} on {formatDateTime(new Date(authorization.acceptedAt))} through{' '}
            {AUTHORIZATION_CHANNELS[authorization.channel]} (wording {authorization.textVersion})
          </Typography>
          <Typography variant="body2" color="text.secondary" component="blockquote" sx={{ m: 0, pl: 2 }}>
            {authorization.text}
          </Typography>
        </>
      )}
    </Stack>
  );
}
