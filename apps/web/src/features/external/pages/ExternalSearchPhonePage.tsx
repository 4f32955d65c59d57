import { zodResolver } from '@hookform/resolvers/zod';
import { APP_PATHS, externalPhoneSearchSchema, type ExternalPhoneSearch } from '@lawn/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/FormTextField';
import { applyFieldErrors } from '../../../lib/form-errors';
import { usePhoneSearchMutation } from '../api/external-api';
import { ExternalLookupLayout } from '../components/ExternalLookupLayout';
import { lookupErrorMessage, useStartExternalSession, type ExternalCalendarState } from '../external-session';

/** /external-search-phone: a 10-digit phone leads to the calendar of every property it belongs to (spec 3 §2). */
export function ExternalSearchPhonePage() {
  const navigate = useNavigate();
  const search = usePhoneSearchMutation();
  const startSession = useStartExternalSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ExternalPhoneSearch>({
    resolver: zodResolver(externalPhoneSearchSchema),
    defaultValues: { contact_number: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    search.mutate(values, {
      onSuccess: (accounts) => {
        // The look-up found at least one property (the schema says so); its token opens the customer's shell.
        if (accounts[0]) startSession(accounts[0]);
        void navigate(APP_PATHS.externalCalendar, { state: { accounts } satisfies ExternalCalendarState });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['contact_number'])) setServerError(lookupErrorMessage(error));
      },
    });
  });

  return (
    <ExternalLookupLayout
      title="See your mowing schedule"
      subtitle="Enter the phone number on your account to see the calendar and payments of your properties."
      error={serverError}
      isPending={search.isPending}
      onSubmit={onSubmit}
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
    </ExternalLookupLayout>
  );
}
