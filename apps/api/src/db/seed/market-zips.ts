import { ZIP_PATTERN } from '@lawn/shared';
import zipcodes, { type ZipCode } from 'zipcodes';

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
export function zipCodesOf(area: MarketArea): ZipCode[] {
  return area.cities
    .flatMap((city) => zipcodes.lookupByName(city, 'TX'))
    .filter((zip) => ZIP_PATTERN.test(zip.zip) && Number.isFinite(zip.latitude) && Number.isFinite(zip.longitude))
    .sort((a, b) => a.zip.localeCompare(b.zip));
}

export function lookupZip(zip: string): ZipCode | undefined {
  return zipcodes.lookup(zip);
}
