import { APP_PATHS } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from '../../../components/PendingButton';

type AuthFormProps = {
  /** The form's accessible name. */
  label: string;
  /** A refusal that belongs to no field, above the form: the server's message (login screen). */
  error?: string | null;
  submitLabel: string;
  isPending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields. */
  children: ReactNode;
  /** Under the submit button, e.g. BackToLoginLink. */
  footer?: ReactNode;
};

/** The form of a sign-in screen: its error, the fields, a large submit button and what follows it. */
export function AuthForm({ label, error, submitLabel, isPending, onSubmit, children, footer }: AuthFormProps) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack spacing={2.5}>
          {children}
          <SubmitButton size="large" isPending={isPending}>
            {submitLabel}
          </SubmitButton>
          {footer}
        </Stack>
      </Box>
    </>
  );
}

/** Back to a sign-in page: the staff login unless another is given. */
export function BackToLoginLink({ to = APP_PATHS.login }: { to?: string }) {
  return (
    <Link component={RouterLink} to={to} color="secondary" underline="hover" sx={{ alignSelf: 'center' }}>
      Back to login
    </Link>
  );
}
