import type { AddressSuggestion, ZipServiceArea } from '@lawn/shared';

/**
 * What the service-address form holds (street address or Manual, zip code, city, state, market, tax rate),
 * with what the zip look-up found about the zip's service zone and where the address is.
 */
export type ServiceAddressValue = {
  serviceAddress: string;
  isServiceAddressManual: boolean;
  zipcode: string;
  city: string;
  state: string;
  marketId: number | null;
  marketName: string;
  /** Percent, e.g. 8.25. */
  taxRate: number | null;
  phoneMarket: string | null;
  /** What the zip's service zone does not cover ('' when nothing). */
  exceptions: string;
  lat: number | null;
  lng: number | null;
  /** Only the zip code's centre is known, not the address itself. */
  isPositionApproximate: boolean;
};

export const EMPTY_SERVICE_ADDRESS: ServiceAddressValue = {
  serviceAddress: '',
  isServiceAddressManual: false,
  zipcode: '',
  city: '',
  state: '',
  marketId: null,
  marketName: '',
  taxRate: null,
  phoneMarket: null,
  exceptions: '',
  lat: null,
  lng: null,
  isPositionApproximate: false,
};

/**
 * What a parent needs when the place changes, to recompute a price or fill a billing address: the zip, its city and
 * state, and its market with the tax rate and phone (null when the zip is not served).
 */
export type PlaceChange = Pick<
  ServiceAddressValue,
  'zipcode' | 'city' | 'state' | 'marketId' | 'marketName' | 'taxRate' | 'phoneMarket' | 'exceptions'
>;

export function placeOf(value: ServiceAddressValue): PlaceChange {
  const { zipcode, city, state, marketId, marketName, taxRate, phoneMarket, exceptions } = value;
  return { zipcode, city, state, marketId, marketName, taxRate, phoneMarket, exceptions };
}

/** The zip's zone filled in; its centre becomes the position unless the address itself has been placed. */
export function withServiceArea(value: ServiceAddressValue, area: ZipServiceArea): ServiceAddressValue {
  const hasExactPosition = value.lat !== null && !value.isPositionApproximate;
  return {
    ...value,
    city: area.city,
    state: area.state,
    marketId: area.serviceMarketsId,
    marketName: area.marketName,
    taxRate: area.taxRate,
    phoneMarket: area.phoneMarket,
    exceptions: area.exceptions,
    ...(hasExactPosition ? {} : { lat: area.lat, lng: area.lng, isPositionApproximate: area.lat !== null }),
  };
}

/** A zip no zone serves: nothing of a market is left to price with. */
export function withoutServiceArea(value: ServiceAddressValue): ServiceAddressValue {
  return { ...value, marketId: null, marketName: '', taxRate: null, phoneMarket: null, exceptions: '' };
}

/** A chosen suggestion: its address, zip, city and state, and its position when the suggestion knows it. */
export function withSuggestion(value: ServiceAddressValue, suggestion: AddressSuggestion): ServiceAddressValue {
  return {
    ...value,
    serviceAddress: suggestion.serviceAddress,
    zipcode: suggestion.zipcode,
    city: suggestion.city,
    state: suggestion.state,
    lat: suggestion.lat,
    lng: suggestion.lng,
    isPositionApproximate: false,
  };
}
