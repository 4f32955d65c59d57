import { zodResolver } from '@hookform/resolvers/zod';
import { APP_PATHS, recoverPasswordSchema, type RecoverPasswordInput } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/FormTextField';
import { SubmitButton } from '../../../components/PendingButton';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useRecoverPasswordMutation } from '../api/auth-api';
import { AuthLayout } from '../components/AuthLayout';
import type { LoginLocationState } from '../login-location-state';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const recover = useRecoverPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RecoverPasswordInput>({
    resolver: zodResolver(recoverPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    recover.mutate(values, {
      // A sent recovery message leads to the login screen, which shows the server's answer (spec 3 §4).
      onSuccess: ({ message }) => navigate(APP_PATHS.login, { state: { message } satisfies LoginLocationState }),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email'])) setServerError(errorMessage(error));
      },
    });
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {serverError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      <Box component="form" onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
        <Stack spacing={2.5}>
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
          />
          <SubmitButton size="large" isPending={recover.isPending}>
            Send reset link
          </SubmitButton>
          <Link
            component={RouterLink}
            to={APP_PATHS.login}
            color="secondary"
            underline="hover"
            sx={{ alignSelf: 'center' }}
          >
            Back to login
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
