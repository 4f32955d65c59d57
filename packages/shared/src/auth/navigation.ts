import { OFFICE_ROLES, SCHEDULE_ROLES, type Role } from './roles';

/** Icon names the drawer knows how to draw (spec 1 section 2, "Icons available"). */
export const NAV_ICONS = [
  'dashboard',
  'assignment',
  'calendar',
  'address',
  'bar-chart',
  'people',
  'coin',
  'mail',
  'home',
  'search',
  'settings',
  'user-admin',
  'referral-customer',
  'resign-referral',
  'customer',
  'tablet',
  'report',
  'grass',
  'receipt',
  'pin-drop',
  'edit-location',
  'calendar-month',
] as const;
export type NavIcon = (typeof NAV_ICONS)[number];

export type NavItem = {
  id: string;
  title: string;
  icon: NavIcon;
  url: string;
  children?: NavItem[];
};

export type NavEntry = NavItem & { roles: readonly Role[] | 'all-staff' };

/** Staff who work with customers in the office; crew users have no screens yet. */

/**
 * The one list of staff screens below the drawer's fixed 'Overview' entry (which opens
 * /dashboard). An entry is added here when its screen ships, so the drawer never offers a
 * dead link. `roles` says who sees it; children inherit the parent's.
 */
export const STAFF_NAVIGATION: readonly NavEntry[] = [
  {
    id: 'customers',
    title: 'Customers',
    icon: 'people',
    url: '/customer',
    roles: OFFICE_ROLES,
    children: [
      { id: 'customer-list', title: 'Customer List', icon: 'customer', url: '/customer' },
      { id: 'expired-cards', title: 'Expired Cards', icon: 'coin', url: '/expired-card' },
    ],
  },
  { id: 'reports', title: 'Reports', icon: 'report', url: '/report', roles: OFFICE_ROLES },
  {
    id: 'schedule-management',
    title: 'Schedule Management',
    icon: 'calendar-month',
    url: '/schedule-management',
    roles: SCHEDULE_ROLES,
  },
];

function stripRoles({ roles: _roles, ...item }: NavEntry): NavItem {
  return item;
}

export function navigationForRole(role: Role, entries: readonly NavEntry[] = STAFF_NAVIGATION): NavItem[] {
  if (role === 'customers') return [];
  return entries.filter((entry) => entry.roles === 'all-staff' || entry.roles.includes(role)).map(stripRoles);
}
