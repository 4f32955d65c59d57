import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { OfficeContact } from '../../components/OfficeContact';
import { PRODUCT_NAME } from '../../lib/product';
import { useOfficeHours } from '../../lib/public-settings';

/**
 * The frame of the prospect's pages (quote, sign-up, billing, success): the product's name and office hours, no
 * sign-in, and the office's phone with its hours at the foot. It knows no router, so the quote page's own entry
 * (quote-main.tsx) and the app's public shell share it.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const officeHours = useOfficeHours();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0}>
        <Container maxWidth="md">
          <Toolbar disableGutters sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="p" sx={{ flexGrow: 1, fontWeight: 700 }}>
              {PRODUCT_NAME}
            </Typography>
            <Typography variant="body2" component="p">
              Office hours: {officeHours}
            </Typography>
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ py: 3 }}>
        {children}
      </Container>
      <OfficeContact />
    </Box>
  );
}
