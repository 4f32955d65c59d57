// The zipcodes package ships no types; only what the app uses is declared.
declare module 'zipcodes' {
  export type ZipCode = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  export function lookup(zip: string | number): ZipCode | undefined;
  export function lookupByName(city: string, state: string): ZipCode[];
  export function lookupByState(state: string): ZipCode[];
  /** Every code of the data set by its zip (US) or postal code (Canada). */
  export const codes: Record<string, ZipCode>;
  const zipcodes: {
    codes: typeof codes;
    lookup: typeof lookup;
    lookupByName: typeof lookupByName;
    lookupByState: typeof lookupByState;
  };
  export default zipcodes;
}
