import { APP_PATHS } from '../navigation/app-paths';
import { REFERRAL_PAGE_TITLES } from '../referrals/referral.schema';
import {
  OFFICE_ROLES,
  PRICE_EDIT_ROLES,
  SCHEDULE_ROLES,
  SETTINGS_EDIT_ROLES,
  USER_ADMIN_ROLES,
  type Role,
} from './roles';

/** Icon names the drawer knows how to draw: the spec's list of available icons. */
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
  'alarm',
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

/**
 * The one list of staff screens below the drawer's fixed 'Overview' entry (which opens the
 * dashboard). An entry is added here when its screen ships, with its url from APP_PATHS, so the
 * drawer never offers a dead link. `roles` says who sees it; children inherit the parent's.
 */
export const STAFF_NAVIGATION: readonly NavEntry[] = [
  {
    id: 'customers',
    title: 'Customers',
    icon: 'people',
    url: APP_PATHS.customerList,
    roles: OFFICE_ROLES,
    children: [
      { id: 'customer-list', title: 'Customer List', icon: 'customer', url: APP_PATHS.customerList },
      { id: 'expired-cards', title: 'Expired Cards', icon: 'coin', url: APP_PATHS.expiredCardList },
      { id: 'new-orders', title: 'New Orders', icon: 'assignment', url: APP_PATHS.newOrders },
      { id: 'leads', title: 'Leads', icon: 'referral-customer', url: APP_PATHS.leads },
    ],
  },
  { id: 'lookup', title: 'Lookup', icon: 'search', url: APP_PATHS.lookupSearch, roles: OFFICE_ROLES },
  {
    id: 'reports',
    title: 'Reports',
    icon: 'report',
    url: APP_PATHS.reports,
    roles: OFFICE_ROLES,
    children: [
      { id: 'report-list', title: 'Report List', icon: 'report', url: APP_PATHS.reports },
      { id: 'operations-report', title: 'Operations Report', icon: 'grass', url: APP_PATHS.operationsReport },
      {
        id: 'reconciliation-report',
        title: 'Reconciliation Report',
        icon: 'receipt',
        url: APP_PATHS.reconciliationReport,
      },
      { id: 'bush-bed-report', title: 'Bush-Bed Report', icon: 'calendar', url: APP_PATHS.bushBedReport },
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    icon: 'receipt',
    url: APP_PATHS.invoices,
    roles: OFFICE_ROLES,
    children: [
      { id: 'invoices', title: 'Invoices', icon: 'receipt', url: APP_PATHS.invoices },
      { id: 'payment-list', title: 'Payment Methods', icon: 'coin', url: APP_PATHS.paymentList },
    ],
  },
  {
    id: 'schedule-management',
    title: 'Schedule Management',
    icon: 'calendar-month',
    url: APP_PATHS.scheduleManagement,
    roles: SCHEDULE_ROLES,
  },
  {
    id: 'users-and-crews',
    title: 'Users and Crews',
    icon: 'user-admin',
    url: APP_PATHS.users,
    roles: USER_ADMIN_ROLES,
    children: [
      { id: 'users', title: 'Users', icon: 'user-admin', url: APP_PATHS.users },
      { id: 'crew-members', title: 'Crew Members', icon: 'people', url: APP_PATHS.crewMembers },
      { id: 'crew-payments', title: 'Crew Payments', icon: 'coin', url: APP_PATHS.crewPayments },
      { id: 'bb-crews', title: 'B&B Crews', icon: 'grass', url: APP_PATHS.bbCrewMembers },
    ],
  },
  {
    id: 'mow-availabilities',
    title: 'Mow Availabilities',
    icon: 'calendar',
    url: APP_PATHS.mowAvailabilities,
    roles: OFFICE_ROLES,
  },
  { id: 'market-map', title: 'Market Map', icon: 'pin-drop', url: APP_PATHS.marketMap, roles: OFFICE_ROLES },
  { id: 'prices', title: 'Prices', icon: 'receipt', url: APP_PATHS.prices, roles: PRICE_EDIT_ROLES },
  {
    id: 'update-price',
    title: 'Price Bulk Update',
    icon: 'coin',
    url: APP_PATHS.updatePrice,
    roles: PRICE_EDIT_ROLES,
  },
  { id: 'service-zones', title: 'Service Zones', icon: 'pin-drop', url: APP_PATHS.serviceZones, roles: OFFICE_ROLES },
  {
    id: 'referral-panel',
    title: REFERRAL_PAGE_TITLES.active,
    icon: 'referral-customer',
    url: APP_PATHS.referralPanel,
    roles: OFFICE_ROLES,
  },
  {
    id: 'customer-referral-panel',
    title: REFERRAL_PAGE_TITLES.noResign,
    icon: 'resign-referral',
    url: APP_PATHS.customerReferralPanel,
    roles: OFFICE_ROLES,
  },
  { id: 'alarms', title: 'Alarms', icon: 'alarm', url: APP_PATHS.alarms, roles: OFFICE_ROLES },
  { id: 'admin-panel', title: 'Admin Panel', icon: 'settings', url: APP_PATHS.adminPanel, roles: SETTINGS_EDIT_ROLES },
];

function stripRoles({ roles: _roles, ...item }: NavEntry): NavItem {
  return item;
}

export function navigationForRole(role: Role, entries: readonly NavEntry[] = STAFF_NAVIGATION): NavItem[] {
  if (role === 'customers') return [];
  return entries.filter((entry) => entry.roles === 'all-staff' || entry.roles.includes(role)).map(stripRoles);
}
