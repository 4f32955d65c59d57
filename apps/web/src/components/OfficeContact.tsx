import { formatPhone } from '@lawn/shared';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useOfficeHours, usePublicSettingsQuery } from '../lib/public-settings';

/**
 * The foot of every public and customer page: the office's phone (a link that dials it) when one is configured, and
 * its hours.
 */
export function OfficeContact() {
  const phone = usePublicSettingsQuery().data?.officePhone ?? null;
  const hours = useOfficeHours();
  return (
    <Container component="footer" maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {phone && (
          <>
            Questions? Call the office at{' '}
            <Link href={`tel:+1${phone}`} color="inherit">
              {formatPhone(phone)}
            </Link>
            .{' '}
          </>
        )}
        Office hours: {hours}.
      </Typography>
    </Container>
  );
}
