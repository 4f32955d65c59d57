import { recoverPasswordSchema } from '@lawn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/FormTextField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useRecoverPasswordMutation } from '../api/auth-api';
import { AuthForm, BackToLoginLink } from '../components/AuthForm';
import { AuthLayout } from '../components/AuthLayout';
import { AUTH_DOORS, type AuthDoor } from '../auth-doors';
import type { LoginLocationState } from '../login-location-state';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** Password recovery of a door: the staff account (/forgot-password) or the customer web account (/web/forgot-password). */
export function ForgotPasswordPage({ door = 'staff' }: { door?: AuthDoor }) {
  const settings = AUTH_DOORS[door];
  const navigate = useNavigate();
  const recover = useRecoverPasswordMutation(door);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(recoverPasswordSchema, { defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    recover.mutate(values, {
      // A sent recovery message leads to the login screen, which shows the server's answer.
      onSuccess: ({ message }) => void navigate(settings.login, { state: { message } satisfies LoginLocationState }),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email'])) setServerError(errorMessage(error));
      },
    });
  });

  return (
    <AuthLayout
      door={door}
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <AuthForm
        label="Request a password reset link"
        error={serverError}
        submitLabel="Send reset link"
        isPending={recover.isPending}
        onSubmit={(event) => void onSubmit(event)}
        footer={<BackToLoginLink to={settings.login} />}
      >
        <FormTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
        />
      </AuthForm>
    </AuthLayout>
  );
}
