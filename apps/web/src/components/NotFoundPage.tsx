import { APP_PATHS } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { selectAccessToken, useAppState } from '../lib/app-store';
import { PageMessage } from './PageMessage';

/** 'Page not found' for a path no screen answers; `headingLevel` h2 inside the staff shell. */
export function NotFoundMessage({ headingLevel }: { headingLevel: 'h1' | 'h2' }) {
  const location = useLocation();
  const isSignedIn = useAppState(selectAccessToken) !== null;
  return (
    <PageMessage
      overline="404"
      title="Page not found"
      headingLevel={headingLevel}
      action={
        <Button component={RouterLink} to={isSignedIn ? APP_PATHS.dashboard : APP_PATHS.login} variant="contained">
          {isSignedIn ? 'Go to the dashboard' : 'Go to login'}
        </Button>
      }
    >
      There is nothing at <code>{location.pathname}</code>. The link may be old or mistyped.
    </PageMessage>
  );
}

/** The same on a page of its own, for a visitor who is not signed in to the staff app. */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 3 }}>
      <NotFoundMessage headingLevel="h1" />
    </Box>
  );
}
