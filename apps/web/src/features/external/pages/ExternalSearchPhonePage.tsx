import { APP_PATHS, externalPhoneSearchSchema } from '@lawn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/FormTextField';
import { readFieldErrors } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { usePhoneSearchMutation } from '../api/external-api';
import { ExternalLookupLayout } from '../components/ExternalLookupLayout';
import { lookupErrorMessage, useStartExternalSession, type ExternalCalendarState } from '../external-session';
import { useSchemaForm } from '../../../lib/use-schema-form';

/**
 * /external-search-phone: a 10-digit phone leads to the calendar of its customer's properties. When several
 * customers share the phone, the server asks which one is looking, and the page asks for the account number as well.
 */
export function ExternalSearchPhonePage() {
  const navigate = useNavigate();
  const search = usePhoneSearchMutation();
  const startSession = useStartExternalSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isAccountNumberAsked, setIsAccountNumberAsked] = useState(false);
  const form = useSchemaForm(externalPhoneSearchSchema, { defaultValues: { contact_number: '' } });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    search.mutate(values, {
      onSuccess: (accounts) => {
        // The look-up found at least one property (the schema says so); its token opens the customer's shell.
        if (accounts[0]) startSession(accounts[0]);
        void navigate(APP_PATHS.externalCalendar, { state: { accounts } satisfies ExternalCalendarState });
      },
      onError: (error) => {
        if (readFieldErrors(error)['account_number'] && !isAccountNumberAsked) {
          setIsAccountNumberAsked(true);
          // Empty rather than missing from now on, so Continue without it is answered 'Account number is required'.
          form.setValue('account_number', '');
        }
        if (!applyFieldErrors(error, form.setError, ['contact_number', 'account_number'])) {
          setServerError(lookupErrorMessage(error));
        }
      },
    });
  });

  return (
    <ExternalLookupLayout
      title="See your mowing schedule"
      subtitle="Enter the phone number on your account to see the calendar and payments of your properties."
      error={serverError}
      isPending={search.isPending}
      onSubmit={(event) => void onSubmit(event)}
      otherWay={{ to: APP_PATHS.externalSignIn, label: 'Use your account number instead' }}
    >
      <FormTextField
        control={form.control}
        name="contact_number"
        label="Phone number"
        autoComplete="tel-national"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
        helperText="10 digits, without spaces or dashes"
        autoFocus
        fullWidth
      />
      {isAccountNumberAsked && (
        <FormTextField
          control={form.control}
          name="account_number"
          label="Account number"
          autoComplete="off"
          helperText="The account number on your invoice or welcome e-mail"
          autoFocus
          fullWidth
        />
      )}
    </ExternalLookupLayout>
  );
}
