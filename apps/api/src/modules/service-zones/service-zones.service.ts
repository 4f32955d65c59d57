import {
  missingZoneLocation,
  PLACE_MESSAGES,
  SERVICE_ZONE_MESSAGES,
  type ServiceZone,
  type ServiceZoneValues,
  type ZipServiceArea,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { SERVICE_ZONE_ZIPCODE_UNIQUE_INDEX } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { addFieldError, badRequest, conflict, notFound, type FieldErrors } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { lookupUsZip, statesOfZipArea } from '../../reference/us-zips';
import type { MarketsService } from '../markets/markets.service';
import * as repo from './service-zones.repo';

export type ServiceZonesServiceDeps = { db: Database; markets: Pick<MarketsService, 'find'> };

const zipTaken = (marketName: string) => {
  const message = SERVICE_ZONE_MESSAGES.zipTaken(marketName);
  return badRequest(message, { zipcode: [message] });
};

/** A zip no zone serves: 404 with the reason under the zip field, which the address forms show there. */
function outsideServiceArea(zipcode: string) {
  const message = lookupUsZip(zipcode) ? PLACE_MESSAGES.notInServiceArea : PLACE_MESSAGES.zipNotFound;
  return notFound(message, { zipcode: [message] });
}

export function createServiceZonesService({ db, markets }: ServiceZonesServiceDeps) {
  /**
   * What is stored for a zone as a person typed it. A zip in the US zip data set is validated and takes its city and
   * state from there; any other zip needs both typed, the state being one of the states list and the state of the US
   * zips that start with the same three digits (a zip no US zip starts like is none; a city and state left over from
   * another zip are refused). A zip belongs to one market at most, so a zip another zone holds is refused with that
   * zone's market named.
   */
  async function resolve(input: ServiceZoneValues, zoneId?: number): Promise<repo.ServiceZoneValues> {
    const errors: FieldErrors = {};
    const usZip = lookupUsZip(input.zipcode);
    for (const [field, message] of Object.entries(missingZoneLocation(input, usZip !== null))) {
      addFieldError(errors, field, message);
    }
    const state = usZip?.state ?? input.state.toUpperCase();
    const areaStates = usZip ? [usZip.state] : statesOfZipArea(input.zipcode);
    if (areaStates.length === 0) addFieldError(errors, 'zipcode', SERVICE_ZONE_MESSAGES.zipNoArea);
    if (!usZip && state !== '') {
      if (!(await repo.stateExists(db, state))) addFieldError(errors, 'state', SERVICE_ZONE_MESSAGES.stateUnknown);
      else if (areaStates.length > 0 && !areaStates.includes(state)) {
        addFieldError(errors, 'state', SERVICE_ZONE_MESSAGES.stateNotOfZip(areaStates));
      }
    }
    if (!(await markets.find(input.marketId))) addFieldError(errors, 'marketId', SERVICE_ZONE_MESSAGES.marketRequired);
    const holder = await repo.findServiceZoneByZip(db, input.zipcode);
    if (holder && holder.id !== zoneId) {
      addFieldError(errors, 'zipcode', SERVICE_ZONE_MESSAGES.zipTaken(holder.marketName));
    }
    if (Object.keys(errors).length > 0) throw badRequest(undefined, errors);
    return {
      marketId: input.marketId,
      zipcode: input.zipcode,
      exceptions: input.exceptions,
      city: usZip?.city ?? input.city,
      state,
      isValidated: usZip !== null,
    };
  }

  async function get(id: number): Promise<ServiceZone> {
    const zone = await repo.findServiceZone(db, id);
    if (!zone) throw notFound(SERVICE_ZONE_MESSAGES.notFound);
    return zone;
  }

  /** A unique violation means another request took the zip between the check and the write. */
  async function takenMeanwhile(error: unknown, zipcode: string): Promise<never> {
    if (!isUniqueViolation(error, SERVICE_ZONE_ZIPCODE_UNIQUE_INDEX)) throw error;
    const holder = await repo.findServiceZoneByZip(db, zipcode);
    throw zipTaken(holder?.marketName ?? '');
  }

  return {
    list: (query: ListQuery): Promise<ListResult<ServiceZone>> => repo.listServiceZones(db, query),

    get,

    async create(input: ServiceZoneValues, userId: number): Promise<ServiceZone> {
      const values = await resolve(input);
      const id = await repo
        .insertServiceZone(db, values, userId)
        .catch((error: unknown) => takenMeanwhile(error, values.zipcode));
      return get(id);
    },

    /** A change made on the version the person saw; 409 when someone changed the zone since. */
    async update(id: number, patch: ServiceZoneValues & { version: number }, userId: number): Promise<ServiceZone> {
      const current = await get(id);
      if (current.version !== patch.version) throw conflict(SERVICE_ZONE_MESSAGES.stale);
      const values = await resolve(patch, id);
      const isChanged = await repo
        .updateServiceZone(db, id, patch.version, values, userId)
        .catch((error: unknown) => takenMeanwhile(error, values.zipcode));
      if (!isChanged) {
        await get(id);
        throw conflict(SERVICE_ZONE_MESSAGES.stale);
      }
      return get(id);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.deleteServiceZone(db, id))) throw notFound(SERVICE_ZONE_MESSAGES.notFound);
    },

    /**
     * The market serving a zip, its exceptions, tax rate and phone, with the zip's centre from the zip data set.
     * A zip in no zone answers 404: 'not in our service area', or 'not found' when it is no US zip at all.
     */
    async serviceArea(zipcode: string): Promise<ZipServiceArea> {
      const area = await repo.findServiceArea(db, zipcode);
      if (!area) throw outsideServiceArea(zipcode);
      const usZip = lookupUsZip(zipcode);
      return { ...area, lat: usZip?.lat ?? null, lng: usZip?.lng ?? null };
    },
  };
}

export type ServiceZonesService = ReturnType<typeof createServiceZonesService>;
