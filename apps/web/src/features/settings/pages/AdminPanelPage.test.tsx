import { OFFICE_HOURS, SETTINGS_MESSAGES, VALIDATION_MESSAGES, type SettingsResponse } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { AdminPanelPage } from './AdminPanelPage';

const AUSTIN = {
  id: 3,
  name: 'Austin',
  taxRate: 8.25,
  timeZone: 'America/Chicago',
  phone: '5125550142',
  depot: null,
  version: 4,
};

function storedSettings(): SettingsResponse {
  return {
    values: {
      officePhone: '2145550100',
      officeHours: OFFICE_HOURS,
      mowYear: null,
      billingCharges: 'check-out',
      billingRetryDays: [3, 5, 7],
      priceChangeEmails: true,
    },
    version: 7,
    markets: [AUSTIN],
    lastChanges: {
      season: null,
      billing: { changedAt: '2026-05-04T15:30:00Z', changedBy: 'Mia Moreno' },
      publicPages: null,
      markets: null,
    },
  };
}

/** GET answers the stored settings; PATCH is recorded and answers the settings with its values and a new version. */
function fakeServer(
  saveMarket: (request: FakeRequest) => Response = () =>
    jsonResponse(200, { message: SETTINGS_MESSAGES.marketSaved, data: { ...AUSTIN, version: 5 } }),
) {
  let settings = storedSettings();
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/settings' && request.method === 'GET') return jsonResponse(200, { data: settings });
    if (request.path === '/settings' && request.method === 'PATCH') {
      const { version: _version, ...patch } = request.body as Record<string, unknown>;
      settings = { ...settings, values: { ...settings.values, ...patch }, version: settings.version + 1 };
      return jsonResponse(200, { data: settings });
    }
    if (request.path === `/settings/markets/${AUSTIN.id}`) return saveMarket(request);
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () => renderRoutes([{ path: '/admin-panel', element: <AdminPanelPage /> }], ['/admin-panel']);
const section = async (name: string) => screen.findByRole('region', { name });

describe('the admin panel', () => {
  beforeEach(() => signIn({ role: 'Admin', roles: ['Admin'] }));

  it('shows each section with its last change', async () => {
    fakeServer();
    renderPage();
    expect(within(await section('Billing')).getByText(/by Mia Moreno\.$/)).toBeInTheDocument();
    expect(within(await section('Season')).getByText('Not changed yet: the defaults apply.')).toBeInTheDocument();
    expect(within(await section('Markets')).getByRole('row', { name: /Austin/ })).toHaveTextContent('8.25');
  });

  it('refuses a retry schedule it cannot read, then saves a typed one from the version read', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderPage();
    const billing = await section('Billing');
    const retries = within(billing).getByRole('textbox', { name: 'Retry schedule (days)' });
    await user.clear(retries);
    await user.type(retries, '2,,4');
    await user.click(within(billing).getByRole('button', { name: 'Save billing' }));
    expect(await within(billing).findByText(SETTINGS_MESSAGES.retryScheduleInvalid)).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.clear(retries);
    await user.type(retries, '2, 4, 10');
    // Customers are no longer e-mailed their new price after a bulk price update.
    await user.click(within(billing).getByRole('radio', { name: 'No' }));
    await user.click(within(billing).getByRole('button', { name: 'Save billing' }));
    await waitFor(() => expect(server.requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = server.requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({
      billingCharges: 'check-out',
      billingRetryDays: [2, 4, 10],
      priceChangeEmails: false,
      version: 7,
    });
    await waitFor(() =>
      expect(within(billing).getByRole('textbox', { name: 'Retry schedule (days)' })).toHaveValue('2,4,10'),
    );
  });

  it('checks the office phone and hours with the shared rules before sending them', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderPage();
    const publicPages = await section('Public pages');
    const phone = within(publicPages).getByRole('textbox', { name: 'Office phone' });
    const hours = within(publicPages).getByRole('textbox', { name: /Office hours/ });
    await user.clear(phone);
    await user.type(phone, '555');
    await user.clear(hours);
    await user.click(within(publicPages).getByRole('button', { name: 'Save public pages' }));
    expect(await within(publicPages).findByText(SETTINGS_MESSAGES.officePhoneInvalid)).toBeInTheDocument();
    expect(within(publicPages).getByText(SETTINGS_MESSAGES.officeHoursRequired)).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '4695550199');
    await user.type(hours, 'Every day, 7am to 7pm');
    await user.click(within(publicPages).getByRole('button', { name: 'Save public pages' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        officePhone: '4695550199',
        officeHours: 'Every day, 7am to 7pm',
        version: 7,
      }),
    );
  });

  it("edits a market's tax rate from the market's own version", async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Austin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit market Austin' });
    const taxRate = within(dialog).getByRole('textbox', { name: /Tax rate/ });
    await user.clear(taxRate);
    await user.type(taxRate, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save market' }));
    expect(await within(dialog).findByText(SETTINGS_MESSAGES.taxRateInvalid)).toBeInTheDocument();

    await user.clear(taxRate);
    await user.type(taxRate, '6.875');
    await user.click(within(dialog).getByRole('button', { name: 'Save market' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = server.requests.find((request) => request.path === `/settings/markets/${AUSTIN.id}`);
    expect(patch?.body).toEqual({
      name: 'Austin',
      taxRate: 6.875,
      timeZone: 'America/Chicago',
      phone: '5125550142',
      depot: null,
      version: 4,
    });
  });

  it("sets a market's depot typed key by key, checked by the shared rules", async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Austin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit market Austin' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Depot address' }), '1200 Yard Road, Austin, TX');
    const latitude = within(dialog).getByRole('textbox', { name: 'Depot latitude' });
    await user.type(latitude, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Save market' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.number(-90, 90))).toBeInTheDocument();
    expect(within(dialog).getByText(VALIDATION_MESSAGES.number(-180, 180))).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.clear(latitude);
    await user.type(latitude, '30.2672');
    await user.type(within(dialog).getByRole('textbox', { name: 'Depot longitude' }), '-97.7431');
    await user.click(within(dialog).getByRole('button', { name: 'Save market' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = server.requests.find((request) => request.path === `/settings/markets/${AUSTIN.id}`);
    expect(patch?.body).toMatchObject({
      depot: { address: '1200 Yard Road, Austin, TX', lat: 30.2672, lng: -97.7431 },
      version: 4,
    });
  });

  it("shows the server's refusals on their fields, and a stale market above them", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(400, {
      message: 'Validation failed',
      errors: { 'depot.address': [VALIDATION_MESSAGES.noNul], name: [SETTINGS_MESSAGES.marketNameTaken] },
    });
    fakeServer(() => answer);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Austin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit market Austin' });
    const address = within(dialog).getByRole('textbox', { name: 'Depot address' });
    await user.type(address, 'Yard');
    await user.type(within(dialog).getByRole('textbox', { name: 'Depot latitude' }), '30.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Depot longitude' }), '-97.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save market' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.noNul)).toBeInTheDocument();
    expect(address).toHaveAccessibleDescription(VALIDATION_MESSAGES.noNul);
    expect(within(dialog).getByText(SETTINGS_MESSAGES.marketNameTaken)).toBeInTheDocument();

    answer = jsonResponse(409, { message: SETTINGS_MESSAGES.marketStale });
    await user.click(within(dialog).getByRole('button', { name: 'Save market' }));
    expect(await within(dialog).findByText(SETTINGS_MESSAGES.marketStale)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit market Austin' })).toBeInTheDocument();
  });
});
