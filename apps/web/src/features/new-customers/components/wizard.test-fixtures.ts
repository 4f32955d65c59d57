/** What the zip-code look-up answers for 75201, a zip the Dallas market serves (with an exception). */
export const SERVED_AREA = {
  zipcode: '75201',
  city: 'Dallas',
  state: 'TX',
  lat: 32.78,
  lng: -96.8,
  serviceZoneId: 1,
  serviceMarketsId: 3,
  marketName: 'Dallas',
  taxRate: 8.25,
  phoneMarket: null,
  exceptions: 'No service north of the tollway',
};
