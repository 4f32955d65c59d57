import { z } from 'zod';
import { ROLES } from './roles';
import { NAV_ICONS, type NavItem } from './navigation';

/** Exact user-facing texts from the spec (spec 1 section 5, spec 3 section 5). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordMin: 'Minimum 8 characters',
  passwordConfirmationRequired: 'Password confirmation is required',
  passwordsMustMatch: 'Passwords must match',
  invalidCredentials: 'These credentials do not match our records.',
  inactiveUser: 'This account is disabled. Contact your administrator.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again in a minute.',
  recoverSent: 'If that address belongs to an account, we have e-mailed a link to reset the password.',
  resetDone: 'Your password has been reset. You can sign in now.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  sessionExpired: 'Your session has expired',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

// `abort` stops at the first failed check so a field shows one message: the "required" one
// for an empty value rather than "required" plus "too short".
const requiredString = (message: string) => z.string({ error: message }).min(1, { message, abort: true });

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, { message: AUTH_MESSAGES.emailRequired, abort: true })
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

const password = (requiredMessage: string) =>
  requiredString(requiredMessage).min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin).max(200);

export const loginSchema = z.strictObject({
  email,
  password: password(AUTH_MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const recoverPasswordSchema = z.strictObject({ email });
export type RecoverPasswordInput = z.infer<typeof recoverPasswordSchema>;

export const resetPasswordSchema = z
  .strictObject({
    password: password(AUTH_MESSAGES.passwordRequired),
    password_confirmation: password(AUTH_MESSAGES.passwordConfirmationRequired),
    password_token: z.string().min(1, AUTH_MESSAGES.resetTokenInvalid).max(200),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['password_confirmation'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const refreshSchema = z.strictObject({ refreshToken: z.string().min(1).max(200) });
export type RefreshInput = z.infer<typeof refreshSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  authType: z.literal('Bearer'),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = z.object({ data: tokenPairSchema });

const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    icon: z.enum(NAV_ICONS),
    url: z.string(),
    children: z.array(navItemSchema).optional(),
  }),
);

export const userSummarySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.number().int(),
  crewNumber: z.number().int().nullable(),
  joinDate: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const meSchema = z.object({
  data: userSummarySchema.extend({
    roles: z.array(z.enum(ROLES)),
    navigation: z.array(navItemSchema),
  }),
});
export type Me = z.infer<typeof meSchema>['data'];

export const messageResponseSchema = z.object({ message: z.string() });
