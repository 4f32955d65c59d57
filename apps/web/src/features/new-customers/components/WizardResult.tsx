import { APP_PATHS, NEW_CUSTOMER_MESSAGES, type NewCustomerCreated } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MessageDialog } from '../../../components/MessageDialog';

type WizardResultProps = {
  created: NewCustomerCreated | null;
  /** Why the customer was not registered: the server's message, or the cancelled application. */
  failure: string | null;
  summary: { name: string; address: string; total: string };
  onNewCustomer: () => void;
};

/**
 * The result screen after Save: created or not registered, CUSTOMER LIST and NEW CUSTOMER, and on success
 * the 'Great!' dialog summarising the account.
 */
export function WizardResult({ created, failure, summary, onNewCustomer }: WizardResultProps) {
  const [isSummaryOpen, setSummaryOpen] = useState(created !== null);
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', py: 4 }}>
      <Typography variant="h5" component="h2">
        {created ? NEW_CUSTOMER_MESSAGES.created : NEW_CUSTOMER_MESSAGES.notRegistered}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {created && <Typography>Account number {created.accountNumber}</Typography>}
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to={APP_PATHS.customerList} variant="outlined">
          Customer list
        </Button>
        <Button onClick={onNewCustomer} variant="contained">
          New customer
        </Button>
      </Stack>
      {created && (
        <MessageDialog
          isOpen={isSummaryOpen}
          title="Great!"
          message={`${summary.name} is now account ${created.accountNumber} at ${summary.address}, ${summary.total} per mow, waiting for approval in New orders.`}
          onClose={() => setSummaryOpen(false)}
        />
      )}
    </Stack>
  );
}
