import { missingZoneLocation, serviceZoneInputSchema, type ServiceZone } from '@lawn/shared';
import { z } from 'zod';

/**
 * The zone form: the API's rules, and city and state required only while the zip is not one the zip data set knows
 * (the same rule the API applies, from packages/shared). `isZipKnown` is the form's own: the zip check sets it.
 */
export const serviceZoneFormSchema = serviceZoneInputSchema
  .extend({ isZipKnown: z.boolean() })
  .superRefine((form, context) => {
    for (const [field, message] of Object.entries(missingZoneLocation(form, form.isZipKnown))) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });

export type ServiceZoneFormInput = z.input<typeof serviceZoneFormSchema>;

/** An edit starts from the zone; an addition from the market on screen. */
export function serviceZoneFormDefaults(zone: ServiceZone | null, marketId: number): ServiceZoneFormInput {
  if (!zone) return { marketId, zipcode: '', exceptions: '', city: '', state: '', isZipKnown: false };
  const { zipcode, exceptions, city, state, isValidated } = zone;
  return { marketId: zone.marketId, zipcode, exceptions, city, state, isZipKnown: isValidated };
}
