import { APP_PATHS } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { selectAccessToken, useAppState } from '../lib/app-store';

export function NotFoundPage() {
  const location = useLocation();
  const isSignedIn = useAppState(selectAccessToken) !== null;
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="overline" color="text.secondary">
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
          There is nothing at <code>{location.pathname}</code>. The link may be old or mistyped.
        </Typography>
        <Button component={RouterLink} to={isSignedIn ? APP_PATHS.dashboard : APP_PATHS.login} variant="contained">
          {isSignedIn ? 'Go to the dashboard' : 'Go to login'}
        </Button>
      </Box>
    </Box>
  );
}
