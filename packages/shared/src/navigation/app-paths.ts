/**
 * The web app's screens, each path written once. The router, links and redirects of the web app use these, and the
 * API sends them as the urls of the staff navigation, so a menu entry can only point at a screen that exists.
 */
export const APP_PATHS = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  customerList: '/customer',
  expiredCardList: '/expired-card',
  editCustomer: '/edit-customer',
  /** The pending-approval list: new orders waiting for Approve or Reject. */
  newOrders: '/new-orders',
  reports: '/report',
  scheduleManagement: '/schedule-management',
  /** The lot-size tiers and prices of each market, their history and a price calculator (Admin and Manager). */
  prices: '/prices',
  serviceZones: '/zip',
  /** Where a customer signs in, and where an expired customer session lands. */
  externalSignIn: '/external-account-number',
} as const;

/** The payment list is not built yet; the staff shell already gives it a Back button, as a screen reached from a list. */
export const PAYMENT_LIST_PATH = '/payment-list';

/**
 * The new-customer wizard is not built yet. Set its path here when it ships and the customer list shows 'Create
 * customer'; until then there is no button, so no dead link.
 */
export const CREATE_CUSTOMER_PATH: string | null = null;
