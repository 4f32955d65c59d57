import { LOCATION_MESSAGES, type Actor, type Location, type LocationCreate } from '@lawn/shared';
import type { Database } from '../../db/client';
import type { locations } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { liveRecordIdOfAccount, recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import * as repo from './locations.repo';

const ACCOUNT_UNIQUE_CONSTRAINT = 'locations_property_account_unique';

function toLocation(location: typeof locations.$inferSelect, linkedLiveId: number | null): Location {
  return {
    id: location.id,
    customerAttributesId: location.propertyId,
    streetAddress: location.streetAddress,
    accountNumber: location.accountNumber,
    zipCode: location.zipCode,
    linkedCustomerAttributesId: linkedLiveId,
    status: location.status,
    createdAt: location.createdAt.toISOString(),
  };
}

const describe = (location: Pick<Location, 'streetAddress' | 'accountNumber' | 'zipCode'>) =>
  `${location.streetAddress}, ${location.zipCode} (account ${location.accountNumber})`;

/** "Other locations" of a customer record (spec 2 §2.2): other records, named by their account numbers. */
export function createLocationsService({ db }: { db: Database }) {
  return {
    async list(propertyId: number): Promise<Location[]> {
      await requireLiveRecord(db, propertyId);
      const rows = await repo.listActiveLocations(db, propertyId);
      return rows.map((row) => toLocation(row.location, row.linkedLiveId));
    },

    /**
     * Assigns a location: its account number must be another live record's (the verification the tab runs first,
     * checked again here), and a record lists an account once.
     */
    async add(propertyId: number, input: LocationCreate, actor: Actor): Promise<Location> {
      try {
        return await db.transaction(async (tx) => {
          await requireLiveRecord(tx, propertyId);
          const linkedId = await liveRecordIdOfAccount(tx, input.accountNumber);
          if (linkedId === null) throw badRequest(undefined, { accountNumber: [LOCATION_MESSAGES.accountNotFound] });
          if (linkedId === propertyId) throw badRequest(undefined, { accountNumber: [LOCATION_MESSAGES.ownAccount] });
          const location = await repo.insertLocation(tx, {
            propertyId,
            linkedPropertyId: linkedId,
            ...input,
            createdBy: actor.id,
          });
          await recordPropertyChange(tx, {
            propertyId,
            actor,
            action: 'location',
            description: `Assigned location ${describe(input)}`,
            changes: { [`location.${location.id}`]: { from: null, to: input } },
            isEdit: true,
          });
          return toLocation(location, linkedId);
        });
      } catch (error) {
        if (isUniqueViolation(error, ACCOUNT_UNIQUE_CONSTRAINT)) {
          throw conflict(LOCATION_MESSAGES.alreadyAssigned, { accountNumber: [LOCATION_MESSAGES.alreadyAssigned] });
        }
        throw error;
      }
    },

    async remove(propertyId: number, locationId: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await requireLiveRecord(tx, propertyId);
        const removed = await repo.removeLocation(tx, propertyId, locationId);
        if (!removed) throw notFound(LOCATION_MESSAGES.notFound);
        await recordPropertyChange(tx, {
          propertyId,
          actor,
          action: 'location',
          description: `Removed location ${describe(removed)}`,
          changes: { [`location.${removed.id}`]: { from: 'active', to: 'removed' } },
          isEdit: true,
        });
      });
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
