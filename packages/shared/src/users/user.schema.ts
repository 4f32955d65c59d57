import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../auth/auth.schema';
import { ROLES, type Role } from '../auth/roles';
import { versionSchema } from '../http/version';
import { EMAIL_PATTERN, ID_RANGE, requiredText, wholeNumber } from '../validation';
import {
  firstBroken,
  hasLoneSurrogate,
  hasNul,
  VALIDATION_MESSAGES,
  whenMissingOrWrongType,
} from '../validation/rules';

/** Texts of the user, crew member and B&B crew forms, and our own where the product gives none. */
export const USER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  passwordMin: AUTH_MESSAGES.passwordMin,
  roleRequired: 'Role is required',
  emailTaken: 'The email has already been taken.',
  notFound: 'User not found',
  stale: 'Someone else changed this user meanwhile. Reload it to see their changes.',
  ownAccount: 'You cannot deactivate your own account.',
  created: 'User created',
  invited: 'User created. A set-your-password e-mail is on its way.',
  updated: 'User saved',
} as const;

/** The roles the Users page creates and edits; crew members have their own page and form. */
export const USER_FORM_ROLES = [
  'Admin',
  'Manager',
  'Representative',
  'customer-service',
] as const satisfies readonly Role[];
export type UserFormRole = (typeof USER_FORM_ROLES)[number];

const NAME_MAX = 50;
const PASSWORD_MAX = 200;

export const personName = (required: string) => requiredText({ required, max: NAME_MAX });

/** A new account's sign-in address: required, valid, stored lower-case (sign-in ignores case). */
export const newAccountEmail = requiredText({
  required: USER_MESSAGES.emailRequired,
  pattern: { regex: EMAIL_PATTERN, message: USER_MESSAGES.emailInvalid },
  max: 255,
}).transform((email) => email.toLowerCase());

/**
 * A password typed by the office, or '' for none: on create the new user then gets a set-your-password e-mail, on edit
 * the password stays as it is. Spaces are part of a password, so it is not trimmed.
 */
export const optionalPassword = z
  .string(whenMissingOrWrongType(USER_MESSAGES.passwordMin))
  .refine((text) => !hasNul(text), firstBroken(VALIDATION_MESSAGES.noNul))
  .refine((text) => !hasLoneSurrogate(text), firstBroken(VALIDATION_MESSAGES.brokenCharacter))
  .refine((text) => text === '' || text.length >= PASSWORD_MIN_LENGTH, firstBroken(USER_MESSAGES.passwordMin))
  .refine((text) => text.length <= PASSWORD_MAX, firstBroken(VALIDATION_MESSAGES.maxCharacters(PASSWORD_MAX)))
  .meta({ maxLength: PASSWORD_MAX });

const role = z.enum(USER_FORM_ROLES, { error: USER_MESSAGES.roleRequired });

/** POST /api/users: a staff user. An empty password sends the set-your-password e-mail instead. */
export const userCreateSchema = z.strictObject({
  firstName: personName(USER_MESSAGES.firstNameRequired),
  lastName: personName(USER_MESSAGES.lastNameRequired),
  email: newAccountEmail,
  password: optionalPassword,
  role,
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** The values a user can have: 1 active (signs in), 0 inactive (cannot, and is left out of the pickers). */
export const userStatusSchema = z.union([z.literal(1), z.literal(0)], { error: VALIDATION_MESSAGES.choose });

/**
 * PATCH /api/users/{id}: the e-mail is the sign-in and is not changed here; an empty password keeps the current one.
 * `status` 0 deactivates the user (never deleted: the history keeps their name), ending their sessions at once.
 */
export const userUpdateSchema = z.strictObject({
  firstName: personName(USER_MESSAGES.firstNameRequired),
  lastName: personName(USER_MESSAGES.lastNameRequired),
  // Left out (or empty) on edit: the current password stays.
  password: optionalPassword.optional(),
  role,
  status: userStatusSchema,
  version: versionSchema,
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** One user as the edit forms read it (no password, ever). */
export const userDetailSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.number().int(),
  crewNumber: z.number().int().nullable(),
  serviceMarketId: z.number().int().nullable(),
  joinDate: z.string(),
  version: z.number().int(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userDetailResponseSchema = z.object({ data: userDetailSchema });
export const userSavedResponseSchema = z.object({ message: z.string(), data: userDetailSchema });

/** Texts of the crew member and B&B crew forms. */
export const CREW_MESSAGES = {
  crewNumberRequired: 'Crew number is required',
  crewNumberMin: 'Minimum value 1',
  crewNumberMax: 'Max. 5 digits',
  marketRequired: 'Market is required',
  notFound: 'Crew member not found',
  created: 'Crew member created',
  updated: 'Crew member saved',
} as const;

/** Crew numbers are what the office types on the map and the reports: 1 to 5 digits. */
export const CREW_NUMBER_MAX = 99_999;

export const crewNumberSchema = z
  .number(whenMissingOrWrongType(CREW_MESSAGES.crewNumberRequired))
  .refine((value) => Number.isInteger(value), firstBroken(CREW_MESSAGES.crewNumberRequired))
  .refine((value) => value >= 1, firstBroken(CREW_MESSAGES.crewNumberMin))
  .refine((value) => value <= CREW_NUMBER_MAX, firstBroken(CREW_MESSAGES.crewNumberMax))
  .meta({ type: 'integer', minimum: 1, maximum: CREW_NUMBER_MAX });

/** POST /api/crew-members: a crew user. An empty password sends the set-your-password e-mail instead. */
export const crewMemberCreateSchema = z.strictObject({
  firstName: personName(USER_MESSAGES.firstNameRequired),
  lastName: personName(USER_MESSAGES.lastNameRequired),
  email: newAccountEmail,
  password: optionalPassword,
  crewNumber: crewNumberSchema,
});
export type CrewMemberCreate = z.infer<typeof crewMemberCreateSchema>;

/** PATCH /api/crew-members/{id}: the e-mail is not sent; an empty password keeps the current one. */
export const crewMemberUpdateSchema = z.strictObject({
  firstName: personName(USER_MESSAGES.firstNameRequired),
  lastName: personName(USER_MESSAGES.lastNameRequired),
  // Left out (or empty) on edit: the current password stays.
  password: optionalPassword.optional(),
  crewNumber: crewNumberSchema,
  status: userStatusSchema,
  version: versionSchema,
});
export type CrewMemberUpdate = z.infer<typeof crewMemberUpdateSchema>;

const serviceMarketIdSchema = wholeNumber({ ...ID_RANGE, required: CREW_MESSAGES.marketRequired });

/**
 * POST /api/bb-crews: a bush-and-bed crew member, who works in one market. They sign in once they chose a password
 * through the set-your-password e-mail.
 */
export const bbCrewCreateSchema = z.strictObject({
  firstName: personName(USER_MESSAGES.firstNameRequired),
  lastName: personName(USER_MESSAGES.lastNameRequired),
  email: newAccountEmail,
  serviceMarketId: serviceMarketIdSchema,
});
export type BbCrewCreate = z.infer<typeof bbCrewCreateSchema>;

/** PATCH /api/bb-crews/{id}: the e-mail is not sent. */
export const bbCrewUpdateSchema = z.strictObject({
  firstName: personName(USER_MESSAGES.firstNameRequired),
  lastName: personName(USER_MESSAGES.lastNameRequired),
  serviceMarketId: serviceMarketIdSchema,
  status: userStatusSchema,
  version: versionSchema,
});
export type BbCrewUpdate = z.infer<typeof bbCrewUpdateSchema>;

/** A row of the B&B crews list. */
export const bbCrewRowSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  joinDate: z.string(),
  status: z.number().int(),
  serviceMarket: z.object({ id: z.number().int(), name: z.string() }),
});
export type BbCrewRow = z.infer<typeof bbCrewRowSchema>;
