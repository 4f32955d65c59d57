import { z } from 'zod';
import { mowYearSchema } from '../schedule/schedule.schema';
import { idSchema } from '../validation';

/**
 * What an external access token lets a customer do (DOMAIN.md "External access token": read-mostly access to the
 * calendar, the payments and the payment method of one property). A token carries the scopes it was issued for.
 */
export const EXTERNAL_SCOPES = ['calendar', 'payments', 'payment-method'] as const;
export type ExternalScope = (typeof EXTERNAL_SCOPES)[number];
export const externalScopeSchema = z.enum(EXTERNAL_SCOPES);

/** Who an external request runs for: one property (one token per address) and what the token allows. */
export const externalAccessSchema = z.object({
  /** A property id, inside the int4 id range so a forged huge id cannot reach a query. */
  propertyId: idSchema,
  scopes: z.array(externalScopeSchema).min(1),
});
export type ExternalAccess = z.infer<typeof externalAccessSchema>;

/** GET /api/external/calendar?year=: the year is optional (the calendar's default year); nothing else is accepted. */
export const externalCalendarQuerySchema = z.strictObject({ year: mowYearSchema.optional() });
export type ExternalCalendarQuery = z.infer<typeof externalCalendarQuerySchema>;
