import type { CompletedService, ExternalAccount, ExternalPayment } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/app-store';
import { installFakeFetch, jsonResponse } from '../../test/fake-fetch';
import { calendar, page } from '../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { ExternalShell } from '../shells/ExternalShell';
import { ExternalCalendarPage } from './ExternalCalendarPage';

const account = (overrides: Partial<ExternalAccount> = {}): ExternalAccount => ({
  accessToken: 'token-home',
  authType: 'Bearer',
  expiresIn: 3600,
  propertyId: 11,
  firstName: 'Rosa',
  contactNumber: '5125550177',
  weekDay: 3,
  accountNumber: 'AUS-7001',
  costService: 43.3,
  serviceAddress: '12 Elm Street',
  ...overrides,
});
const home = account();
const cabin = account({
  propertyId: 12,
  accessToken: 'token-cabin',
  accountNumber: 'AUS-7002',
  weekDay: 5,
  serviceAddress: '4 Lake Road',
});

const payment = (index: number, accountNumber: string): ExternalPayment => ({
  id: index,
  customerId: accountNumber,
  createdAt: `2026-05-${String(10 + index).padStart(2, '0')}`,
  amount: 43.3,
  status: 1,
  statusName: 'Paid',
  crewService: { week: index, weekDay: 'Wednesday' },
  customerPayment: { paymentTypeName: 'Visa' },
});

const visit: CompletedService = {
  id: 31,
  workday: '2026-06-10',
  crewNumber: 101,
  note: 'Mowed and edged',
  checkedInAt: '2026-06-10T15:00:00.000Z',
  checkedOutAt: '2026-06-10T15:40:00.000Z',
  photos: [
    {
      id: 1,
      kind: 'check-in',
      filename: 'before.png',
      contentType: 'image/png',
      size: 4,
      createdAt: '2026-06-10T15:00:00.000Z',
    },
    {
      id: 2,
      kind: 'check-out',
      filename: 'after.png',
      contentType: 'image/png',
      size: 4,
      createdAt: '2026-06-10T15:40:00.000Z',
    },
  ],
};

/** Answers the calendar, visit photos and payments of the property whose token comes with the call. */
function installExternalServer() {
  return installFakeFetch((request) => {
    const isCabin = request.authorization === 'Bearer token-cabin';
    const accountNumber = isCabin ? 'AUS-7002' : 'AUS-7001';
    if (request.path === '/external/calendar') {
      const year = Number(request.query.get('year') ?? 2026);
      const { data, years } = calendar({ year, weekCount: 4 });
      return jsonResponse(200, { calendar: { data }, year, years, visits: isCabin ? [] : [visit] });
    }
    if (request.path.startsWith('/external/visits/')) {
      if (isCabin) return jsonResponse(404, { message: 'Visit not found' });
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), {
        status: 200,
        headers: { 'Content-Type': 'image/png' },
      });
    }
    if (request.path === '/external/payments') {
      const rows = Array.from({ length: isCabin ? 2 : 10 }, (_, index) => payment(index + 1, accountNumber));
      return jsonResponse(200, page(rows, isCabin ? 2 : 12, 10, Number(request.query.get('page') ?? 1)));
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const routes = [
  {
    element: <ExternalShell signInPath="/external-search-phone" />,
    children: [{ path: '/external-calendar', Component: ExternalCalendarPage }],
  },
  { path: '/external-search-phone', element: <LocationProbe name="Phone look-up" /> },
];
const withAccounts = (accounts: ExternalAccount[]) => [{ pathname: '/external-calendar', state: { accounts } }];

describe('ExternalCalendarPage', () => {
  it('goes back to the phone look-up without accounts in the navigation state', async () => {
    signIn({ role: 'customers', accessToken: 'token-home', refreshToken: null });
    installExternalServer();
    renderRoutes(routes, ['/external-calendar']);
    expect(await screen.findByRole('heading', { name: 'Phone look-up' })).toBeInTheDocument();
  });

  it("shows the property's details, year tabs, calendar and payments with its own token", async () => {
    signIn({ firstName: 'Rosa', role: 'customers', accessToken: 'token-home', refreshToken: null });
    const { requests } = installExternalServer();
    const { user } = renderRoutes(routes, withAccounts([home]));

    expect(screen.getByRole('heading', { name: 'Hi Rosa!' })).toBeInTheDocument();
    expect(screen.getByText('12 Elm Street')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Service address' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((detail) => detail.textContent)).toEqual([
      'AUS-7001',
      'Wednesday',
      '$43.30',
    ]);

    const tabs = await screen.findByRole('tablist', { name: 'Calendar years' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Calendar 2025', 'Calendar 2026', 'Calendar 2027']);
    expect(within(tabs).getByRole('tab', { name: 'Calendar 2026' })).toHaveAttribute('aria-selected', 'true');

    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Account Number', 'Date', 'Mow Week', 'Mow Day', 'Pricing per Service', 'Payment Type']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const paymentsCall = requests.find((request) => request.path === '/external/payments');
    expect(paymentsCall?.authorization).toBe('Bearer token-home');
    expect(Object.fromEntries(paymentsCall?.query ?? [])).toEqual({
      render: 'paginate',
      'filter[status]': '1',
      include: 'crewService,customerPayment',
      page: '1',
    });

    await user.click(within(tabs).getByRole('tab', { name: 'Calendar 2025' }));
    await waitFor(() => expect(requests.some((request) => request.query.get('year') === '2025')).toBe(true));
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(requests.some((request) => request.query.get('page') === '2')).toBe(true));
  });

  it("shows the year's completed services on their weeks, and their photos with the property's own token", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:visit-photo'), revokeObjectURL: vi.fn() });
    signIn({ role: 'customers', accessToken: 'token-home', refreshToken: null });
    const { requests } = installExternalServer();
    const { user } = renderRoutes(routes, withAccounts([home]));

    const section = await screen.findByRole('region', { name: 'Completed services' });
    expect(await within(section).findByText('Week 16: 06/10/2026')).toBeInTheDocument();
    expect(within(section).getByText('Mowed and edged')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Photos of the service of 06/10/2026' }));

    const dialog = await screen.findByRole('dialog', { name: 'Service of 06/10/2026' });
    expect(await within(dialog).findByRole('img', { name: 'Check-in photo, 06/10/2026' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Check-out photo, 06/10/2026' })).toBeInTheDocument();
    const photoCalls = requests.filter((request) => request.path.startsWith('/external/visits/'));
    expect(photoCalls.map((request) => [request.path, request.authorization])).toEqual([
      ['/external/visits/31/photos/1', 'Bearer token-home'],
      ['/external/visits/31/photos/2', 'Bearer token-home'],
    ]);
  });

  it('offers an address select when the phone has several properties, each read with its own token', async () => {
    signIn({ role: 'customers', accessToken: 'token-home', refreshToken: null });
    const { requests } = installExternalServer();
    const { user } = renderRoutes(routes, withAccounts([home, cabin]));

    await user.click(screen.getByRole('combobox', { name: 'Service address' }));
    await user.click(await screen.findByRole('option', { name: '4 Lake Road' }));
    expect(screen.getAllByRole('definition').map((detail) => detail.textContent)).toEqual([
      'AUS-7002',
      'Friday',
      '$43.30',
    ]);
    const table = await screen.findByRole('table', { name: 'Payments' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(requests.filter((request) => request.authorization === 'Bearer token-cabin').length).toBeGreaterThan(0);
  });

  it('Logout clears the session and returns to the phone look-up', async () => {
    signIn({ role: 'customers', accessToken: 'token-home', refreshToken: null });
    installExternalServer();
    const { user } = renderRoutes(routes, withAccounts([home]));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Phone look-up' })).toBeInTheDocument();
    expect(appStore.getState().user.accessToken).toBeNull();
  });
});
