export const CUSTOMER_LIST_PATH = '/customer';
export const EXPIRED_CARD_LIST_PATH = '/expired-card';
export const EDIT_CUSTOMER_PATH = '/edit-customer';

/**
 * The new-customer wizard (spec 2) is not built yet. Set its path here when it ships and the
 * customer list shows 'Create customer'; until then there is no button, so no dead link.
 */
export const CREATE_CUSTOMER_PATH: string | null = null;
