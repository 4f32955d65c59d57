/** Every role a sign-in can carry. The spec spells them this way, including case. */
export const ROLES = ['Admin', 'Manager', 'Representative', 'customer-service', 'crew', 'customers'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that use the staff back office (crew users have no screens yet but sign in the same way). */
export const STAFF_ROLES = [
  'Admin',
  'Manager',
  'Representative',
  'customer-service',
  'crew',
] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The office: everyone who works with customers, reports and users (not crew, not customers). */
export const OFFICE_ROLES = [
  'Admin',
  'Manager',
  'Representative',
  'customer-service',
] as const satisfies readonly Role[];

/** Only Admin and Manager may remove customers, so only they see the Delete customer button. */
export const DELETE_CUSTOMER_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/**
 * Roles that add, change and delete service zones. Every office role may look them up (a representative answering a
 * prospect needs the zone's exceptions), but which zips the business serves is a management decision.
 */
export const SERVICE_ZONE_EDIT_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];
/** Roles that approve and reject new orders: the office except Representatives. */
export const APPROVAL_ROLES = ['Admin', 'Manager', 'customer-service'] as const satisfies readonly Role[];

/** Roles that manage the global season weeks and run schedule processing (the schedule management screen). */
export const SCHEDULE_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/**
 * Roles that set the mow availability of the markets (max mows, locks). The whole office reads it: whoever takes a
 * new customer on the phone needs to know which days are full.
 */
export const AVAILABILITY_EDIT_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/** Roles that edit the price tables of the markets (the Prices screen); the whole office reads them. */
export const PRICE_EDIT_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/**
 * Who opens the Users, Crew members, Crew payments and B&B crews pages and changes what they show: who may sign in to
 * the business and what the crews are paid are management decisions.
 */
export const USER_ADMIN_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/**
 * Who changes a market's own settings (its depot, and later its tax rate and office hours): the business's settings
 * are the Admin's, as the admin panel that shows them is.
 */
export const MARKET_SETTINGS_ROLES = ['Admin'] as const satisfies readonly Role[];

/**
 * Who retries a declined charge now and marks an invoice paid another way (cash, check): the people who take a
 * customer's payment on the phone or at the desk. Representatives sell and read the invoices, they do not collect.
 */
export const INVOICE_COLLECTION_ROLES = ['Admin', 'Manager', 'customer-service'] as const satisfies readonly Role[];

/**
 * Who in the office hears of a customer's payment: a payment method changed, a charge declined. They answer the
 * customer who calls about it (the customer is e-mailed as well).
 */
export const PAYMENT_NOTICE_ROLES = ['Admin', 'Manager', 'customer-service'] as const satisfies readonly Role[];

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function hasRole(role: string, allowed: readonly Role[]): boolean {
  return (allowed as readonly string[]).includes(role);
}

/** User status 1 is active; anything else cannot sign in. */
export const USER_STATUS = { active: 1, inactive: 0 } as const;

/**
 * Who changes the business's own settings on the admin panel (markets, the saved mow year, billing, the public pages'
 * office phone and hours): the owner's decisions, so Admin only. The office reads them (nothing in them is secret).
 */
export const SETTINGS_EDIT_ROLES = ['Admin'] as const satisfies readonly Role[];
