import {
  addressSuggestionListSchema,
  geocodeResponseSchema,
  mapSettingsResponseSchema,
  usZipResponseSchema,
  zipServiceAreaResponseSchema,
  type Geocode,
  type UsZip,
  type ZipServiceArea,
} from '@lawn/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';

/** Suggestions are asked for from this many typed characters on. */
export const SUGGESTIONS_MIN_CHARACTERS = 3;
/**
 * A suggestion request slower than this is given up: the form says suggestions are unavailable and the person types
 * the address (or ticks Manual). The server's own providers give up sooner; this covers a slow network.
 */
export const SUGGESTIONS_TIMEOUT_MS = 5000;
const LOOKUP_STALE_MS = 5 * 60_000;

export const placeKeys = {
  serviceArea: (zipcode: string) => ['places', 'service-area', zipcode] as const,
  usZip: (zipcode: string) => ['places', 'us-zip', zipcode] as const,
  suggestions: (text: string, zipcode: string | undefined, audience: PlacesAudience) =>
    ['places', 'suggestions', audience, text, zipcode] as const,
  geocode: (address: string, zipcode: string) => ['places', 'geocode', address, zipcode] as const,
  mapSettings: ['places', 'map-settings'] as const,
};

/** The query's own signal, also aborted after `ms`. */
function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('The request took too long')), ms);
  signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return controller.signal;
}

/**
 * Who asks for suggestions: the office (its own route, which also offers the addresses the business serves) or a
 * visitor of the public pages (the public copy under /web, which never offers a customer's address).
 */
export type PlacesAudience = 'staff' | 'public';

const SUGGESTIONS_PATHS: Record<PlacesAudience, string> = {
  staff: '/places/suggestions',
  public: '/web/places/suggestions',
};

/** Completions of the typed address (within the zip once it is known); failures are the form's to show. */
export function useAddressSuggestionsQuery(
  text: string,
  zipcode: string | undefined,
  isEnabled: boolean,
  audience: PlacesAudience = 'staff',
) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: placeKeys.suggestions(trimmed, zipcode, audience),
    enabled: isEnabled && trimmed.length >= SUGGESTIONS_MIN_CHARACTERS,
    queryFn: async ({ signal }) =>
      addressSuggestionListSchema.parse(
        await api.get(SUGGESTIONS_PATHS[audience], {
          query: { q: trimmed, zipcode },
          signal: withTimeout(signal, SUGGESTIONS_TIMEOUT_MS),
        }),
      ).data,
    placeholderData: keepPreviousData,
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
}

/** Where the map takes its tiles from (configured on the server). */
export function useMapSettingsQuery() {
  return useQuery({
    queryKey: placeKeys.mapSettings,
    queryFn: async ({ signal }) => mapSettingsResponseSchema.parse(await api.get('/web/map-settings', { signal })).data,
    staleTime: Infinity,
  });
}

export type PlaceLookups = {
  /** The zip's service zone; rejects with the API error (404 'not in our service area') when none serves it. */
  serviceArea: (zipcode: string) => Promise<ZipServiceArea>;
  /** Where an address is (its zip's centre, approximate, when the address itself is unknown). */
  geocode: (address: string, zipcode: string) => Promise<Geocode>;
  /** A US zip's city and state (served or not); rejects with the API error (404) when it is no US zip. */
  usZip: (zipcode: string) => Promise<UsZip>;
};

/** Look-ups the form makes when something happens (a zip typed, a suggestion chosen), cached like any query. */
export function usePlaceLookups(): PlaceLookups {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      serviceArea: (zipcode) =>
        queryClient.fetchQuery({
          queryKey: placeKeys.serviceArea(zipcode),
          queryFn: async ({ signal }) =>
            zipServiceAreaResponseSchema.parse(await api.get(`/zip-code/${zipcode}`, { signal })).data,
          staleTime: LOOKUP_STALE_MS,
        }),
      geocode: (address, zipcode) =>
        queryClient.fetchQuery({
          queryKey: placeKeys.geocode(address, zipcode),
          queryFn: async ({ signal }) =>
            geocodeResponseSchema.parse(await api.get('/places/geocode', { query: { address, zipcode }, signal })).data,
          staleTime: LOOKUP_STALE_MS,
        }),
      usZip: (zipcode) =>
        queryClient.fetchQuery({
          queryKey: placeKeys.usZip(zipcode),
          queryFn: async ({ signal }) =>
            usZipResponseSchema.parse(await api.get(`/us-zips/${zipcode}`, { signal })).data,
          staleTime: LOOKUP_STALE_MS,
        }),
    }),
    [queryClient],
  );
}
