import { describe, expect, it } from 'vitest';
import { missingZoneLocation, SERVICE_ZONE_MESSAGES } from './service-zone.schema';

describe('missingZoneLocation', () => {
  it.each([
    ['a known zip needs nothing', { city: '', state: '' }, true, {}],
    [
      'an unknown zip needs its city and state',
      { city: '', state: '' },
      false,
      {
        city: SERVICE_ZONE_MESSAGES.cityRequired,
        state: SERVICE_ZONE_MESSAGES.stateRequired,
      },
    ],
    ['blank counts as missing', { city: '  ', state: 'TX' }, false, { city: SERVICE_ZONE_MESSAGES.cityRequired }],
    ['both given', { city: 'Taylor', state: 'TX' }, false, {}],
  ])('%s', (_rule, zone, isZipKnown, expected) => {
    expect(missingZoneLocation(zone, isZipKnown)).toEqual(expected);
  });
});
