import type { OperationsReportRow } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page, report } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { OperationsReportPage } from './OperationsReportPage';

const stop: OperationsReportRow = {
  key: '7:2026-06-10',
  propertyId: 7,
  workday: '2026-06-10',
  crew: 8801,
  customerId: '500007',
  fullName: 'Pat Doe',
  serviceAddress: '40 Elm Street',
  city: 'Dallas',
  zipcode: '75201',
  marketName: 'Dallas',
  lat: 32.7,
  lng: -96.8,
  mowCut: ['Front', 'Back'],
  gateCode: '1234',
  communityCode: null,
  hazards: ['Pets in the backyard'],
  contactNumber: '2145550100',
  frecuencyName: 'Weekly',
  specialRequests: [],
};

function fakeServer() {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/markets') return jsonResponse(200, { data: [{ id: 3, name: 'Dallas', taxRate: 8.25 }] });
    if (request.path === '/reports/operations' && request.method === 'GET')
      return jsonResponse(200, page([stop], 1, 20));
    if (request.path === '/reports/operations' && request.method === 'POST') {
      return jsonResponse(202, { data: report({ status: 'requested' }), message: 'The report is being processed' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = (url: string) =>
  renderRoutes([{ path: '/operations-report', element: <OperationsReportPage /> }], [url]);

describe('operations report', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it('runs the selection the lookup sends in the query string', async () => {
    const { requests } = fakeServer();
    renderPage('/operations-report?year=2026&week=16&crew=8801');
    expect(await screen.findByText('40 Elm Street')).toBeInTheDocument();
    const row = screen.getByText('40 Elm Street').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Gate 1234')).toBeInTheDocument();
    expect(within(row).getByText('Pets in the backyard')).toBeInTheDocument();
    expect(within(row).getByText('Front; Back')).toBeInTheDocument();
    const query = requests.find((request) => request.path === '/reports/operations')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      'filter[year]': '2026',
      'filter[week]': '16',
      'filter[crew]': '8801',
      page: '1',
      limit: '20',
    });
  });

  it('asks for a parameter, then searches what is typed and adds a checked column', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage('/operations-report');
    expect(screen.getByText('Choose a week, weekday, crew or market, then Search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Select a parameter')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Crew' }), '8801');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('40 Elm Street')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/reports/operations')?.query.get('filter[crew]')).toBe('8801');
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Phone' }));
    expect(screen.getByRole('columnheader', { name: 'Phone' })).toBeInTheDocument();
  });

  it('asks for the PDF by name through the report pipeline', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage('/operations-report?week=16&crew=8801');
    await screen.findByText('40 Elm Street');
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await user.type(await screen.findByRole('textbox', { name: 'Report name' }), 'Crew 8801');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The report is being processed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to report' })).toHaveAttribute('href', '/report');
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')).toMatchObject({
        path: '/reports/operations',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        body: expect.objectContaining({
          nameDoc: 'Crew 8801',
          typeDoc: 'pdf',
          clients: 'all',
          query: expect.objectContaining({ 'filter[week]': '16', 'filter[crew]': '8801' }) as unknown,
        }) as unknown,
      }),
    );
  });
});
