import { APP_PATHS, type NavItem } from '@lawn/shared';
import { ExpandLessIcon as ExpandLess, ExpandMoreIcon as ExpandMore } from '../../components/icons';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router';
import { chooseSubmenu, selectToolbar, useAppState } from '../../lib/app-store';
import { NAV_ICON_COMPONENTS } from './nav-icons';

/** The fixed first entry; the server's list follows it. */
const OVERVIEW_ITEM: NavItem = { id: 'overview', title: 'Overview', icon: 'dashboard', url: APP_PATHS.dashboard };

export function isActiveUrl(url: string, pathname: string): boolean {
  const path = url.split(/[?#]/)[0] ?? url;
  return pathname === path || pathname.startsWith(`${path}/`);
}

type NavEntryProps = {
  item: NavItem;
  depth: number;
  pathname: string;
  openSubmenuId: string | null;
  onChoose: (item: NavItem, depth: number) => void;
};

function NavEntry({ item, depth, pathname, openSubmenuId, onChoose }: NavEntryProps) {
  const children = item.children ?? [];
  const hasChildren = children.length > 0;
  // Only the top level folds (one open submenu at a time, like the toolbar slice says); deeper
  // groups stay open under their parent.
  const isOpen = depth === 0 ? openSubmenuId === item.id : true;
  const isActive = isActiveUrl(item.url, pathname);
  const Icon = NAV_ICON_COMPONENTS[item.icon];
  return (
    <>
      <ListItemButton
        component={RouterLink}
        to={item.url}
        selected={isActive}
        aria-current={isActive ? 'page' : undefined}
        aria-expanded={hasChildren && depth === 0 ? isOpen : undefined}
        onClick={() => onChoose(item, depth)}
        sx={{ pl: 2 + depth * 2 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={item.title} />
        {hasChildren && depth === 0 && (isOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />)}
      </ListItemButton>
      {hasChildren && (
        <Collapse in={isOpen} timeout="auto" unmountOnExit>
          <List disablePadding>
            {children.map((child) => (
              <NavEntry
                key={child.id}
                item={child}
                depth={depth + 1}
                pathname={pathname}
                openSubmenuId={openSubmenuId}
                onChoose={onChoose}
              />
            ))}
          </List>
        </Collapse>
      )}
    </>
  );
}

type NavigationListProps = {
  items: NavItem[];
  /** Called after a choice that leads somewhere, e.g. to close the small-screen drawer. */
  onNavigate?: () => void;
};

export function NavigationList({ items, onNavigate }: NavigationListProps) {
  const { pathname } = useLocation();
  const { openSubmenuId } = useAppState(selectToolbar);

  const choose = (item: NavItem, depth: number) => {
    const hasChildren = (item.children?.length ?? 0) > 0;
    if (hasChildren && depth === 0) {
      chooseSubmenu(item.id);
      return;
    }
    onNavigate?.();
  };

  return (
    <List component="nav" aria-label="Main navigation">
      {[OVERVIEW_ITEM, ...items].map((item) => (
        <NavEntry
          key={item.id}
          item={item}
          depth={0}
          pathname={pathname}
          openSubmenuId={openSubmenuId}
          onChoose={choose}
        />
      ))}
    </List>
  );
}
