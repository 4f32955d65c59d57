import { AUTH_MESSAGES, loginSchema } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormPasswordField, FormTextField } from '../../../components/FormTextField';
import { selectUser, useAppState } from '../../../lib/app-store';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useEndSession, useLoginMutation } from '../api/auth-api';
import { AuthForm } from '../components/AuthForm';
import { AuthLayout } from '../components/AuthLayout';
import { AUTH_DOORS, signedInHome, type AuthDoor } from '../auth-doors';
import { readLoginState, type LoginLocationState } from '../login-location-state';
import { useSchemaForm } from '../../../lib/use-schema-form';

/**
 * A sign-in page: the staff login (/login) or the customer web login (/web/login), the same form against each door's
 * API. Staff go on to the screen they asked for (the dashboard by default); customers to their payment list.
 */
export function LoginPage({ door = 'staff' }: { door?: AuthDoor }) {
  const settings = AUTH_DOORS[door];
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { accessToken, role } = useAppState(selectUser);
  const endSession = useEndSession();
  const login = useLoginMutation(door);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(loginSchema, { defaultValues: { email: '', password: '' } });

  const routeState = readLoginState(location.state);
  const isExpired = searchParams.get('et') === '1';
  const isForcedLogout = isExpired || routeState.isSignedOut === true;

  // `et=1` (after a session expired) ends the session here, once the protected shell is gone, so
  // the shell's own redirect cannot drop the 'expired' notice; after Logout (already ended by the
  // shell) this is a harmless repeat. The query and flag are then dropped so a new sign-in can proceed.
  useEffect(() => {
    if (!isForcedLogout) return;
    endSession();
    const nextState: LoginLocationState = {
      from: isExpired ? routeState.from : undefined,
      isSessionExpired: isExpired || undefined,
    };
    void navigate(settings.login, { replace: true, state: nextState });
  }, [isForcedLogout, isExpired, routeState.from, endSession, navigate, settings.login]);

  if (accessToken && !isForcedLogout) {
    return <Navigate to={signedInHome(door, role, safeRedirectPath(routeState.from))} replace />;
  }

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email', 'password'])) setServerError(errorMessage(error));
      },
    });
  });

  // Still busy after success, until the redirect to the screen asked for has happened.
  const isSubmitting = login.isPending || login.isSuccess;

  return (
    <AuthLayout title="Sign in" subtitle={settings.loginSubtitle} door={door}>
      <Stack spacing={2} sx={{ mb: 2 }}>
        {routeState.message && <Alert severity="success">{routeState.message}</Alert>}
        {routeState.isSessionExpired && !serverError && <Alert severity="info">{AUTH_MESSAGES.sessionExpired}</Alert>}
        {serverError && <Alert severity="error">{serverError}</Alert>}
      </Stack>
      <AuthForm label="Sign in" submitLabel="Login" isPending={isSubmitting} onSubmit={(event) => void onSubmit(event)}>
        <FormTextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label="Password"
          autoComplete="current-password"
          fullWidth
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to={settings.forgotPassword} color="secondary" underline="hover">
            Forgot your password?
          </Link>
        </Box>
      </AuthForm>
    </AuthLayout>
  );
}
