import { GrassIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { OfficeContact } from '../../../components/OfficeContact';
import { SubmitButton } from '../../../components/PendingButton';
import { PRODUCT_NAME } from '../../../lib/product';

type ExternalLookupLayoutProps = {
  title: string;
  subtitle: string;
  /** The server's refusal, shown inline above the form. */
  error: string | null;
  isPending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The field. */
  children: ReactNode;
  /** The other way in: by account number instead of phone, or the reverse. */
  otherWay: { to: string; label: string };
};

/** A customer's look-up screen: one field, Continue, a link to the other look-up, and the office's phone below. */
export function ExternalLookupLayout(props: ExternalLookupLayoutProps) {
  const { title, subtitle, error, isPending, onSubmit, children, otherWay } = props;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pt: { xs: 3, sm: 8 } }}>
      <Container component="main" maxWidth="sm">
        <Paper sx={{ p: { xs: 3, sm: 5 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <GrassIcon color="secondary" fontSize="large" aria-hidden />
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {PRODUCT_NAME}
            </Typography>
          </Stack>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            {subtitle}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Box component="form" onSubmit={onSubmit} noValidate aria-label={title}>
            <Stack spacing={2.5}>
              {children}
              <SubmitButton size="large" isPending={isPending}>
                Continue
              </SubmitButton>
              <Link
                component={RouterLink}
                to={otherWay.to}
                color="secondary"
                underline="hover"
                sx={{ alignSelf: 'center' }}
              >
                {otherWay.label}
              </Link>
            </Stack>
          </Box>
        </Paper>
      </Container>
      <OfficeContact />
    </Box>
  );
}
