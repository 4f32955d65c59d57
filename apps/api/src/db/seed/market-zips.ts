import { ZIP_PATTERN, type UsZip } from '@lawn/shared';
import { usZipsOfCity } from '../../reference/us-zips';

export type MarketArea = {
  /** The market's name as seeded (DEMO_MARKETS). */
  market: string;
  /** Cities whose zip codes the market serves (the core city and a few suburbs). */
  cities: readonly string[];
  /** Local area codes for generated phone numbers. */
  areaCodes: readonly string[];
  /** Share of generated properties. */
  weight: number;
};

/** The four Texas markets and the cities they serve. */
export const MARKET_AREAS: readonly MarketArea[] = [
  {
    market: 'Dallas',
    cities: ['Dallas', 'Garland', 'Mesquite', 'Richardson', 'Irving', 'Plano'],
    areaCodes: ['214', '469', '972'],
    weight: 35,
  },
  {
    market: 'Fort Worth',
    cities: ['Fort Worth', 'Arlington', 'Haltom City', 'Keller'],
    areaCodes: ['817', '682'],
    weight: 20,
  },
  {
    market: 'Austin',
    cities: ['Austin', 'Round Rock', 'Pflugerville', 'Cedar Park'],
    areaCodes: ['512', '737'],
    weight: 25,
  },
  { market: 'San Antonio', cities: ['San Antonio', 'Converse', 'Schertz'], areaCodes: ['210', '726'], weight: 20 },
];

/** Real zip codes (with their city, lat and lng) of a market's cities, from the bundled US zip data set. */
export function zipCodesOf(area: MarketArea): UsZip[] {
  return area.cities
    .flatMap((city) => usZipsOfCity(city, 'TX'))
    .filter((zip) => ZIP_PATTERN.test(zip.zipcode) && Number.isFinite(zip.lat) && Number.isFinite(zip.lng))
    .sort((a, b) => a.zipcode.localeCompare(b.zipcode));
}
