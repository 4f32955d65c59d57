import { z } from 'zod';

/**
 * A service market as the market pickers list it (mow availability, the service-address form): its name, the tax rate
 * its services are charged, its time zone and office phone.
 */
export const marketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Sales-tax rate in percent, e.g. 8.25. */
  taxRate: z.number(),
  /** IANA time zone the market's times are shown in. */
  timeZone: z.string(),
  /** The market office's phone number, 10 digits (the record's and the quote's `phoneMarket`), when it has one. */
  phone: z.string().nullable(),
});
export type Market = z.infer<typeof marketSchema>;

export const marketListSchema = z.object({ data: z.array(marketSchema) });
export const marketResponseSchema = z.object({ data: marketSchema });
