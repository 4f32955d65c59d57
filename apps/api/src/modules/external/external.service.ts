import type { Calendar } from '@lawn/shared';
import type { Database } from '../../db/client';
import type { CalendarService } from '../calendar/calendar.service';
import * as repo from './external.repo';

export type ExternalServiceDeps = { db: Database; calendar: Pick<CalendarService, 'calendar'> };

export type ExternalCalendar = { calendar: { data: Calendar['data'] }; year: number; years: number[] };

/**
 * What a customer with an external token may read. Every method takes the property id from the verified token,
 * never from the request, so a token can only ever reach its own property.
 */
export function createExternalService({ db, calendar }: ExternalServiceDeps) {
  return {
    isLiveProperty: (propertyId: number): Promise<boolean> => repo.isLiveProperty(db, propertyId),

    /** The property's whole year, read-only (spec 3 section 3: calendar with its data list, year, years). */
    async calendar(propertyId: number, year: number | undefined): Promise<ExternalCalendar> {
      const result = await calendar.calendar(propertyId, { year, filter: 'all' });
      return { calendar: { data: result.data }, year: result.year, years: result.years };
    },
  };
}

export type ExternalService = ReturnType<typeof createExternalService>;
