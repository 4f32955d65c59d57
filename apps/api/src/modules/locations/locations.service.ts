import { LOCATION_MESSAGES, type Actor, type Location, type LocationCreate, type LocationPatch } from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { LOCATION_ACCOUNT_UNIQUE_INDEX, type locations } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { liveRecordIdOfAccount, recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import * as repo from './locations.repo';

function toLocation(location: typeof locations.$inferSelect, linkedLiveId: number | null): Location {
  return {
    id: location.id,
    customerAttributesId: location.propertyId,
    streetAddress: location.streetAddress,
    accountNumber: location.accountNumber,
    zipCode: location.zipCode,
    linkedCustomerAttributesId: linkedLiveId,
    status: location.status,
    version: location.version,
    createdAt: location.createdAt.toISOString(),
  };
}

const describe = (location: Pick<Location, 'streetAddress' | 'accountNumber' | 'zipCode'>) =>
  `${location.streetAddress}, ${location.zipCode} (account ${location.accountNumber})`;

/**
 * The live record holding `accountNumber`, which must be another record than `propertyId`: a location names another
 * customer record (400 at the account number otherwise).
 */
async function verifiedAccount(tx: Executor, propertyId: number, accountNumber: string): Promise<number> {
  const linkedId = await liveRecordIdOfAccount(tx, accountNumber);
  if (linkedId === null) throw badRequest(undefined, { accountNumber: [LOCATION_MESSAGES.accountNotFound] });
  if (linkedId === propertyId) throw badRequest(undefined, { accountNumber: [LOCATION_MESSAGES.ownAccount] });
  return linkedId;
}

/** A record lists an account once: the unique index's refusal, in the words of the form. */
function alreadyAssignedOr(error: unknown): unknown {
  return isUniqueViolation(error, LOCATION_ACCOUNT_UNIQUE_INDEX)
    ? conflict(LOCATION_MESSAGES.alreadyAssigned, { accountNumber: [LOCATION_MESSAGES.alreadyAssigned] })
    : error;
}

const EDITABLE_FIELDS = ['streetAddress', 'accountNumber', 'zipCode'] as const;

/** "Other locations" of a customer record: other records, named by their account numbers. */
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
          const linkedId = await verifiedAccount(tx, propertyId, input.accountNumber);
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
        throw alreadyAssignedOr(error);
      }
    },

    /**
     * Saves an edit made from version `patch.version` of an active location, under the rules of a new one: a newer
     * version (someone changed it meanwhile) is a 409 and nothing is written. A changed account number is verified
     * again and links the record it now names; an unchanged one is not, so a street can be corrected even after the
     * linked record was deleted. An edit that changes nothing writes nothing.
     */
    async update(propertyId: number, locationId: number, patch: LocationPatch, actor: Actor): Promise<Location> {
      const { version, ...values } = patch;
      try {
        return await db.transaction(async (tx) => {
          await requireLiveRecord(tx, propertyId);
          const current = await repo.lockActiveLocation(tx, propertyId, locationId);
          if (!current) throw notFound(LOCATION_MESSAGES.notFound);
          if (current.version !== version) throw conflict(LOCATION_MESSAGES.stale);
          const changed = EDITABLE_FIELDS.filter((field) => current[field] !== values[field]);
          if (changed.length > 0) {
            const linkedPropertyId =
              values.accountNumber === current.accountNumber
                ? current.linkedPropertyId
                : await verifiedAccount(tx, propertyId, values.accountNumber);
            await repo.updateLocation(tx, locationId, { ...values, linkedPropertyId });
            await recordPropertyChange(tx, {
              propertyId,
              actor,
              action: 'location',
              description: `Changed location ${describe(current)} to ${describe(values)}`,
              changes: {
                [`location.${locationId}`]: {
                  from: Object.fromEntries(changed.map((field) => [field, current[field]])),
                  to: Object.fromEntries(changed.map((field) => [field, values[field]])),
                },
              },
              isEdit: true,
            });
          }
          const row = await repo.findLocation(tx, locationId);
          if (!row) throw notFound(LOCATION_MESSAGES.notFound);
          return toLocation(row.location, row.linkedLiveId);
        });
      } catch (error) {
        throw alreadyAssignedOr(error);
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
