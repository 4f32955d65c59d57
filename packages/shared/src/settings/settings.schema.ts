import { z } from 'zod';
import { AVAILABILITY_TIME_ZONES } from '../availability/availability.schema';
import { normalizePhone, PHONE_PATTERN } from '../customers/customer.schema';
import { versionSchema } from '../http/version';
import { depotSchema, marketDepotSchema } from '../market-map/market-map.schema';
import { marketSchema } from '../markets/market.schema';
import { MOW_YEAR_RANGE } from '../schedule/schedule.schema';
import { decimal, requiredText } from '../validation';
import { firstBroken, whenMissingOrWrongType } from '../validation/rules';

/**
 * The business's own settings, changed by an Admin on the admin panel while the API runs (no redeploy). Each is kept
 * once in the settings store; an environment variable, where one exists, is only its first default.
 */

/** What the daily billing charges: a visit once its crew checked out of it, or every scheduled mow. */
export const BILLING_CHARGE_RULES = ['check-out', 'schedule'] as const;
export type BillingChargeRule = (typeof BILLING_CHARGE_RULES)[number];

/** A retry schedule lists at most this many retries, each at most this many days after the one before. */
export const RETRY_SCHEDULE_LIMITS = { maxRetries: 10, maxDays: 60 } as const;

export const SETTINGS_MESSAGES = {
  officePhoneInvalid: 'Enter a 10-digit US phone number, or leave it empty',
  officeHoursRequired: 'Office hours are required',
  mowYearInvalid: `Choose a mow year from ${MOW_YEAR_RANGE.min} to ${MOW_YEAR_RANGE.max}`,
  billingChargesInvalid: 'Choose what the daily billing charges',
  retryScheduleInvalid: 'Enter the days between retries as numbers separated by commas, e.g. 3,5,7',
  priceChangeEmailsInvalid: 'Choose whether customers are e-mailed their new price',
  retryScheduleRange: `Each retry is 1 to ${RETRY_SCHEDULE_LIMITS.maxDays} days after the one before, at most ${RETRY_SCHEDULE_LIMITS.maxRetries} retries`,
  nothingToChange: 'Change at least one setting',
  stale: 'Someone changed these settings since you opened them. Reload to see their change.',
  saved: 'Settings saved',
  marketNameRequired: 'Market name is required',
  taxRateInvalid: 'Enter a tax rate from 0 to 100 percent',
  timeZoneInvalid: 'Choose a time zone',
  marketPhoneInvalid: 'Enter a 10-digit US phone number, or leave it empty',
  marketNameTaken: 'Another market has this name',
  marketStale: 'Someone changed this market since you opened it. Reload to see their change.',
  marketSaved: 'Market saved',
} as const;
const M = SETTINGS_MESSAGES;

/** A phone that may be left empty: '' means none (null), anything else must be a 10-digit US number. */
const optionalPhone = (message: string) =>
  z
    .string(whenMissingOrWrongType(message))
    .trim()
    .refine((text) => text === '' || PHONE_PATTERN.test(text), firstBroken(message))
    .transform((text) => (text === '' ? null : normalizePhone(text)))
    .meta({ maxLength: 20 });

const isRetryDays = (days: number[]) =>
  days.length >= 1 &&
  days.length <= RETRY_SCHEDULE_LIMITS.maxRetries &&
  days.every((day) => Number.isInteger(day) && day >= 1 && day <= RETRY_SCHEDULE_LIMITS.maxDays);

/** The days between a declined charge and each retry, in order, as the API keeps and is sent them: [3, 5, 7]. */
export const retryDaysSchema = z
  .array(z.number(whenMissingOrWrongType(M.retryScheduleInvalid)), whenMissingOrWrongType(M.retryScheduleInvalid))
  .refine(isRetryDays, firstBroken(M.retryScheduleRange));

/** The same typed as text, '3,5,7', as the admin panel asks for it. */
export const retryScheduleSchema = z
  .string(whenMissingOrWrongType(M.retryScheduleInvalid))
  .refine((text) => /^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/.test(text), firstBroken(M.retryScheduleInvalid))
  .transform((text) => text.split(',').map((day) => Number(day.trim())))
  .pipe(retryDaysSchema);

/** One rule per setting; a PATCH sends any of them, each checked by its own. */
export const SETTING_SCHEMAS = {
  officePhone: optionalPhone(M.officePhoneInvalid),
  officeHours: requiredText({ required: M.officeHoursRequired, max: 100 }),
  /** The mow year the schedule screen opens on; null follows the current mow year. */
  mowYear: z
    .number(whenMissingOrWrongType(M.mowYearInvalid))
    .refine(
      (year) => Number.isInteger(year) && year >= MOW_YEAR_RANGE.min && year <= MOW_YEAR_RANGE.max,
      firstBroken(M.mowYearInvalid),
    )
    .nullable(),
  billingCharges: z.enum(BILLING_CHARGE_RULES, { error: M.billingChargesInvalid }),
  billingRetryDays: retryDaysSchema,
  /** Whether a customer whose price a bulk price update changes is e-mailed the new price before the next visit. */
  priceChangeEmails: z.boolean(whenMissingOrWrongType(M.priceChangeEmailsInvalid)),
};

/** The settings as the store keeps and the API answers them. */
export const settingsValuesSchema = z.object({
  officePhone: z.string().nullable(),
  officeHours: z.string(),
  mowYear: z.number().int().nullable(),
  billingCharges: z.enum(BILLING_CHARGE_RULES),
  billingRetryDays: z.array(z.number().int()),
  priceChangeEmails: z.boolean(),
});
export type SettingsValues = z.infer<typeof settingsValuesSchema>;
export type SettingName = keyof SettingsValues;

/** The page's sections, each saved on its own and showing its own last change. */
export const SETTINGS_SECTIONS = {
  season: ['mowYear'],
  billing: ['billingCharges', 'billingRetryDays', 'priceChangeEmails'],
  publicPages: ['officePhone', 'officeHours'],
} as const satisfies Record<string, readonly SettingName[]>;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;
/** The history also records market edits, under their own section. */
export const SETTINGS_HISTORY_SECTIONS = ['season', 'billing', 'publicPages', 'markets'] as const;
export type SettingsHistorySection = (typeof SETTINGS_HISTORY_SECTIONS)[number];

/** PATCH /api/settings: the settings to change, from the version the editor read (409 when it moved since). */
export const settingsPatchSchema = z
  .strictObject({
    officePhone: SETTING_SCHEMAS.officePhone.optional(),
    officeHours: SETTING_SCHEMAS.officeHours.optional(),
    mowYear: SETTING_SCHEMAS.mowYear.optional(),
    billingCharges: SETTING_SCHEMAS.billingCharges.optional(),
    billingRetryDays: SETTING_SCHEMAS.billingRetryDays.optional(),
    priceChangeEmails: SETTING_SCHEMAS.priceChangeEmails.optional(),
    version: versionSchema,
  })
  .refine(({ version: _version, ...values }) => Object.keys(values).length > 0, M.nothingToChange);
export type SettingsPatch = z.output<typeof settingsPatchSchema>;

/** Who changed a section last, and when (null: nobody since the store was created). */
export const settingsChangeSchema = z.object({
  changedAt: z.string(),
  changedBy: z.string().nullable(),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/** A market as the admin panel edits it: with its depot (null: none yet) and the version its edit sends back. */
export const editableMarketSchema = marketSchema.extend({ depot: depotSchema.nullable(), version: z.number().int() });
export type EditableMarket = z.infer<typeof editableMarketSchema>;

export const settingsResponseSchema = z.object({
  data: z.object({
    values: settingsValuesSchema,
    markets: z.array(editableMarketSchema),
    version: z.number().int(),
    // One property per section (not a record keyed by an enum), so the OpenAPI document names each one it requires.
    lastChanges: z.object({
      season: settingsChangeSchema.nullable(),
      billing: settingsChangeSchema.nullable(),
      publicPages: settingsChangeSchema.nullable(),
      markets: settingsChangeSchema.nullable(),
    } satisfies Record<SettingsHistorySection, z.ZodType>),
  }),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>['data'];

/** PATCH /api/markets/{id}: a market's own settings, from the version the editor read. */
export const marketUpdateSchema = z.strictObject({
  name: requiredText({ required: M.marketNameRequired, max: 100 }),
  taxRate: decimal({ min: 0, max: 100, message: M.taxRateInvalid }).refine(
    // At most 3 decimals, the column's scale (8.25, 6.875).
    (rate) => Math.abs(Math.round(rate * 1000) - rate * 1000) < 1e-6,
    firstBroken(M.taxRateInvalid),
  ),
  timeZone: z.enum(AVAILABILITY_TIME_ZONES, { error: M.timeZoneInvalid }),
  phone: optionalPhone(M.marketPhoneInvalid),
  /** Where the market's crews start and end their day (route order drives from it); null: none; absent: unchanged. */
  depot: marketDepotSchema.nullable().optional(),
  version: versionSchema,
});
export type MarketUpdate = z.output<typeof marketUpdateSchema>;

export const marketSavedResponseSchema = z.object({ message: z.string(), data: editableMarketSchema });

/** The Public pages section's form: the office phone ('' for none) and hours. */
export const publicPagesFormSchema = z.object({
  officePhone: SETTING_SCHEMAS.officePhone,
  officeHours: SETTING_SCHEMAS.officeHours,
});

/** The Billing section's form: what the daily billing charges and the retry schedule typed as '3,5,7'. */
export const billingFormSchema = z.object({
  billingCharges: SETTING_SCHEMAS.billingCharges,
  billingRetryDays: retryScheduleSchema,
  priceChangeEmails: SETTING_SCHEMAS.priceChangeEmails,
});
