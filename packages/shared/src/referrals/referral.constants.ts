import type { Role } from '../auth/roles';

/**
 * Roles that add, change and delete referral markets and referrals. The whole office reads both pages (whoever talks
 * to a customer may pass on a partner's phone); Admin, Manager and Representative keep the partner lists, as they
 * are the ones who deal with the partners. customer-service reads only.
 */
export const REFERRAL_EDIT_ROLES = ['Admin', 'Manager', 'Representative'] as const satisfies readonly Role[];
