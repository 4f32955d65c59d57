import { SERVICE_ZONE_MESSAGES, type Market, type Role, type ServiceZone, type UsState } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { ServiceZonesPage } from './ServiceZonesPage';

const markets: Market[] = [
  { id: 1, name: 'Austin', taxRate: 8.25, timeZone: 'America/Chicago', phone: '5125550142' },
  { id: 2, name: 'Dallas', taxRate: 8.25, timeZone: 'America/Chicago', phone: '2145550140' },
];
const states: UsState[] = [
  { id: 1, code: 'OK', name: 'Oklahoma', isActive: false },
  { id: 2, code: 'TX', name: 'Texas', isActive: true },
];

function zone(overrides: Partial<ServiceZone> = {}): ServiceZone {
  return {
    id: 7,
    marketId: 1,
    marketName: 'Austin',
    zipcode: '78701',
    exceptions: 'No pools',
    city: 'Austin',
    state: 'TX',
    isValidated: true,
    user: { id: 3, fullName: 'Maria Garcia' },
    createdAt: '2026-11-20T15:00:00Z',
    updatedAt: '2026-11-21T18:30:00Z',
    version: 2,
    ...overrides,
  };
}

type Server = { zones?: (request: FakeRequest) => ServiceZone[]; save?: (request: FakeRequest) => Response };

function fakeServer(server: Server = {}) {
  return installFakeFetch((request) => {
    const { method, path } = request;
    if (path === '/markets') return jsonResponse(200, { data: markets });
    if (path === '/states') return jsonResponse(200, page(states, states.length, 100));
    if (path === '/service-zones' && method === 'GET') {
      const rows = server.zones?.(request) ?? [zone()];
      return jsonResponse(200, page(rows, rows.length, 10));
    }
    if (path === '/us-zips/76574') {
      return jsonResponse(200, { data: { zipcode: '76574', city: 'Taylor', state: 'TX', lat: 30.57, lng: -97.41 } });
    }
    if (path.startsWith('/us-zips/')) return jsonResponse(404, { message: 'We could not find this zip code' });
    if (path.startsWith('/service-zones') && (method === 'POST' || method === 'PATCH')) {
      return (
        server.save?.(request) ??
        jsonResponse(method === 'POST' ? 201 : 200, {
          data: zone(),
          message: method === 'POST' ? SERVICE_ZONE_MESSAGES.added : SERVICE_ZONE_MESSAGES.edited,
        })
      );
    }
    if (method === 'DELETE') return jsonResponse(200, { message: SERVICE_ZONE_MESSAGES.deleted });
    if (path === '/web/map-settings') {
      return jsonResponse(200, { data: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Test' } });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderPage(role: Role = 'Manager') {
  signIn({ role, roles: [role] });
  return renderRoutes([{ path: '/zip', element: <ServiceZonesPage /> }], ['/zip']);
}

/** MUI draws the grid's rows a while after the data arrives; a busy machine needs more than the default second. */
const SLOW = { timeout: 5000 };
const findZone = (zipcode: string) => screen.findByText(zipcode, {}, SLOW);

const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

describe('the service zones screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the first market’s zones with their exceptions, user, created and edited dates', async () => {
    const { requests } = fakeServer();
    renderPage();
    expect(await findZone('78701')).toBeInTheDocument();
    const row = rowOf('78701');
    expect(within(row).getByText('No pools')).toBeInTheDocument();
    expect(within(row).getByText('Maria Garcia')).toBeInTheDocument();
    expect(within(row).getByText('Nov 21, 2026, 12:30 PM')).toBeInTheDocument();
    const list = requests.find((request) => request.path === '/service-zones');
    expect([list?.query.get('filter[marketId]'), list?.query.get('limit'), list?.query.get('sort')]).toEqual([
      '1',
      '10',
      'zipcode',
    ]);
    expect(screen.getByRole('button', { name: 'Add ZIP' })).toBeEnabled();
  });

  it('lists another market’s zones when it is chosen, and says when a market has none', async () => {
    const { requests } = fakeServer({
      zones: (request) => (request.query.get('filter[marketId]') === '2' ? [] : [zone()]),
    });
    const { user } = renderPage();
    await findZone('78701');
    await user.click(screen.getByRole('combobox', { name: 'Market' }));
    await user.click(await screen.findByRole('option', { name: 'Dallas' }));
    expect(await screen.findByText('This market has no service zones yet.', {}, SLOW)).toBeInTheDocument();
    expect(requests.at(-1)?.query.get('filter[marketId]')).toBe('2');
  });

  it('adds a known zip with the city and state of the zip check, sending an Idempotency-Key', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await findZone('78701');
    await user.click(screen.getByRole('button', { name: 'Add ZIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ZIP' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Zip code/ }), '76574');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^City/ })).toHaveValue('Taylor'), SLOW);
    expect(within(dialog).getByRole('textbox', { name: /^City/ })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Exceptions/ }), 'Front yards only');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SERVICE_ZONE_MESSAGES.added)).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      marketId: 1,
      zipcode: '76574',
      exceptions: 'Front yards only',
      city: 'Taylor',
      state: 'TX',
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('needs the city and state of a zip the zip check does not know, and sends nothing until given', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await findZone('78701');
    await user.click(screen.getByRole('button', { name: 'Add ZIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ZIP' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Zip code/ }), '99999');
    expect(await within(dialog).findByText('Not in the zip code list: type its city and state.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SERVICE_ZONE_MESSAGES.cityRequired)).toBeVisible();
    expect(within(dialog).getByText(SERVICE_ZONE_MESSAGES.stateRequired)).toBeVisible();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Nowhere');
    await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'TX · Texas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        zipcode: '99999',
        city: 'Nowhere',
        state: 'TX',
      }),
    );
  });

  it('clears the city and state whenever the zip changes, so those of another zip are never saved', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await findZone('78701');
    await user.click(screen.getByRole('button', { name: 'Add ZIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ZIP' });
    const zip = within(dialog).getByRole('textbox', { name: /^Zip code/ });
    const city = within(dialog).getByRole('textbox', { name: /^City/ });
    await user.type(zip, '76574');
    await waitFor(() => expect(city).toHaveValue('Taylor'), SLOW);
    await user.clear(zip);
    expect(city).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: /^State/ })).not.toHaveTextContent('TX');
    await user.type(zip, '00001');
    expect(await within(dialog).findByText('Not in the zip code list: type its city and state.')).toBeVisible();
    expect(city).toHaveValue('');
    expect(city).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SERVICE_ZONE_MESSAGES.cityRequired)).toBeVisible();
    expect(within(dialog).getByText(SERVICE_ZONE_MESSAGES.stateRequired)).toBeVisible();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('clears a city and state typed by hand when the zip changes', async () => {
    fakeServer({ zones: () => [zone({ zipcode: '75299', city: 'Nowhere', state: 'TX', isValidated: false })] });
    const { user } = renderPage();
    await findZone('75299');
    await user.click(within(rowOf('75299')).getByRole('button', { name: 'Edit 75299' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ZIP' });
    const city = within(dialog).getByRole('textbox', { name: /^City/ });
    expect(city).toHaveValue('Nowhere');
    await user.type(within(dialog).getByRole('textbox', { name: /^Zip code/ }), '{Backspace}8');
    expect(city).toHaveValue('');
  });

  it('puts the server’s field errors under the fields', async () => {
    fakeServer({
      save: () =>
        jsonResponse(400, {
          message: 'The given data was invalid.',
          errors: { zipcode: [SERVICE_ZONE_MESSAGES.zipTaken('Dallas')] },
        }),
    });
    const { user } = renderPage();
    await findZone('78701');
    await user.click(screen.getByRole('button', { name: 'Add ZIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ZIP' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Zip code/ }), '76574');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^City/ })).toHaveValue('Taylor'), SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SERVICE_ZONE_MESSAGES.zipTaken('Dallas'))).toBeVisible();
  });

  it('edits a zone with the version it was read at, and says so when someone changed it meanwhile', async () => {
    const { requests } = fakeServer({
      save: () => jsonResponse(409, { message: SERVICE_ZONE_MESSAGES.stale }),
    });
    const { user } = renderPage();
    await findZone('78701');
    await user.click(within(rowOf('78701')).getByRole('button', { name: 'Edit 78701' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit ZIP' });
    const exceptions = within(dialog).getByRole('textbox', { name: /^Exceptions/ });
    expect(exceptions).toHaveValue('No pools');
    await user.clear(exceptions);
    await user.type(exceptions, 'No pools, no dogs');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SERVICE_ZONE_MESSAGES.stale)).toBeVisible();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/service-zones/7');
    expect(patch?.body).toMatchObject({ exceptions: 'No pools, no dogs', version: 2, zipcode: '78701' });
  });

  it('asks before deleting a zone, then deletes it and says so', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage('Admin');
    await findZone('78701');
    await user.click(within(rowOf('78701')).getByRole('button', { name: 'Delete 78701' }));
    const question = await screen.findByRole('dialog', { name: SERVICE_ZONE_MESSAGES.deleteConfirm });
    expect(question).toHaveTextContent(SERVICE_ZONE_MESSAGES.deleteDetail);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(SERVICE_ZONE_MESSAGES.deleted)).toBeInTheDocument();
    expect(requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/service-zones/7' }));
  });

  it('shows representatives the zones without the means to change them', async () => {
    fakeServer();
    renderPage('Representative');
    expect(await findZone('78701')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add ZIP' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit 78701' })).not.toBeInTheDocument();
  });
});
