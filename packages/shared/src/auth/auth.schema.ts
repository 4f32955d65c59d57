import { z } from 'zod';
import { ROLES } from './roles';
import { NAV_ICONS, type NavItem } from './navigation';
import { EMAIL_PATTERN, requiredText, VALIDATION_MESSAGES } from '../validation';

/** Exact user-facing texts of sign-in, password recovery and reset. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordMin: 'Minimum 8 characters',
  passwordConfirmationRequired: 'Password confirmation is required',
  passwordsMustMatch: 'Passwords must match',
  invalidCredentials: 'These credentials do not match our records.',
  inactiveUser: 'This account is disabled. Contact your administrator.',
  /** Customers sign in to their own pages, not to the staff back office. */
  notStaff: 'This account cannot sign in to the back office.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again in a minute.',
  recoverSent: 'If that address belongs to an account, we have e-mailed a link to reset the password.',
  resetDone: 'Your password has been reset. You can sign in now.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  sessionExpired: 'Your session has expired',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 200;
/** Reset and refresh tokens are short random strings; anything longer is not one of ours. */
const TOKEN_MAX_LENGTH = 200;

/** Required, then a valid address; blanks count as missing. */
const email = requiredText({
  required: AUTH_MESSAGES.emailRequired,
  pattern: { regex: EMAIL_PATTERN, message: AUTH_MESSAGES.emailInvalid },
  max: 255,
});

/** Required, at least 8 characters; spaces are part of a password, so it is not trimmed. */
const password = (required: string) =>
  requiredText({
    required,
    min: PASSWORD_MIN_LENGTH,
    minMessage: AUTH_MESSAGES.passwordMin,
    max: PASSWORD_MAX_LENGTH,
    trim: false,
  });

export const loginSchema = z.strictObject({
  email,
  password: password(AUTH_MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const recoverPasswordSchema = z.strictObject({ email });
export type RecoverPasswordInput = z.infer<typeof recoverPasswordSchema>;

/** The new password and its confirmation, each valid on its own. */
const passwordPair = z.object({
  password: password(AUTH_MESSAGES.passwordRequired),
  password_confirmation: password(AUTH_MESSAGES.passwordConfirmationRequired),
});

export const resetPasswordSchema = z
  .strictObject({
    ...passwordPair.shape,
    password_token: requiredText({
      required: AUTH_MESSAGES.resetTokenInvalid,
      max: TOKEN_MAX_LENGTH,
      maxMessage: AUTH_MESSAGES.resetTokenInvalid,
      trim: false,
    }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: AUTH_MESSAGES.passwordsMustMatch,
    path: ['password_confirmation'],
    // Compared only once both are valid passwords, so the confirmation answers one message at a time.
    when: (payload) => passwordPair.safeParse(payload.value).success,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const refreshSchema = z.strictObject({
  refreshToken: requiredText({ required: VALIDATION_MESSAGES.required, max: TOKEN_MAX_LENGTH, trim: false }),
});
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
