import { z } from 'zod';
import { serviceZones } from '../../db/schema';
import { equalsFilter, filter, type ListDefinition } from '../../http/list-query';
import { like, sql } from 'drizzle-orm';

/** GET /api/service-zones: one market's zones by zip code, 10 a page (the screen offers 10, 15 and 30). */
export const serviceZonesList: ListDefinition = {
  filters: {
    marketId: equalsFilter(serviceZones.marketId, z.coerce.number().int(), 'Market id'),
    zipcode: filter(z.string().regex(/^\d{1,5}$/), (values) => like(serviceZones.zipcode, `${values[0]}%`), {
      multiple: false,
      description: 'The start of the zip code (1 to 5 digits)',
    }),
  },
  sorts: {
    zipcode: serviceZones.zipcode,
    exceptions: sql`lower(${serviceZones.exceptions})`,
    createdAt: serviceZones.createdAt,
    updatedAt: serviceZones.updatedAt,
    id: serviceZones.id,
  },
  defaultSort: 'zipcode',
  defaultLimit: 10,
  maxLimit: 100,
  tiebreak: serviceZones.id,
};
