import { addressKey, parseStreetAddress, ZIP_PATTERN, type AddressSuggestion } from '@lawn/shared';
import type { Database } from '../../../db/client';
import { lookupUsZip } from '../../../reference/us-zips';
import * as repo from '../places.repo';
import type { AddressAutocomplete, Geocoder, PlacesProviders, PropertyDataSource } from './places-providers';

/**
 * Suggestions from the streets the business already serves: "1204 Oak" offers "1204 Oak Lawn Ave" in every zip code
 * where a property is on Oak Lawn Ave (only that zip's streets once the zip is known). A bare house number offers the
 * streets of the zip; without a zip it offers nothing, as any street would do.
 */
function localAutocomplete(db: Database): AddressAutocomplete {
  return {
    async suggest({ text, zipcode, limit }) {
      const { houseNumber, street } = parseStreetAddress(text);
      if (street === '' && !zipcode) return [];
      const streets = await repo.knownStreetsStartingWith(db, street, zipcode, limit);
      return streets.map((known): AddressSuggestion => ({
        serviceAddress: houseNumber ? `${houseNumber} ${known.street}` : known.street,
        zipcode: known.zipcode,
        city: known.city,
        state: known.state,
        isKnown: false,
        lat: null,
        lng: null,
      }));
    },
  };
}

/** A zip code written at the end of an address ("..., Dallas, TX 75201"). */
function trailingZip(address: string): string | undefined {
  const last = /(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1];
  return last && ZIP_PATTERN.test(last) ? last : undefined;
}

/**
 * An address the business serves keeps the position recorded with it. Any other address is placed at its zip code's
 * centre (from the offline zip data set), marked approximate; without a zip it cannot be placed.
 */
function localGeocoder(db: Database): Geocoder {
  return {
    async geocode({ address, zipcode }) {
      const known = await repo.findKnownAddress(db, address.trim().replace(/\s+/g, ' '), zipcode);
      if (known?.lat != null && known.lng != null) {
        const { lat, lng, city, state } = known;
        return { lat, lng, city, state, zipcode: known.zipcode, isApproximate: false };
      }
      const usZip = lookupUsZip(zipcode ?? trailingZip(address) ?? '');
      if (!usZip) return null;
      return {
        lat: usZip.lat,
        lng: usZip.lng,
        city: usZip.city,
        state: usZip.state,
        zipcode: usZip.zipcode,
        isApproximate: true,
      };
    },
  };
}

/** The county_records table, matched on the zip and the normalised address. */
function localPropertyData(db: Database): PropertyDataSource {
  return { lookup: ({ address, zipcode }) => repo.findCountyRecord(db, zipcode, addressKey(address)) };
}

/** The offline defaults: every answer comes from this database and the bundled zip data set. */
export function createLocalPlacesProviders(db: Database): PlacesProviders {
  return { autocomplete: localAutocomplete(db), geocoder: localGeocoder(db), propertyData: localPropertyData(db) };
}
