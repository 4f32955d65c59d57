import zipcodes from 'zipcodes';

/**
 * The lines of `us-zips.tsv`, made from the `zipcodes` package: every US zip code (the package also holds Canadian
 * postal codes, which are not zips) with its city, state and centre, tab-separated, by zip. `npm run us-zips -w
 * apps/api` writes the file again after the package is upgraded; `us-zips.test.ts` fails while the two differ.
 */
export function usZipLines(): string[] {
  return Object.values(zipcodes.codes)
    .filter((code) => code.country === 'US')
    .sort((first, second) => (first.zip < second.zip ? -1 : first.zip > second.zip ? 1 : 0))
    .map((code) => [code.zip, code.city, code.state, code.latitude, code.longitude].join('\t'));
}
