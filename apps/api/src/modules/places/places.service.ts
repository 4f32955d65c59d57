import {
  PLACE_MESSAGES,
  SUGGESTIONS_MAX,
  type AddressSuggestion,
  type Geocode,
  type GeocodeQuery,
  type MapSettings,
  type PropertyData,
  type PropertyDataQuery,
  type SuggestionsQuery,
  type UsState,
  type UsZip,
  type ZipServiceArea,
} from '@lawn/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { lookupUsZip } from '../../reference/us-zips';
import type { ServiceZonesService } from '../service-zones/service-zones.service';
import * as repo from './places.repo';
import type { PlacesProviders } from './providers/places-providers';

/** Suggestions answered when the request does not say how many. */
const DEFAULT_SUGGESTIONS = 8;

/** Staff see the addresses the business serves; anyone else only what reveals no customer (see AddressAutocomplete). */
export type SuggestionAudience = 'staff' | 'public';

export type PlacesServiceDeps = {
  db: Database;
  config: Pick<Config, 'mapTileUrl' | 'mapTileAttribution'>;
  providers: PlacesProviders;
  serviceZones: Pick<ServiceZonesService, 'serviceArea'>;
};

/** One answer per address and zip, whatever the case or spacing. */
const suggestionKey = (suggestion: Pick<AddressSuggestion, 'serviceAddress' | 'zipcode'>) =>
  `${suggestion.serviceAddress.toLowerCase().replace(/\s+/g, ' ')}|${suggestion.zipcode}`;

/** Look-ups for the address forms: states, zips, service areas, address suggestions, positions and county records. */
export function createPlacesService({ db, config, providers, serviceZones }: PlacesServiceDeps) {
  return {
    states: (query: ListQuery): Promise<ListResult<UsState>> => repo.listStates(db, query),

    /** A zip's city, state and centre from the offline zip data set; 404 under the zip field when it is no US zip. */
    usZip(zipcode: string): UsZip {
      const found = lookupUsZip(zipcode);
      if (!found) throw notFound(PLACE_MESSAGES.zipNotFound, { zipcode: [PLACE_MESSAGES.zipNotFound] });
      return found;
    },

    serviceArea: (zipcode: string): Promise<ZipServiceArea> => serviceZones.serviceArea(zipcode),

    /**
     * Completions of a partly typed address: for staff, the addresses the business serves that start with it (with
     * their positions) first; then the provider's (by default, known streets with the typed house number).
     */
    async suggestions(query: SuggestionsQuery, audience: SuggestionAudience): Promise<AddressSuggestion[]> {
      const limit = Math.min(query.limit ?? DEFAULT_SUGGESTIONS, SUGGESTIONS_MAX);
      const known: AddressSuggestion[] =
        audience === 'staff'
          ? (await repo.knownAddressesStartingWith(db, query.q, query.zipcode, limit * 2)).map((address) => ({
              ...address,
              isKnown: true,
            }))
          : [];
      const others = await providers.autocomplete.suggest({ text: query.q, zipcode: query.zipcode, limit });
      const seen = new Set<string>();
      const merged: AddressSuggestion[] = [];
      for (const suggestion of [...known, ...others]) {
        const key = suggestionKey(suggestion);
        if (seen.has(key)) continue;
        seen.add(key);
        merged.push(suggestion);
      }
      return merged.slice(0, limit);
    },

    /** Where an address is; null when neither the address nor its zip can be placed (what a save asks). */
    locate: (query: GeocodeQuery): Promise<Geocode | null> => providers.geocoder.geocode(query),

    /** Where an address is; 404 under the address field when neither the address nor its zip can be placed. */
    async geocode(query: GeocodeQuery): Promise<Geocode> {
      const found = await providers.geocoder.geocode(query);
      if (!found) throw notFound(PLACE_MESSAGES.addressNotLocated, { address: [PLACE_MESSAGES.addressNotLocated] });
      return found;
    },

    /** The county's owner, lot size and assessed value of a property; 404 when the county has no record of it. */
    async propertyData(query: PropertyDataQuery): Promise<PropertyData> {
      const found = await providers.propertyData.lookup(query);
      if (!found) throw notFound(PLACE_MESSAGES.noCountyRecord, { address: [PLACE_MESSAGES.noCountyRecord] });
      return found;
    },

    mapSettings: (): MapSettings => ({ tileUrl: config.mapTileUrl, attribution: config.mapTileAttribution }),
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
