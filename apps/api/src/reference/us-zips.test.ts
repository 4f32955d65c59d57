import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usZipLines } from './us-zips.source';
import { lookupUsZip, statesOfZipArea, usZipsOfCity } from './us-zips';

describe('the US zip data set', () => {
  it('is the zipcodes package, US zips only (npm run us-zips -w apps/api writes it again)', () => {
    const file = readFileSync(new URL('./us-zips.tsv', import.meta.url), 'utf8');
    expect(file).toBe(`${usZipLines().join('\n')}\n`);
  });

  it('finds a zip with its city, state and centre; not a Canadian postal code or a malformed zip', () => {
    expect(lookupUsZip('75201')).toEqual({
      zipcode: '75201',
      city: 'Dallas',
      state: 'TX',
      lat: 32.7904,
      lng: -96.8044,
    });
    expect(lookupUsZip('00000')).toBeNull();
    expect(lookupUsZip('M5V')).toBeNull();
    expect(lookupUsZip('7520')).toBeNull();
  });

  it("finds a city's zips in any letter case, and the states of a zip's area", () => {
    const austin = usZipsOfCity('austin', 'TX');
    expect(austin.length).toBeGreaterThan(40);
    expect(austin.every((zip) => zip.city === 'Austin' && zip.state === 'TX')).toBe(true);
    expect(usZipsOfCity('Austin', 'MN').every((zip) => zip.state === 'MN')).toBe(true);
    expect(statesOfZipArea('75299')).toEqual(['TX']);
    expect(statesOfZipArea('00099')).toEqual([]);
  });
});
