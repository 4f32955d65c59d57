import { PAYMENT_MESSAGES, verifyAccountQuerySchema } from '@lawn/shared';
import { SearchIcon as Search } from '../../../components/icons';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SubmitButton } from '../../../components/PendingButton';
import { errorMessage } from '../../../lib/error-message';
import { useAccountLookupMutation } from '../api/payments-api';

/** Staff who open the payment list from the menu find the customer by an account number. */
export function AccountLookup({ onFound }: { onFound: (propertyId: number) => void }) {
  const lookup = useAccountLookupMutation();
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const find = () => {
    const parsed = verifyAccountQuerySchema.safeParse({ account });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.accountNotFound);
      return;
    }
    setProblem(null);
    lookup.mutate(parsed.data.account, {
      onSuccess: (answer) => (answer.id ? onFound(answer.id) : setProblem(PAYMENT_MESSAGES.accountNotFound)),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Find a customer
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Enter an account number to see the customer&apos;s properties and their payment methods, or open them from a
          customer record.
        </Typography>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            find();
          }}
        >
          <TextField
            label="Account number"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            error={problem !== null}
            helperText={problem}
            fullWidth
          />
          <SubmitButton isPending={lookup.isPending} startIcon={<Search />} sx={{ alignSelf: 'flex-start', mt: 1 }}>
            Find
          </SubmitButton>
        </Stack>
      </CardContent>
    </Card>
  );
}
