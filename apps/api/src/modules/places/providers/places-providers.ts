import type { AddressSuggestion, Geocode, GeocodeQuery, PropertyData, PropertyDataQuery } from '@lawn/shared';

export type AutocompleteRequest = { text: string; zipcode?: string; limit: number };

/**
 * Completes a partly typed US address. What it answers reveals no customer: a places service's addresses, or (the
 * local default) the streets the business serves with the house number that was typed. Staff also see the known
 * addresses themselves; the places service adds those, not the provider.
 */
export type AddressAutocomplete = { suggest: (request: AutocompleteRequest) => Promise<AddressSuggestion[]> };

/** Where an address is, or null when it cannot say. */
export type Geocoder = { geocode: (request: GeocodeQuery) => Promise<Geocode | null> };

/** The county's records of a property (owner, lot size, assessed value), or null when it has none. */
export type PropertyDataSource = { lookup: (request: PropertyDataQuery) => Promise<PropertyData | null> };

export type PlacesProviders = {
  autocomplete: AddressAutocomplete;
  geocoder: Geocoder;
  propertyData: PropertyDataSource;
};
