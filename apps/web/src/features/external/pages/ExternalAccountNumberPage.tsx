import { APP_PATHS, EXTERNAL_MESSAGES, externalAccountLoginSchema } from '@lawn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/FormTextField';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useAccountLoginMutation } from '../api/external-api';
import { ExternalLookupLayout } from '../components/ExternalLookupLayout';
import { lookupErrorMessage, useStartExternalSession } from '../external-session';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** /external-account-number: an account number leads to that property's payment information. */
export function ExternalAccountNumberPage() {
  const navigate = useNavigate();
  const login = useAccountLoginMutation();
  const startSession = useStartExternalSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(externalAccountLoginSchema, { defaultValues: { account_number: '' } });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onSuccess: (account) => {
        if (!account.accessToken) {
          setServerError(EXTERNAL_MESSAGES.tokenMissing);
          return;
        }
        startSession(account);
        void navigate(APP_PATHS.customerPaymentList);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['account_number'])) setServerError(lookupErrorMessage(error));
      },
    });
  });

  return (
    <ExternalLookupLayout
      title="Your payment information"
      subtitle="Enter the account number of your property to see and change how you pay."
      error={serverError}
      isPending={login.isPending}
      onSubmit={(event) => void onSubmit(event)}
      otherWay={{ to: APP_PATHS.externalSearchPhone, label: 'Use your phone number instead' }}
    >
      <FormTextField
        control={form.control}
        name="account_number"
        label="Account number"
        autoComplete="off"
        autoFocus
        fullWidth
      />
    </ExternalLookupLayout>
  );
}
