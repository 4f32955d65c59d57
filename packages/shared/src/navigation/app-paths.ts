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
  /** A customer's properties with their payment methods; the property id travels in the navigation state. */
  paymentList: '/payment-list',
  /** The payment form of one property (id in the navigation state). */
  paymentConfiguration: '/payment-configuration',
  invoices: '/invoices',
  /** The same two payment screens for a customer, inside the customer's own area (spec 3 §2). */
  customerPaymentList: '/web/account/payment-list',
  customerPaymentConfiguration: '/web/account/payment-configuration',
  /** The prospect's four pages, which share one sign-up state (spec 3 §2): quote, customer info, billing, success. */
  quote: '/web/quote',
  signUp: '/web/sign-up-process',
  signUpBilling: '/web/sign-up-process-billing',
  signUpSuccess: '/web/success',
  /** Where a customer signs in, and where an expired customer session lands. */
  externalSignIn: '/external-account-number',
} as const;

/**
 * The new-customer wizard is not built yet. Set its path here when it ships and the customer list shows 'Create
 * customer'; until then there is no button, so no dead link.
 */
export const CREATE_CUSTOMER_PATH: string | null = null;
