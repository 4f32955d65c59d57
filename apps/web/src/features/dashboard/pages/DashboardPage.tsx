import { MenuBookIcon, NotificationsIcon, OpenInNewIcon } from '../../../components/icons';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { selectUser, useAppState } from '../../../lib/app-store';
import { partOfDay } from '../part-of-day';

export const API_DOCS_URL = '/api/docs';

/**
 * The landing page. It says what exists today and never shows figures the system does not have. `actions` are the
 * buttons the page that composes it puts under the greeting (the Lookup button).
 */
export function DashboardPage({ actions }: { actions?: ReactNode }) {
  const user = useAppState(selectUser);
  const [greeting] = useState(() => partOfDay(new Date()));

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <div>
        <Typography variant="h4" component="h2" gutterBottom>
          Good {greeting}, {user.firstName || 'there'}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
          This is the back office of the lawn-mowing business: customers and their service addresses, weekly mowing
          schedules, crews, pricing, invoices and reports. Screens are added one at a time; each appears in the menu on
          the left as soon as it is ready for your role.
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            {actions}
          </Stack>
        )}
      </div>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h3" gutterBottom>
                Your sections
              </Typography>
              {user.navigation.length === 0 ? (
                <Typography color="text.secondary">
                  No other sections are available to your role yet. They will show up here and in the menu.
                </Typography>
              ) : (
                <List dense disablePadding>
                  {user.navigation.map((item) => (
                    <ListItem key={item.id} disableGutters>
                      <Link component={RouterLink} to={item.url} color="secondary">
                        {item.title}
                      </Link>
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <NotificationsIcon color="secondary" aria-hidden />
                <Typography variant="h6" component="h3">
                  Notifications
                </Typography>
              </Stack>
              <Typography color="text.secondary">
                Customer activity and reminders arrive in the bell at the top right. The badge counts the unread ones;
                open it to read them or mark them all as read.
              </Typography>
            </CardContent>
          </Card>
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <MenuBookIcon color="secondary" aria-hidden />
                <Typography variant="h6" component="h3">
                  API documentation
                </Typography>
              </Stack>
              <Typography color="text.secondary">
                Every call this application makes is described, with its fields and answers, in the interactive API
                reference.
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                href={API_DOCS_URL}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNewIcon aria-hidden />}
                color="secondary"
              >
                Open the API documentation
              </Button>
            </CardActions>
          </Card>
        </Grid>
      </Grid>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h3" gutterBottom>
            Signed in as
          </Typography>
          <Typography>{user.fullName}</Typography>
          <Typography color="text.secondary">
            {user.email}
            {user.role ? ` · ${user.role}` : ''}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
