import { z } from 'zod';
import { BILLING_CHARGE_RULES } from '../settings/settings.schema';

/**
 * The public pages' settings: the quote's video, the marketing site Cancel goes to, and the office's phone (10 digits,
 * null when unset) and hours that every public and customer page shows, and the billing rule the charge authorization
 * names.
 * Kept apart from the sign-up's form schemas: the quote page reads it on its first load, and those schemas carry the
 * start-date rule, whose holiday tables the quote page must not download.
 */
export const signUpSettingsResponseSchema = z.object({
  data: z.object({
    videoUrl: z.string().nullable(),
    marketingUrl: z.string().nullable(),
    officePhone: z.string().nullable(),
    officeHours: z.string(),
    /** What the daily billing charges: the sign-up's charge authorization says when the customer is charged. */
    billingCharges: z.enum(BILLING_CHARGE_RULES),
  }),
});
export type SignUpSettings = z.infer<typeof signUpSettingsResponseSchema>['data'];
