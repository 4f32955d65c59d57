import { z } from 'zod';

/**
 * The public pages' settings: the quote's video, the marketing site Cancel goes to, and the office's phone (10 digits,
 * null when unset) and hours that every public and customer page shows.
 * Kept apart from the sign-up's form schemas: the quote page reads it on its first load, and those schemas carry the
 * start-date rule, whose holiday tables the quote page must not download.
 */
export const signUpSettingsResponseSchema = z.object({
  data: z.object({
    videoUrl: z.string().nullable(),
    marketingUrl: z.string().nullable(),
    officePhone: z.string().nullable(),
    officeHours: z.string(),
  }),
});
export type SignUpSettings = z.infer<typeof signUpSettingsResponseSchema>['data'];
