import { ArrowBackIcon as ArrowBack, MenuIcon } from '../../components/icons';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { AlarmsMenu } from '../../features/alarms/components/AlarmsMenu';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell';
import { AccountMenu } from './AccountMenu';

type StaffTopBarProps = {
  title: string | undefined;
  firstName: string;
  fullName: string;
  email: string;
  isDrawerOpen: boolean;
  hasBackButton: boolean;
  onToggleDrawer: () => void;
  onLogout: () => void;
};

export function StaffTopBar({
  title,
  firstName,
  fullName,
  email,
  isDrawerOpen,
  hasBackButton,
  onToggleDrawer,
  onLogout,
}: StaffTopBarProps) {
  const navigate = useNavigate();
  return (
    <AppBar position="fixed" sx={(theme) => ({ zIndex: theme.zIndex.drawer + 1 })}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="toggle drawer"
          aria-expanded={isDrawerOpen}
          aria-controls="staff-drawer"
          onClick={onToggleDrawer}
        >
          <MenuIcon />
        </IconButton>
        {hasBackButton && (
          <Button color="inherit" startIcon={<ArrowBack />} onClick={() => void navigate(-1)}>
            Back
          </Button>
        )}
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {firstName ? (
            <Typography variant="subtitle1" component="h2" noWrap sx={{ mr: 1 }}>
              Hi {firstName}!
            </Typography>
          ) : (
            <Skeleton variant="text" width={90} sx={{ bgcolor: 'grey.700', mr: 1 }} aria-label="Loading your profile" />
          )}
          <AlarmsMenu />
          <NotificationsBell />
          <AccountMenu fullName={fullName} email={email} onLogout={onLogout} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
