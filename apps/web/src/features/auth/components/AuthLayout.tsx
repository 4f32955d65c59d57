import { GrassIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../lib/product';
import { OfficeContact } from '../../../components/OfficeContact';
import lawnBackground from '../../../assets/lawn-background.svg';
import type { AuthDoor } from '../auth-doors';

type AuthLayoutProps = {
  title: string;
  subtitle?: string;
  /** The customer door's pages end with the office's phone and hours, as every customer page does. */
  door?: AuthDoor;
  children: ReactNode;
};

const LOGIN_PANEL_WIDTH = 500;

/** The sign-in family of screens: full-page lawn picture with one 500 px panel on it. */
export function AuthLayout({ title, subtitle, door = 'staff', children }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        backgroundColor: '#5fae45',
        // Quoted: Vite inlines small SVGs as data URIs that contain spaces.
        backgroundImage: `url("${lawnBackground}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center bottom',
      }}
    >
      <Paper elevation={8} sx={{ width: LOGIN_PANEL_WIDTH, maxWidth: '100%', p: { xs: 3, sm: 5 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <GrassIcon color="secondary" fontSize="large" aria-hidden />
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
            {PRODUCT_NAME}
          </Typography>
        </Stack>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
        {door === 'customer' && <OfficeContact />}
      </Paper>
    </Box>
  );
}
