import { LEAD_MESSAGES, normalizePhone, NOTIFICATION_TYPES, type LeadRow, type NewLead } from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest, HttpError } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { notifyOffice } from '../notifications/notifications.service';
import type { PlacesService } from '../places/places.service';
import * as repo from './leads.repo';

type LeadsServiceDeps = {
  db: Database;
  places: Pick<PlacesService, 'serviceArea' | 'usZip'>;
};

/**
 * Leads: a visitor whose zip code the business does not serve leaves a name, a phone and an e-mail address, and the
 * office sees them on its Leads list to call back once it mows there.
 */
export function createLeadsService({ db, places }: LeadsServiceDeps) {
  /** Whether a zone serves the zip now: any refusal of the look-up (404, a zip no zone has) means it does not. */
  async function isServed(zipcode: string): Promise<boolean> {
    try {
      await places.serviceArea(zipcode);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return false;
      throw error;
    }
  }

  return {
    /**
     * Keeps a lead. The zip must be a US zip code (its city and state are kept with it) that no zone serves: for a
     * served one the visitor gets a quote instead, and the answer says so at the field.
     */
    async create(lead: NewLead): Promise<{ id: number }> {
      let place: { city: string; state: string };
      try {
        place = places.usZip(lead.zipcode);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) {
          throw badRequest(undefined, { zipcode: [LEAD_MESSAGES.zipInvalid] });
        }
        throw error;
      }
      if (await isServed(lead.zipcode))
        throw badRequest(LEAD_MESSAGES.zipServed, { zipcode: [LEAD_MESSAGES.zipServed] });
      const id = await db.transaction(async (tx) => {
        const leadId = await repo.insertLead(tx, {
          name: lead.name,
          phone: normalizePhone(lead.phone),
          email: lead.email,
          serviceAddress: lead.serviceAddress,
          zipcode: lead.zipcode,
          city: place.city,
          state: place.state,
        });
        // A lead is not a customer yet: the whole office hears of it, to call back.
        await notifyOffice(tx, {
          typeId: NOTIFICATION_TYPES.other,
          name: `${LEAD_MESSAGES.notificationName}: ${lead.name} (${lead.zipcode})`,
          date: new Date(),
        });
        return leadId;
      });
      return { id };
    },

    list: (query: ListQuery): Promise<ListResult<LeadRow>> => repo.listLeads(db, query),
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
