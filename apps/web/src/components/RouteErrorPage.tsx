import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';
import { errorMessage } from '../lib/error-message';

/** Catches render errors and failed chunk loads (e.g. after a deploy) so the page never goes blank. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 3 }}>
      <Box sx={{ maxWidth: 520, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Something went wrong
        </Typography>
        <Alert severity="error" sx={{ mb: 3, textAlign: 'left' }}>
          {errorMessage(error)}
        </Alert>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Box>
    </Box>
  );
}
