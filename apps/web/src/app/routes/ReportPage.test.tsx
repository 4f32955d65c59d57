import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { customerRow, page, report } from '../../test/fixtures';
import { renderRoutes, signIn } from '../../test/render';
import { ReportPage } from './ReportPage';

function fakeServer() {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/reports' && request.method === 'GET') {
      return jsonResponse(200, page([report({ filename: 'march.xlsx' })], 1, 10));
    }
    if (request.path === '/customers') return jsonResponse(200, page([customerRow({ crew: 8801 })], 1, 20));
    if (request.path === '/reports/customers') {
      return jsonResponse(202, { data: report({ status: 'requested' }), message: 'The report is being processed' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = (entry: string | { pathname: string; state: unknown }) =>
  renderRoutes([{ path: '/report', element: <ReportPage /> }], [entry]);

describe('/report', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it('opens on the generated reports, where Go to report lands', async () => {
    fakeServer();
    renderPage('/report');
    expect(await screen.findByText('march.xlsx')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Generated reports' })).toHaveAttribute('aria-selected', 'true');
  });

  it("lists a lookup's customers as a report and asks for its PDF", async () => {
    const { requests } = fakeServer();
    const { user } = renderPage({ pathname: '/report', state: { filter: 'filter[crew]=8801' } });
    expect(await screen.findByRole('tab', { name: 'Report list' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Jo Ray')).toBeInTheDocument();
    for (const header of ['Lat', 'Lng', 'Market', 'City', 'Customer', 'Mow cut', 'Crew']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const list = requests.find((request) => request.path === '/customers');
    expect([list?.query.get('filter[crew]'), list?.query.get('limit')]).toEqual(['8801', '20']);

    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await user.type(await screen.findByRole('textbox', { name: 'Report name' }), 'Crew list');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The report is being processed')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/reports/customers')?.body).toMatchObject({
        nameDoc: 'Crew list',
        typeDoc: 'pdf',
        clients: 'all',
        query: { 'filter[crew]': '8801' },
      }),
    );
  });

  it('switches tabs by the tab parameter', async () => {
    fakeServer();
    const { user } = renderPage('/report?tab=list');
    expect(await screen.findByText('Jo Ray')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Generated reports' }));
    expect(await screen.findByText('march.xlsx')).toBeInTheDocument();
  });
});
