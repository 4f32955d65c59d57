import { APP_PATHS } from '@lawn/shared';
import { GrassIcon, LogoutIcon } from '../../components/icons';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { revokeSession, useEndSession } from '../../features/auth/api/auth-api';
import type { LoginLocationState } from '../../features/auth/login-location-state';
import { selectUser, useAppState } from '../../lib/app-store';
import { useRouteTitle } from '../route-handle';

/**
 * The crew's screens, made for a phone: a narrow page under a bar with the title and Logout, and no office drawer.
 * Without a session the visitor signs in at the staff login; anyone but a crew member goes to the office.
 */
export function CrewShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const title = useRouteTitle();
  const user = useAppState(selectUser);
  const endSession = useEndSession();
  const [isSigningOut, setIsSigningOut] = useState(false);

  if (!user.accessToken) {
    if (isSigningOut) return null;
    const state: LoginLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={APP_PATHS.login} replace state={state} />;
  }
  if (user.role !== 'crew') return <Navigate to={APP_PATHS.dashboard} replace />;

  const logout = () => {
    revokeSession(user);
    setIsSigningOut(true);
    endSession();
    void navigate(APP_PATHS.login, { replace: true, state: { isSignedOut: true } satisfies LoginLocationState });
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0}>
        <Container maxWidth="sm" disableGutters>
          <Toolbar sx={{ gap: 1 }}>
            <GrassIcon color="secondary" aria-hidden />
            <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }} noWrap>
              {title}
            </Typography>
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={logout}>
              Logout
            </Button>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="sm" sx={{ py: 2, px: 1.5 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
