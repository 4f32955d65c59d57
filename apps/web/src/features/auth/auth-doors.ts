import { APP_PATHS, AUTH_MESSAGES, isStaffRole, type Role } from '@lawn/shared';

/** The two sign-ins with e-mail and password: the staff back office and the customer web account. */
export type AuthDoor = 'staff' | 'customer';

export type AuthDoorSettings = {
  /** Where this door's calls go under /api. */
  apiPrefix: string;
  login: string;
  forgotPassword: string;
  resetPassword: string;
  loginSubtitle: string;
  /** Whether the signed-in role belongs behind this door. */
  accepts: (role: Role) => boolean;
  /** Said when a role from the other door got through (the server refuses it already). */
  refusal: string;
};

/**
 * Where a sign-in page sends someone who is already signed in: at the staff door, the page they were going to (the
 * dashboard by default; the staff shell sends a customer session on); at the customer door, a customer to their own
 * area and a staff user to their dashboard, never into the customer area. A session whose role is not known yet counts
 * as staff: the staff shell reads the profile and sends a customer on.
 */
export function signedInHome(door: AuthDoor, role: Role | null, stafferGoal: string): string {
  // Crew members work from their phone's day, never the office screens.
  if (role === 'crew') return APP_PATHS.crewToday;
  if (door === 'staff') return stafferGoal;
  return role === null || isStaffRole(role) ? APP_PATHS.dashboard : APP_PATHS.customerPaymentList;
}

export const AUTH_DOORS: Record<AuthDoor, AuthDoorSettings> = {
  staff: {
    apiPrefix: '/auth',
    login: APP_PATHS.login,
    forgotPassword: APP_PATHS.forgotPassword,
    resetPassword: APP_PATHS.resetPassword,
    loginSubtitle: 'Use the e-mail address and password of your staff account.',
    accepts: isStaffRole,
    refusal: AUTH_MESSAGES.notStaff,
  },
  customer: {
    apiPrefix: '/web/auth',
    login: APP_PATHS.webLogin,
    forgotPassword: APP_PATHS.webForgotPassword,
    resetPassword: APP_PATHS.webResetPassword,
    loginSubtitle: 'Sign in to see your properties and update your payment method.',
    accepts: (role) => role === 'customers',
    // A staff account is answered like wrong credentials at the customer door.
    refusal: AUTH_MESSAGES.invalidCredentials,
  },
};
