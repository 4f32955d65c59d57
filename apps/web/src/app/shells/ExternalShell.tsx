import { APP_PATHS, isStaffRole } from '@lawn/shared';
import { GrassIcon, LogoutIcon } from '../../components/icons';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { OfficeContact } from '../../components/OfficeContact';
import { revokeSession, useEndSession } from '../../features/auth/api/auth-api';
import { selectUser, useAppState } from '../../lib/app-store';
import { PRODUCT_NAME } from '../../lib/product';

/** The pages of the customer's own area, each with the paths that belong to it. */
const ACCOUNT_PAGES = [
  {
    label: 'Payment information',
    path: APP_PATHS.customerPaymentList,
    paths: [APP_PATHS.customerPaymentList, APP_PATHS.customerPaymentConfiguration] as string[],
  },
  { label: 'Services', path: APP_PATHS.customerServices, paths: [APP_PATHS.customerServices] as string[] },
];

/**
 * Customers reaching their schedule or payment methods: without a session they go to the customer sign-in, and the
 * shell shows only a greeting and Logout, in a narrower container (external-user shell). `signInPath` is
 * where they sign in again and where Logout leads: the account-number look-up by default, the phone look-up for the
 * calendar it opened. The customer's own area (`accountNavigation`) adds links between its pages.
 */
export function ExternalShell({
  signInPath = APP_PATHS.externalSignIn,
  accountNavigation = false,
}: {
  signInPath?: string;
  accountNavigation?: boolean;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAppState(selectUser);
  const endSession = useEndSession();
  const [signOutPage, setSignOutPage] = useState<string | null>(null);

  if (!user.accessToken) {
    // Signing out navigates to its sign-in page itself; redirecting here too would race it.
    if (signOutPage !== null) return null;
    return <Navigate to={signInPath} replace />;
  }
  // A staff session belongs in the back office: its dashboard, never a customer's area.
  if (user.role !== null && isStaffRole(user.role)) return <Navigate to={APP_PATHS.dashboard} replace />;

  const logout = () => {
    revokeSession(user);
    // A customer signed in to their web account returns to its sign-in; one who looked an account up, to the look-up.
    const signInPage = user.signInPath === APP_PATHS.webLogin ? APP_PATHS.webLogin : signInPath;
    setSignOutPage(signInPage);
    endSession();
    void navigate(signInPage, { replace: true });
  };

  const name = user.firstName || user.fullName;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0}>
        <Container maxWidth="md">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            <GrassIcon color="secondary" aria-hidden />
            <Typography variant="subtitle1" component="p" sx={{ flexGrow: 1, fontWeight: 700 }}>
              {PRODUCT_NAME}
            </Typography>
            <Typography variant="subtitle1" component="h2" noWrap>
              {name ? `Hi ${name}!` : 'Hi!'}
            </Typography>
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
              Logout
            </Button>
          </Toolbar>
        </Container>
      </AppBar>
      {accountNavigation && (
        <Container maxWidth="md" component="nav" aria-label="Your account" sx={{ pt: 2 }}>
          <Stack direction="row" spacing={1}>
            {ACCOUNT_PAGES.map((page) => (
              <Button
                key={page.path}
                component={RouterLink}
                to={page.path}
                variant={page.paths.includes(pathname) ? 'contained' : 'text'}
                aria-current={page.paths.includes(pathname) ? 'page' : undefined}
              >
                {page.label}
              </Button>
            ))}
          </Stack>
        </Container>
      )}
      <Container component="main" maxWidth="md" sx={{ py: 3 }}>
        <Outlet />
      </Container>
      <OfficeContact />
    </Box>
  );
}
