import type { NavItem } from '@lawn/shared';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Skeleton from '@mui/material/Skeleton';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_WIDTH } from '../theme';
import { NavigationList } from './NavigationList';

type StaffDrawerProps = {
  isDesktop: boolean;
  isOpen: boolean;
  isLoading: boolean;
  navigation: NavItem[];
  onClose: () => void;
};

export function StaffDrawer({ isDesktop, isOpen, isLoading, navigation, onClose }: StaffDrawerProps) {
  const content = (
    <>
      {/* Room for the app bar, which sits above the drawer. */}
      <Toolbar />
      {isLoading ? (
        <Box sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading menu">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={40} />
          ))}
        </Box>
      ) : (
        <NavigationList items={navigation} onNavigate={isDesktop ? undefined : onClose} />
      )}
    </>
  );

  const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;

  if (!isDesktop) {
    return (
      <Drawer
        id="staff-drawer"
        variant="temporary"
        open={isOpen}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': paperSx }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      id="staff-drawer"
      variant="persistent"
      open={isOpen}
      sx={(theme) => ({
        width: isOpen ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
        '& .MuiDrawer-paper': paperSx,
      })}
    >
      {content}
    </Drawer>
  );
}
