import {
  MARKET_MAP_MESSAGES,
  MAP_STOP_DETAILS_MAX,
  type MapPoint,
  type MapStopDetail,
  type Market,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { MarketMapPage } from './MarketMapPage';

const markets: Market[] = [{ id: 1, name: 'Austin', taxRate: 8.25, timeZone: 'America/Chicago', phone: null }];

type Stop = MapPoint & MapStopDetail;

const stop = (propertyId: number, serviceAddress: string, extra: Partial<Stop> = {}): Stop => ({
  propertyId,
  accountNumber: `10000${propertyId}`,
  customerName: `Customer ${propertyId}`,
  serviceAddress,
  city: 'Austin',
  zipcode: '73301',
  lat: 31.25 + propertyId / 100,
  lng: -99.25,
  crew: 101,
  routePosition: null,
  ...extra,
});

const threeStops = [stop(1, '10 Elm Street'), stop(2, '20 Oak Avenue'), stop(3, '30 Pine Road', { crew: null })];

/** The server's answer of markers: one array per column. */
const markersOf = (rows: readonly Stop[]) => ({
  propertyId: rows.map((row) => row.propertyId),
  lat: rows.map((row) => row.lat),
  lng: rows.map((row) => row.lng),
  crew: rows.map((row) => row.crew),
  routePosition: rows.map((row) => row.routePosition),
});

function fakeServer(
  onWrite: (request: FakeRequest) => Response = () => jsonResponse(200, { data: { changed: 2 } }),
  dayStops: readonly Stop[] = threeStops,
) {
  const reads: URLSearchParams[] = [];
  const detailReads: URLSearchParams[] = [];
  const writes: FakeRequest[] = [];
  installFakeFetch((request) => {
    if (request.path === '/markets') return jsonResponse(200, { data: markets });
    if (request.path === '/web/map-settings') return jsonResponse(503, { message: 'Unavailable' });
    if (request.path === '/market-map/stops') {
      reads.push(request.query);
      const crew = request.query.get('crew');
      const search = request.query.get('search')?.trim().toLowerCase() ?? '';
      const ofCrew = crew ? dayStops.filter((row) => String(row.crew) === crew) : dayStops;
      const data = ofCrew.filter((row) => row.serviceAddress.toLowerCase().includes(search));
      return jsonResponse(200, { total: ofCrew.length + 1, stops: markersOf(data), depot: null });
    }
    if (request.path === '/market-map/stop-details') {
      detailReads.push(request.query);
      const ids = (request.query.get('ids') ?? '').split(',').map(Number);
      const data = dayStops
        .filter((row) => ids.includes(row.propertyId))
        .map(({ propertyId, accountNumber, customerName, serviceAddress, city, zipcode }) => ({
          propertyId,
          accountNumber,
          customerName,
          serviceAddress,
          city,
          zipcode,
        }));
      return jsonResponse(200, { data });
    }
    if (request.path === '/market-map/crew' || request.path === '/market-map/route-order') {
      writes.push(request);
      return onWrite(request);
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return { reads, detailReads, writes };
}

function renderPage() {
  signIn({ role: 'Representative', roles: ['Representative'] });
  return renderRoutes([{ path: '/market-map', element: <MarketMapPage /> }], ['/market-map']);
}

// The map and its hundred-stop list render slowly in jsdom on a busy two-core machine (7 s seen in a full run).
const SLOW = { timeout: 12_000 };

/** Waits for the day's total, then for the list's addresses, which are read after the stops. */
async function dayShown() {
  await screen.findByText('Total customers: 4', {}, SLOW);
  await screen.findAllByRole('button', { name: /10 Elm Street/ }, SLOW);
}
const stopButton = (address: string) =>
  within(screen.getByRole('list', { name: 'Stops of the day' })).getByRole('button', { name: new RegExp(address) });

describe('the market map', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the first market’s stops of the next business day with the total, and says when tiles are unavailable', async () => {
    const { reads } = fakeServer();
    renderPage();
    await dayShown();
    expect(reads[0]?.get('marketId')).toBe('1');
    expect(reads[0]?.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getAllByRole('button', { name: /Street|Avenue|Road/ }).length).toBeGreaterThanOrEqual(3);
    expect(await screen.findByText(/Map tiles are unavailable/)).toBeInTheDocument();
  });

  it('reads the stops of a date typed key by key', async () => {
    const user = userEvent.setup();
    const { reads } = fakeServer();
    renderPage();
    await dayShown();
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2049-06-15');
    await waitFor(() => expect(reads.at(-1)?.get('date')).toBe('2049-06-15'));
  });

  it('narrows by an address search the server answers, and says No results found', async () => {
    const user = userEvent.setup();
    const { reads } = fakeServer();
    renderPage();
    await dayShown();
    const list = screen.getByRole('list', { name: 'Stops of the day' });
    await user.type(screen.getByLabelText('Search address'), 'oak');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(within(list).getByRole('button', { name: /20 Oak Avenue/ })).toBeInTheDocument();
    expect(reads.at(-1)?.get('search')).toBe('oak');
    await user.type(screen.getByLabelText('Search address'), 'zzz');
    expect(await screen.findByText(MARKET_MAP_MESSAGES.noResults)).toBeInTheDocument();
    // Typing waits for a pause: not one read per key.
    expect(reads.filter((query) => query.has('search')).length).toBeLessThan('oakzzz'.length);
  });

  it('reads the customer and address of the listed stops only, the first 100 of the day', async () => {
    const many = Array.from({ length: MAP_STOP_DETAILS_MAX + 20 }, (_, index) =>
      stop(index + 1, `${index + 1} Long Street`),
    );
    const { detailReads } = fakeServer(undefined, many);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Stops of the day' }, SLOW);
    expect(await within(list).findByRole('button', { name: /^1 Long Street/ }, SLOW)).toBeInTheDocument();
    expect(within(list).getAllByRole('button')).toHaveLength(MAP_STOP_DETAILS_MAX);
    expect(within(list).getByRole('button', { name: /^100 Long Street/ })).toBeInTheDocument();
    expect(detailReads.at(-1)?.get('ids')?.split(',').map(Number)).toEqual(
      many.slice(0, MAP_STOP_DETAILS_MAX).map((row) => row.propertyId),
    );
    expect(
      screen.getByText(`Showing ${MAP_STOP_DETAILS_MAX} of ${many.length}; search by address to find the others.`),
    ).toBeInTheDocument();
  });

  it('toggles stops with multi-select on and replaces the selection with it off', async () => {
    const user = userEvent.setup();
    fakeServer();
    renderPage();
    await dayShown();
    await user.click(stopButton('10 Elm'));
    await user.click(stopButton('20 Oak'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(stopButton('10 Elm'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Multi-select'));
    await user.click(stopButton('30 Pine'));
    expect(stopButton('30 Pine')).toHaveAttribute('aria-pressed', 'true');
    expect(stopButton('20 Oak')).toHaveAttribute('aria-pressed', 'false');
  });

  it('checks the crew number key by key, then assigns the selected stops', async () => {
    const user = userEvent.setup();
    const { writes } = fakeServer();
    renderPage();
    await dayShown();
    await user.click(stopButton('10 Elm'));
    await user.click(stopButton('20 Oak'));
    const crew = screen.getByLabelText('Crew number');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(MARKET_MAP_MESSAGES.crewRequired)).toBeInTheDocument();
    expect(crew).toHaveAttribute('aria-invalid', 'true');
    await user.type(crew, '1a');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(MARKET_MAP_MESSAGES.crewDigits)).toBeInTheDocument();
    await user.clear(crew);
    await user.type(crew, '0');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(MARKET_MAP_MESSAGES.crewPositive)).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.clear(crew);
    await user.type(crew, '202');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({ action: 'assign', marketId: 1, propertyIds: [1, 2], crew: '202' });
    expect(await screen.findByText('2 customers assigned')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the crew on the crew field', async () => {
    const user = userEvent.setup();
    fakeServer(() => jsonResponse(400, { message: 'Bad', errors: { crew: [MARKET_MAP_MESSAGES.crewMax] } }));
    renderPage();
    await dayShown();
    await user.click(stopButton('10 Elm'));
    await user.type(screen.getByLabelText('Crew number'), '7');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(MARKET_MAP_MESSAGES.crewMax)).toBeInTheDocument();
  });

  it('unassigns without a crew, and orders the route of the crew filtered by', async () => {
    const user = userEvent.setup();
    const { reads, writes } = fakeServer((request) =>
      request.path === '/market-map/crew'
        ? jsonResponse(200, { data: { changed: 1 } })
        : jsonResponse(200, { data: { propertyIds: [2, 1], distanceKm: 12.34, unorderedDistanceKm: 20 } }),
    );
    renderPage();
    await dayShown();
    await user.click(stopButton('30 Pine'));
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({ action: 'unassign', marketId: 1, propertyIds: [3] });

    await user.type(screen.getByLabelText('Crew filter'), '101');
    await waitFor(() => expect(reads.at(-1)?.get('crew')).toBe('101'));
    await user.click(await screen.findByRole('button', { name: 'Order route of crew 101' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.body).toEqual({ marketId: 1, date: reads.at(-1)?.get('date'), crew: 101 });
    expect(await screen.findByText('Route ordered: 12.3 km instead of 20.0 km')).toBeInTheDocument();
  });
});
