import { AUTH_MESSAGES, resetPasswordSchema } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormPasswordField } from '../../../components/FormTextField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useResetPasswordMutation } from '../api/auth-api';
import { AuthForm, BackToLoginLink } from '../components/AuthForm';
import { AuthLayout } from '../components/AuthLayout';
import { AUTH_DOORS, type AuthDoor, type AuthDoorSettings } from '../auth-doors';
import type { LoginLocationState } from '../login-location-state';
import { useSchemaForm } from '../../../lib/use-schema-form';

function InvalidLink({ settings }: { settings: AuthDoorSettings }) {
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{AUTH_MESSAGES.resetTokenInvalid}</Alert>
      <Button component={RouterLink} to={settings.forgotPassword} variant="contained" size="large">
        Request a new link
      </Button>
      <BackToLoginLink to={settings.login} />
    </Stack>
  );
}

function ResetPasswordForm({ token, door }: { token: string; door: AuthDoor }) {
  const settings = AUTH_DOORS[door];
  const navigate = useNavigate();
  const reset = useResetPasswordMutation(door);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(resetPasswordSchema, {
    defaultValues: { password: '', password_confirmation: '', password_token: token },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    reset.mutate(values, {
      onSuccess: ({ message }) =>
        void navigate(settings.login, { replace: true, state: { message } satisfies LoginLocationState }),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['password', 'password_confirmation'])) {
          setServerError(errorMessage(error));
        }
      },
    });
  });

  return (
    <AuthForm
      label="Choose a new password"
      error={serverError}
      submitLabel="Reset password"
      isPending={reset.isPending}
      onSubmit={(event) => void onSubmit(event)}
      footer={<BackToLoginLink to={settings.login} />}
    >
      <FormPasswordField
        control={form.control}
        name="password"
        label="New password"
        autoComplete="new-password"
        autoFocus
        fullWidth
      />
      <FormPasswordField
        control={form.control}
        name="password_confirmation"
        label="Confirm new password"
        autoComplete="new-password"
        fullWidth
      />
    </AuthForm>
  );
}

/**
 * Choosing a new password with the token of an e-mailed link: the staff reset (/reset-password) or the customer web
 * account's (/web/reset-password), which also sets the first password of an invited customer.
 */
export function ResetPasswordPage({ door = 'staff' }: { door?: AuthDoor }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return (
    <AuthLayout title="Choose a new password" subtitle="At least 8 characters." door={door}>
      {token ? <ResetPasswordForm token={token} door={door} /> : <InvalidLink settings={AUTH_DOORS[door]} />}
    </AuthLayout>
  );
}
