import { zodResolver } from '@hookform/resolvers/zod';
import { APP_PATHS, AUTH_MESSAGES, resetPasswordSchema, type ResetPasswordInput } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormPasswordField } from '../../../components/FormTextField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useResetPasswordMutation } from '../api/auth-api';
import { AuthForm, BackToLoginLink } from '../components/AuthForm';
import { AuthLayout } from '../components/AuthLayout';
import type { LoginLocationState } from '../login-location-state';

function InvalidLink() {
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{AUTH_MESSAGES.resetTokenInvalid}</Alert>
      <Button component={RouterLink} to={APP_PATHS.forgotPassword} variant="contained" size="large">
        Request a new link
      </Button>
      <BackToLoginLink />
    </Stack>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', password_confirmation: '', password_token: token },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    reset.mutate(values, {
      onSuccess: ({ message }) =>
        navigate(APP_PATHS.login, { replace: true, state: { message } satisfies LoginLocationState }),
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
      onSubmit={onSubmit}
      footer={<BackToLoginLink />}
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

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return (
    <AuthLayout title="Choose a new password" subtitle="At least 8 characters.">
      {token ? <ResetPasswordForm token={token} /> : <InvalidLink />}
    </AuthLayout>
  );
}
