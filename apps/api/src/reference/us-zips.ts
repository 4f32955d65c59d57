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
