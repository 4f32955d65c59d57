import { APP_PATHS, isStaffRole } from '@lawn/shared';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { NoAccessMessage } from '../../components/NoAccessMessage';
import { PageLoader } from '../../components/PageLoader';
import { revokeSession, useEndSession, useMeQuery } from '../../features/auth/api/auth-api';
import type { LoginLocationState } from '../../features/auth/login-location-state';
import { STAFF_EXPIRED_TARGET } from '../../lib/api-client';
import { selectToolbar, selectUser, toggleDrawer, useAppState } from '../../lib/app-store';
import { useRouteNavigation, useRouteTitle } from '../route-handle';
import { hasBackButton } from './back-button';
import { mayOpenPage } from './page-access';
import { StaffDrawer } from './StaffDrawer';
import { StaffTopBar } from './StaffTopBar';

/**
 * Layout and guard of every staff screen: without an access token the visitor goes to the login page; a signed-in
 * user gets the top bar (title, greeting, notifications, Logout), the drawer and, on screens reached from a list, a
 * Back button (protected staff shell). A page the user's navigation does not offer shows 'You do not have
 * access to this page' instead, before the page makes any call. `children` replaces the matched route's page (the
 * app's 'Page not found').
 */
export function StaffShell({ children }: { children?: ReactNode }) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const location = useLocation();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const pageEntry = useRouteNavigation();
  const user = useAppState(selectUser);
  const { isDrawerOpen } = useAppState(selectToolbar);
  const [isMobileDrawerOpen, setIsMobileDrawerOpen] = useState(false);
  const me = useMeQuery(user.accessToken !== null);
  const endSession = useEndSession();
  const [isSigningOut, setIsSigningOut] = useState(false);

  if (!user.accessToken) {
    // Signing out navigates to the login page itself; redirecting here too would race it.
    if (isSigningOut) return null;
    const state: LoginLocationState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={APP_PATHS.login} replace state={state} />;
  }
  // A customer session (which shares the stored state) is not staff. A customer signed in to their web account goes
  // to their own area; any other session is ended through the expiry path, which clears it and lets the person sign
  // in again with a staff account.
  if (user.role !== null && !isStaffRole(user.role)) {
    if (user.signInPath === APP_PATHS.webLogin) return <Navigate to={APP_PATHS.customerPaymentList} replace />;
    return <Navigate to={STAFF_EXPIRED_TARGET} replace />;
  }

  // Crew members have their own screens, made for a phone.
  if (user.role === 'crew') return <Navigate to={APP_PATHS.crewToday} replace />;

  const isProfileMissing = user.id === null;
  const isDrawerShown = isDesktop ? isDrawerOpen : isMobileDrawerOpen;

  const page = (() => {
    if (isProfileMissing && me.isError) {
      return <LoadErrorAlert subject="Your profile" error={me.error} onRetry={() => void me.refetch()} />;
    }
    // Which pages the user may open comes with the profile.
    if (isProfileMissing) return <PageLoader label="Loading your profile" />;
    if (!mayOpenPage(user.navigation, pageEntry)) return <NoAccessMessage />;
    return children ?? <Outlet />;
  })();

  const logout = () => {
    revokeSession(user);
    // The stored tokens are forgotten at once, so neither a reload nor another tab can resume them.
    setIsSigningOut(true);
    endSession();
    void navigate(APP_PATHS.login, { replace: true, state: { isSignedOut: true } satisfies LoginLocationState });
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <StaffTopBar
        title={title}
        firstName={user.firstName}
        fullName={user.fullName}
        email={user.email}
        isDrawerOpen={isDrawerShown}
        hasBackButton={hasBackButton(location.pathname)}
        onToggleDrawer={() => (isDesktop ? toggleDrawer() : setIsMobileDrawerOpen((isOpen) => !isOpen))}
        onLogout={logout}
      />
      <StaffDrawer
        isDesktop={isDesktop}
        isOpen={isDrawerShown}
        isLoading={isProfileMissing && me.isPending}
        navigation={user.navigation}
        onClose={() => setIsMobileDrawerOpen(false)}
      />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        {page}
      </Box>
    </Box>
  );
}
