import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countyRecords } from '../../../db/schema';
import { createLogger } from '../../../logger';
import { insertMarket, insertRecord } from '../../../test/record-fixtures';
import { useTestContext } from '../../../test/test-app';
import { createPlacesProviders, type ProvidersConfig } from './create-providers';

/**
 * The remote providers against a stand-in service on this machine (nothing here calls the internet): what each
 * answers when the service answers, and that the local answer takes over when it fails, is slow or has nothing.
 */
const t = useTestContext();
const logs: string[] = [];
const log = createLogger({ level: 'warn', stream: { write: (line: string) => void logs.push(line) } });

/** Generous, so a busy machine never turns a prompt answer into a fallback; the slow service answers far later. */
const TIME_LIMIT_MS = 1500;
const TOO_LATE_MS = 5000;

type Handler = (url: URL, response: ServerResponse) => void;
let handler: Handler = (_url, response) => response.writeHead(500).end();
const requests: URL[] = [];
let server: Server;
let baseUrl: string;

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    handler(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const marketId = await insertMarket(t.db, 'Dallas');
  await insertRecord(t.db, {
    marketId,
    property: { serviceAddress: '1204 Oak Lawn Ave', zipcode: '75201', lat: 32.8, lng: -96.81 },
  });
  await t.db.insert(countyRecords).values({
    zipcode: '75201',
    addressKey: '1204 oak lawn ave',
    address: '1204 Oak Lawn Ave',
    ownerName: 'County Owner',
    lotSize: 8000,
    assessedValue: 250_000,
  });
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

function providers(overrides: Partial<ProvidersConfig> = {}) {
  return createPlacesProviders({
    config: {
      placesAutocompleteUrl: `${baseUrl}/photon`,
      geocoderUrl: `${baseUrl}/nominatim`,
      propertyDataUrl: `${baseUrl}/county`,
      providerTimeoutMs: TIME_LIMIT_MS,
      ...overrides,
    },
    db: t.db,
    log,
  });
}

const photonFeature = (properties: Record<string, string>, coordinates: [number, number] = [-96.8, 32.79]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties,
});

describe('a Photon-compatible places service', () => {
  it('answers its US addresses with a street and zip, with the typed house number where it has none', async () => {
    handler = (url, response) =>
      json(response, 200, {
        type: 'FeatureCollection',
        features: [
          photonFeature({
            countrycode: 'US',
            housenumber: '1204',
            street: 'Oak Lawn Avenue',
            city: 'Dallas',
            state: 'Texas',
            postcode: '75201-1234',
          }),
          photonFeature({ countrycode: 'US', street: 'Oak Lane', city: 'Plano', state: 'Texas', postcode: '75023' }),
          photonFeature({ countrycode: 'CA', street: 'Oak St', city: 'Toronto', state: 'Ontario', postcode: 'M5V' }),
          photonFeature({ countrycode: 'US', street: 'Oak Way', city: 'Nowhere', state: 'Texas' }),
        ],
        query: url.searchParams.get('q'),
      });
    const suggestions = await providers().autocomplete.suggest({ text: '1204 oak', limit: 5 });
    expect(requests.at(-1)?.searchParams.get('q')).toBe('1204 oak');
    expect(suggestions).toEqual([
      {
        serviceAddress: '1204 Oak Lawn Avenue',
        zipcode: '75201',
        city: 'Dallas',
        state: 'TX',
        isKnown: false,
        lat: 32.79,
        lng: -96.8,
      },
      {
        serviceAddress: '1204 Oak Lane',
        zipcode: '75023',
        city: 'Plano',
        state: 'TX',
        isKnown: false,
        lat: null,
        lng: null,
      },
    ]);
  });

  it('falls back to the known streets when it fails, is slow, or finds nothing', async () => {
    const local = [{ serviceAddress: '9 Oak Lawn Ave', zipcode: '75201', city: 'Dallas', state: 'TX' }];
    handler = (_url, response) => response.writeHead(503).end();
    expect(await providers().autocomplete.suggest({ text: '9 oak', limit: 5 })).toMatchObject(local);
    handler = (_url, response) => setTimeout(() => json(response, 200, { features: [] }), TOO_LATE_MS);
    expect(await providers().autocomplete.suggest({ text: '9 oak', limit: 5 })).toMatchObject(local);
    handler = (_url, response) => json(response, 200, { features: [] });
    expect(await providers().autocomplete.suggest({ text: '9 oak', limit: 5 })).toMatchObject(local);
    handler = (_url, response) => json(response, 200, { unexpected: true });
    expect(await providers().autocomplete.suggest({ text: '9 oak', limit: 5 })).toMatchObject(local);
    expect(logs.some((line) => line.includes('address suggestions failed'))).toBe(true);
  });

  it('falls back when nothing listens at the configured address', async () => {
    const closed = providers({ placesAutocompleteUrl: 'http://127.0.0.1:9/photon' });
    expect(await closed.autocomplete.suggest({ text: '9 oak', limit: 5 })).toHaveLength(1);
  });
});

describe('a Nominatim-compatible geocoder', () => {
  it('answers its first US match, approximate when it found no house number', async () => {
    handler = (url, response) =>
      json(response, 200, [
        {
          lat: '30.5708',
          lon: '-97.4094',
          address: {
            house_number: url.searchParams.get('q')?.startsWith('1 ') ? '1' : undefined,
            town: 'Taylor',
            state: 'Texas',
            'ISO3166-2-lvl4': 'US-TX',
            postcode: '76574',
          },
        },
      ]);
    const geocoder = providers().geocoder;
    expect(await geocoder.geocode({ address: '1 Main St', zipcode: '76574' })).toEqual({
      lat: 30.5708,
      lng: -97.4094,
      city: 'Taylor',
      state: 'TX',
      zipcode: '76574',
      isApproximate: false,
    });
    const request = requests.at(-1);
    expect(request?.searchParams.get('q')).toBe('1 Main St, 76574');
    expect(request?.searchParams.get('countrycodes')).toBe('us');
    expect((await geocoder.geocode({ address: 'Main St', zipcode: '76574' }))?.isApproximate).toBe(true);
  });

  it('falls back to the local answer when it fails or finds nothing', async () => {
    handler = (_url, response) => json(response, 200, []);
    expect(await providers().geocoder.geocode({ address: '1204 Oak Lawn Ave', zipcode: '75201' })).toMatchObject({
      lat: 32.8,
      isApproximate: false,
    });
    handler = (_url, response) => response.writeHead(500).end();
    expect(await providers().geocoder.geocode({ address: '5 Elm St', zipcode: '76574' })).toMatchObject({
      city: 'Taylor',
      isApproximate: true,
    });
  });
});

describe('a county-records service', () => {
  it('answers its record of the address and zip', async () => {
    handler = (url, response) =>
      url.searchParams.get('zipcode') === '75219'
        ? json(response, 200, { owner: 'Remote Owner', size: 12000, pvalue: 410_000 })
        : response.writeHead(404).end();
    expect(await providers().propertyData.lookup({ address: '77 Oak Lawn Ave', zipcode: '75219' })).toEqual({
      owner: 'Remote Owner',
      size: 12000,
      pvalue: 410_000,
    });
    expect(requests.at(-1)?.searchParams.get('address')).toBe('77 Oak Lawn Ave');
  });

  it('falls back to the county_records table when it has no record, fails or answers nonsense', async () => {
    const local = { owner: 'County Owner', size: 8000, pvalue: 250_000 };
    const lookup = () => providers().propertyData.lookup({ address: '1204 Oak Lawn Avenue', zipcode: '75201' });
    handler = (_url, response) => response.writeHead(404).end();
    expect(await lookup()).toEqual(local);
    handler = (_url, response) => json(response, 200, { owner: 42 });
    expect(await lookup()).toEqual(local);
    handler = (_url, response) => setTimeout(() => response.writeHead(500).end(), TOO_LATE_MS);
    expect(await lookup()).toEqual(local);
  });
});

describe('without configured services', () => {
  it('answers from local data only and calls nothing', async () => {
    const before = requests.length;
    const local = providers({ placesAutocompleteUrl: undefined, geocoderUrl: undefined, propertyDataUrl: undefined });
    expect(await local.autocomplete.suggest({ text: '1 oak', limit: 5 })).toHaveLength(1);
    expect(await local.geocoder.geocode({ address: '1 Main St', zipcode: '76574' })).toMatchObject({
      isApproximate: true,
    });
    expect(await local.propertyData.lookup({ address: 'Nowhere 1', zipcode: '75201' })).toBeNull();
    expect(requests.length).toBe(before);
  });
});
