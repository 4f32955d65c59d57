import { readFileSync } from 'node:fs';
import { ZIP_PATTERN, type UsZip } from '@lawn/shared';

/**
 * The offline US zip data set, so zip look-ups work with no network: `us-zips.tsv` beside this file, one zip per line
 * (zip, city, state, latitude, longitude), made from the `zipcodes` package by `us-zips.source.ts`. A plain table read
 * on first use holds the 42,000 zips in about 20 MB; loading the package itself costs a process about 80 MB for as long
 * as it runs.
 */
let zips: ReadonlyMap<string, UsZip> | undefined;

function loadZips(): ReadonlyMap<string, UsZip> {
  const table = new Map<string, UsZip>();
  const text = readFileSync(new URL('./us-zips.tsv', import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    const [zipcode, city, state, lat, lng] = line.split('\t');
    if (!zipcode || city === undefined || state === undefined) continue;
    table.set(zipcode, { zipcode, city, state, lat: Number(lat), lng: Number(lng) });
  }
  return table;
}

const allZips = (): ReadonlyMap<string, UsZip> => (zips ??= loadZips());

export function lookupUsZip(zipcode: string): UsZip | null {
  if (!ZIP_PATTERN.test(zipcode)) return null;
  return allZips().get(zipcode) ?? null;
}

/** The zips of a city (its name in any letter case) in a state, by zip. */
export function usZipsOfCity(city: string, state: string): UsZip[] {
  const name = city.toUpperCase();
  return [...allZips().values()].filter((zip) => zip.state === state && zip.city.toUpperCase() === name);
}

let statesByArea: ReadonlyMap<string, readonly string[]> | undefined;

function indexStatesByArea(): ReadonlyMap<string, readonly string[]> {
  const index = new Map<string, string[]>();
  for (const zip of allZips().values()) {
    const area = zip.zipcode.slice(0, 3);
    const states = index.get(area) ?? [];
    if (!states.includes(zip.state)) states.push(zip.state);
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
