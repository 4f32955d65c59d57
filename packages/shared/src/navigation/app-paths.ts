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
  /** The visitors whose zip code is not served yet, who left a name, phone and e-mail to be called back. */
  leads: '/leads',
  reports: '/report',
  /** The lookup wizard (Market information) and the saved searches (Saved search lists). */
  lookupSearch: '/lookup-search',
  /** The crews' route sheets of a mow week (+ day, crew, market); the lookup opens it with ?year=&week=&weekDay=&crew=&market=. */
  operationsReport: '/operations-report',
  /** Scheduled, done and billed per property and week, with the differences; same query string. */
  reconciliationReport: '/reconciliation-report',
  /** The bush-and-bed services of a week (+ weekday, crew, market); same query string. */
  bushBedReport: '/bush-bed-report',
  scheduleManagement: '/schedule-management',
  /** The max mows and locks of each market's workdays, week by week, beside the mows scheduled on them. */
  mowAvailabilities: '/mow-availabilities',
  /** A market's stops of a day on a map: crew assignment and each crew's route order. */
  marketMap: '/market-map',
  /** The lot-size tiers and prices of each market, their history and a price calculator (Admin and Manager). */
  prices: '/prices',
  /** The bulk price update: every active price by an amount, or a file of prices; the list of updates and undo. */
  updatePrice: '/update-price',
  serviceZones: '/zip',
  /** The active-customer referral partners of each referral market, edited in place and saved by one Update. */
  referralPanel: '/referral-panel',
  /** The no-resign referrals of each referral market (name, phone, website), edited the same way. */
  customerReferralPanel: '/customer-referral-panel',
  /** A customer's properties with their payment methods; the property id travels in the navigation state. */
  paymentList: '/payment-list',
  /** The payment form of one property (id in the navigation state). */
  paymentConfiguration: '/payment-configuration',
  invoices: '/invoices',
  /** The business's own settings (markets, season, billing, public pages), each section with its last change. */
  adminPanel: '/admin-panel',
  /** A person's alarms (Admin and Manager: everyone's), the newest 50 a page, with the alarm form. */
  alarms: '/alarms',
  /** The staff users (Admin and Manager): a grid of 10 with single selection; the form creates or edits (id in state). */
  users: '/users',
  createUser: '/create-user',
  /** The crew users and their form (id in the navigation state; 0 creates one). */
  crewMembers: '/crew-members',
  createCrewMember: '/create-crew-member',
  /** The crews' payments (50 a page) and the upload of a payment file. */
  crewPayments: '/payments',
  uploadPayment: '/upload-payment',
  /** The bush-and-bed crew members with their market, and their form. */
  bbCrewMembers: '/bb-crew-members',
  bbCreateCrewMember: '/bb-create-crew-member',
  /** The six-step new-customer wizard (the step is in the query string: ?step=2). */
  createCustomer: '/create-customer',
  /** The same two payment screens for a customer, inside the customer's own area. */
  customerPaymentList: '/web/account/payment-list',
  customerPaymentConfiguration: '/web/account/payment-configuration',
  /** The customer's completed services (the visits a crew checked out of, with their photos), property by property. */
  customerServices: '/web/account/services',
  /** The prospect's four pages, which share one sign-up state: quote, customer info, billing, success. */
  quote: '/web/quote',
  signUp: '/web/sign-up-process',
  signUpBilling: '/web/sign-up-process-billing',
  signUpSuccess: '/web/success',
  /** Where a customer signs in by account number, and where an expired look-up session lands. */
  externalSignIn: '/external-account-number',
  /** A customer looks up their phone number to see the calendar and payments of each property. */
  externalSearchPhone: '/external-search-phone',
  /** The calendar and payments of the properties a phone look-up found (they travel in the navigation state). */
  externalCalendar: '/external-calendar',
  /** The crew's day on a phone: today's stops, checked in and out with photos; where crew members land on sign-in. */
  crewToday: '/crew/today',
  /**
   * The customer web account: sign-in with e-mail and password, recovery and the reset (or set-your-password) link.
   * An expired web-account session lands on its sign-in, not on the staff one (customer web login).
   */
  webLogin: '/web/login',
  webForgotPassword: '/web/forgot-password',
  webResetPassword: '/web/reset-password',
} as const;

/**
 * The new-customer wizard. The customer list and the record show 'Create customer' when this is set (it was null
 * while the wizard was not built, so there was no dead link).
 */
export const CREATE_CUSTOMER_PATH: string | null = APP_PATHS.createCustomer;
