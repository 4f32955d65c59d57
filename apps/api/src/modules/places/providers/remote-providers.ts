import { parseStreetAddress, propertyDataSchema, type AddressSuggestion, US_STATES } from '@lawn/shared';
import { z } from 'zod';
import type { AddressAutocomplete, Geocoder, PropertyDataSource } from './places-providers';

export type RemoteOptions = {
  /** The service's endpoint, from the configuration. */
  url: string;
  /** How long one call may take; a slower answer counts as a failure. */
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** Public OpenStreetMap services ask every client to say who it is. */
const USER_AGENT = 'lawn-care-office (places look-ups)';

/** GET url?query as JSON; null for a 404, an error for anything else that is not a 200 (or for a late answer). */
async function getJson(options: RemoteOptions, query: Record<string, string>): Promise<unknown> {
  const url = new URL(options.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await (options.fetch ?? fetch)(url, {
    headers: { accept: 'application/json', 'user-agent': USER_AGENT },
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url.origin} answered ${response.status}`);
  return response.json();
}

const STATE_CODES = new Map(US_STATES.map((state) => [state.name.toLowerCase(), state.code]));

/** A state as these services write it ("Texas", or "US-TX"), as its USPS code. */
function stateCode(name: string | undefined, iso?: string): string | null {
  const fromIso = /^US-([A-Z]{2})$/.exec(iso ?? '')?.[1];
  if (fromIso) return fromIso;
  return name ? (STATE_CODES.get(name.toLowerCase()) ?? null) : null;
}

/** ZIP+4 and other forms down to the 5-digit zip, or null. */
const zip5 = (postcode: string | undefined) => /^(\d{5})(?:-\d{4})?$/.exec(postcode?.trim() ?? '')?.[1] ?? null;

const photonSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.looseObject({
        countrycode: z.string().optional(),
        housenumber: z.string().optional(),
        street: z.string().optional(),
        name: z.string().optional(),
        city: z.string().optional(),
        state: z.string().optional(),
        postcode: z.string().optional(),
      }),
    }),
  ),
});

/**
 * A Photon-compatible search service (https://photon.komoot.io/api/ and self-hosted copies). Only US addresses with
 * a street and a zip code are kept; a suggestion without its own house number takes the one that was typed.
 */
export function photonAutocomplete(options: RemoteOptions): AddressAutocomplete {
  return {
    async suggest({ text, zipcode, limit }) {
      const answer = photonSchema.parse(
        await getJson(options, { q: zipcode ? `${text} ${zipcode}` : text, limit: String(limit * 3), lang: 'en' }),
      );
      const typedNumber = parseStreetAddress(text).houseNumber;
      const suggestions: AddressSuggestion[] = [];
      for (const { geometry, properties } of answer.features) {
        const zip = zip5(properties.postcode);
        const street = properties.street ?? (properties.housenumber ? undefined : properties.name);
        const state = stateCode(properties.state);
        const number = properties.housenumber ?? typedNumber;
        if (properties.countrycode?.toUpperCase() !== 'US' || !zip || !street || !state || !properties.city) continue;
        if (zipcode && zip !== zipcode) continue;
        const isExact = properties.housenumber !== undefined;
        suggestions.push({
          serviceAddress: number ? `${number} ${street}` : street,
          zipcode: zip,
          city: properties.city,
          state,
          isKnown: false,
          lat: isExact ? geometry.coordinates[1] : null,
          lng: isExact ? geometry.coordinates[0] : null,
        });
      }
      return suggestions.slice(0, limit);
    },
  };
}

const nominatimSchema = z.array(
  z.object({
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    address: z
      .looseObject({
        house_number: z.string().optional(),
        city: z.string().optional(),
        town: z.string().optional(),
        village: z.string().optional(),
        hamlet: z.string().optional(),
        state: z.string().optional(),
        'ISO3166-2-lvl4': z.string().optional(),
        postcode: z.string().optional(),
      })
      .default({}),
  }),
);

/** A Nominatim-compatible search service, limited to the US; a match without a house number is approximate. */
export function nominatimGeocoder(options: RemoteOptions): Geocoder {
  return {
    async geocode({ address, zipcode }) {
      const [first] = nominatimSchema.parse(
        await getJson(options, {
          q: zipcode ? `${address}, ${zipcode}` : address,
          format: 'jsonv2',
          addressdetails: '1',
          countrycodes: 'us',
          limit: '1',
        }),
      );
      if (!first) return null;
      const place = first.address;
      const city = place.city ?? place.town ?? place.village ?? place.hamlet;
      const state = stateCode(place.state, place['ISO3166-2-lvl4']);
      const zip = zip5(place.postcode) ?? zipcode;
      if (!city || !state || !zip) return null;
      return { lat: first.lat, lng: first.lon, city, state, zipcode: zip, isApproximate: !place.house_number };
    },
  };
}

/** A county-records service answering GET url?address=...&zipcode=... with { owner, size, pvalue } (404: none). */
export function httpPropertyData(options: RemoteOptions): PropertyDataSource {
  return {
    async lookup({ address, zipcode }) {
      const answer = await getJson(options, { address, zipcode });
      return answer === null ? null : propertyDataSchema.parse(answer);
    },
  };
}
