/** Property status (`status`): its code by name, the one place these numbers are written. */
export const CUSTOMER_STATUS = {
  active: 1,
  cardDeclined: 2,
  noMailer: 3,
  noResign: 4,
  pastCustomer: 5,
  stewart: 6,
  tooTall: 7,
} as const;

/** Property status labels as the screens show them, by code. */
export const CUSTOMER_STATUSES = {
  [CUSTOMER_STATUS.active]: 'Active Customer',
  [CUSTOMER_STATUS.cardDeclined]: 'Card declined',
  [CUSTOMER_STATUS.noMailer]: 'No mailer',
  [CUSTOMER_STATUS.noResign]: 'NO RESIGN',
  [CUSTOMER_STATUS.pastCustomer]: 'Past Customer',
  [CUSTOMER_STATUS.stewart]: 'Stewart',
  [CUSTOMER_STATUS.tooTall]: 'Too Tall',
} as const;
export type CustomerStatus = keyof typeof CUSTOMER_STATUSES;

/** Order (approval) status of a property (`statusOrders`): its code by name. */
export const ORDER_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** Order status labels, by code. */
export const ORDER_STATUSES = {
  [ORDER_STATUS.pending]: 'Pending',
  [ORDER_STATUS.approved]: 'Approved',
  [ORDER_STATUS.rejected]: 'Rejected',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUSES;

/**
 * A record's `isApproved` flag: true exactly while its order is approved. The order status decides it, so every
 * write of the order status (approve, reject, a restart, an edit) and the demo data set both together.
 */
export function isApprovedOrderStatus(statusOrders: number): boolean {
  return statusOrders === ORDER_STATUS.approved;
}

/**
 * The customer list shows approved orders of active customers unless a request names other statuses.
 * Filter values travel as text, as in `filter[statusOrders]=1`.
 */
export const CUSTOMER_LIST_DEFAULT_FILTERS = {
  statusOrders: `${ORDER_STATUS.approved}`,
  status: `${CUSTOMER_STATUS.active}`,
} as const;

/** Service frequency: `srvFrecuency` (the spec's spelling is kept on the wire). */
export const FREQUENCIES = { 1: 'Weekly', 2: 'Bi-Weekly', 3: '3-Weekly', 4: 'Drought Schedule' } as const;
export type Frequency = keyof typeof FREQUENCIES;

/** Mow weekday 1-5 is Monday-Friday: the days a new order (wizard, public sign-up) may choose. */
export const WEEKDAYS = { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday' } as const;
export type Weekday = keyof typeof WEEKDAYS;

/** The record's mow days that are no weekday: Saturday, and Any day (the crew comes on whichever day suits it). */
export const MOW_DAY = { saturday: 6, anyDay: 7 } as const;

/**
 * The mow day of a record (`weekDay`): a weekday, Saturday, or Any day. The record screen offers all seven; a new
 * order chooses a weekday (`WEEKDAYS`).
 */
export const MOW_DAYS = { ...WEEKDAYS, [MOW_DAY.saturday]: 'Saturday', [MOW_DAY.anyDay]: 'Any day' } as const;
export type MowDay = keyof typeof MOW_DAYS;

/** Card type codes are the card number's first digit; null means e-check. */
export const CARD_TYPES = { 3: 'American Express', 4: 'Visa', 5: 'Mastercard', 6: 'Discover' } as const;
export type CardType = keyof typeof CARD_TYPES;
export const E_CHECK_LABEL = 'E-Check';
export const UNKNOWN_CARD_LABEL = 'Not registered';

export function cardTypeName(cardType: number | null | undefined): string {
  if (cardType === null || cardType === undefined) return E_CHECK_LABEL;
  return CARD_TYPES[cardType as CardType] ?? UNKNOWN_CARD_LABEL;
}

/** 1 = e-mail, 2 = postal, on every screen and in every call (the earlier product mixed the codes up; this one does not). */
export const MAIL_PREFERENCES = { 1: 'E-mail', 2: 'Postal mail' } as const;
export type MailPreference = keyof typeof MAIL_PREFERENCES;
export const MAIL_PREFERENCE = { email: 1, postal: 2 } as const;

/** What to mow on a property. */
export const MOW_CUTS = ['Front', 'Back', 'BagGrass', 'DuplexRight', 'DuplexLeft'] as const;
export type MowCut = (typeof MOW_CUTS)[number];

/** The record's forms save on their own once the person has stopped typing this long (500 ms). */
export const AUTOSAVE_DELAY_MS = 500;

/** What the record's autosave indicator says. */
export const AUTOSAVE_MESSAGES = {
  saving: 'Saving...',
  saved: 'All changes saved',
  failed: 'Not saved. Change a field to try again.',
  /** A field the person changed breaks a rule (or the server refused it): it is kept as typed, marked, and not saved. */
  invalid: 'Not saved: fix the marked fields',
} as const;
