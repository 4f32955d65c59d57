import { ZIP_PATTERN, type UsZip } from '@lawn/shared';
import zipcodes from 'zipcodes';

/**
 * The offline US zip data set (the `zipcodes` package: every US zip code with its city, state and centre), so zip
 * look-ups work with no network. The package also holds Canadian postal codes, which are not zips.
 */
export function lookupUsZip(zipcode: string): UsZip | null {
  if (!ZIP_PATTERN.test(zipcode)) return null;
  const found = zipcodes.lookup(zipcode);
  if (!found || found.country !== 'US') return null;
  return { zipcode: found.zip, city: found.city, state: found.state, lat: found.latitude, lng: found.longitude };
}

let statesByArea: ReadonlyMap<string, readonly string[]> | undefined;

function indexStatesByArea(): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US') continue;
    const area = code.zip.slice(0, 3);
    const states = index.get(area) ?? [];
    if (!states.includes(code.state)) states.push(code.state);
    index.set(area, states);
  }
  return index;
}

/**
 * The states of the US zips that start with the same three digits as this one (its sectional center, which the
 * postal service keeps within one state, a handful within two or three); none when no US zip starts with them. A zip
 * newer than the data set still starts like its neighbours, so this says where an unknown zip can be.
 */
export function statesOfZipArea(zipcode: string): readonly string[] {
  statesByArea ??= indexStatesByArea();
  return statesByArea.get(zipcode.slice(0, 3)) ?? [];
}
