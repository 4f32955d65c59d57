import type { CustomerListRow } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore } from '../../lib/app-store';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { customerRow, page, report } from '../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { CustomerListPage } from './CustomerListPage';

const rows = [
  customerRow({ id: 101, fullName: 'Jo Ray', crew: 12 }),
  customerRow({ id: 102, fullName: 'Lu Park', customerId: 'A-10102', serviceAddress: '9 Oak Ave', crew: 7 }),
];

function fakeServer(list: CustomerListRow[] = rows, total = 120) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/customers' && request.method === 'GET') return jsonResponse(200, page(list, total));
    if (request.path === '/reports/customers' && request.method === 'POST') {
      return jsonResponse(202, { data: report({ status: 'requested' }), message: 'The report is being processed' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const listCalls = (requests: FakeRequest[]) => requests.filter((request) => request.path === '/customers');

function renderList(url = '/customer') {
  return renderRoutes(
    [
      {
        path: '/customer',
        element: (
          <>
            <CustomerListPage />
            <LocationProbe name="Customer List" />
          </>
        ),
      },
      { path: '/edit-customer', element: <LocationProbe name="Customer record" /> },
      { path: '/report', element: <LocationProbe name="Reports" /> },
    ],
    [url],
  );
}

const location = () => screen.getByLabelText('location').textContent ?? '';

describe('customer list', () => {
  beforeEach(() => signIn());

  it("shows the rows and 'Search results: N records' from the first page", async () => {
    const { requests } = fakeServer();
    renderList();
    expect(await screen.findByText('Search results: 120 records')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Customers' });
    expect(within(grid).getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    for (const header of ['Address', 'Account No', 'Market', 'Status']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(await within(grid).findByText('Lu Park')).toBeInTheDocument();
    expect(within(grid).getByText('9 Oak Ave')).toBeInTheDocument();
    expect(Object.fromEntries(listCalls(requests)[0]?.query ?? [])).toEqual({
      render: 'paginate',
      page: '1',
      limit: '50',
      sort: '-id',
      include: 'userEdit,userNote',
      'filter[statusOrders]': '1',
      'filter[status]': '1',
    });
  });

  it('reads page, page size and sort from the URL and asks for the 1-based page', async () => {
    const { requests } = fakeServer();
    renderList('/customer?page=1&pageSize=75&sort=-fullName');
    await screen.findByText('Lu Park');
    const query = listCalls(requests)[0]?.query;
    expect([query?.get('page'), query?.get('limit'), query?.get('sort')]).toEqual(['2', '75', '-fullName']);
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('puts a page change and a sort change into the URL and the request', async () => {
    const { requests } = fakeServer();
    const { user } = renderList();
    await screen.findByText('Lu Park');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(location()).toBe('/customer?page=1&pageSize=50&sort=-id'));
    await waitFor(() => expect(listCalls(requests).at(-1)?.query.get('page')).toBe('2'));

    await user.click(screen.getByRole('columnheader', { name: 'Customer' }));
    await waitFor(() => expect(location()).toBe('/customer?page=0&pageSize=50&sort=fullName'));
    await waitFor(() => expect(listCalls(requests).at(-1)?.query.get('sort')).toBe('fullName'));
    expect(listCalls(requests).at(-1)?.query.get('page')).toBe('1');
  });

  it('adds an optional column from its checkbox, stays on the page and remembers the choice', async () => {
    fakeServer();
    const { user, unmount } = renderList('/customer?page=2&pageSize=50&sort=fullName');
    await screen.findByText('Lu Park');
    expect(screen.queryByRole('columnheader', { name: 'Crew' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Optional columns' })).getByRole('checkbox', { name: 'Crew' }),
    );
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('columnheader', { name: 'Crew' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: '12' })).toBeInTheDocument();
    expect(location()).toBe('/customer?page=2&pageSize=50&sort=fullName');
    expect(appStore.getState().customerList.columns.customer).toEqual(['crew']);
    expect(JSON.parse(window.localStorage.getItem('state') ?? '{}').customerList.columns.customer).toEqual(['crew']);

    unmount();
    renderList();
    expect(await screen.findByRole('columnheader', { name: 'Crew' })).toBeInTheDocument();
  });

  it('opens the record with its id and the list position in the query when a row is clicked', async () => {
    fakeServer();
    const { user } = renderList('/customer?page=0&pageSize=50&sort=fullName');
    await user.click(await screen.findByText('Lu Park'));
    expect(await screen.findByRole('heading', { name: 'Customer record' })).toBeInTheDocument();
    const url = new URL(location(), 'http://localhost');
    expect(url.pathname).toBe('/edit-customer');
    // Lu Park (id 102) is the second row of the first page: position 2 of the list.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: '102',
      record: '2',
      page: '0',
      pageSize: '50',
      sortCustom: 'fullName',
      filterCustom: 'filter[statusOrders]=1&filter[status]=1',
      activeOrderStatus: '1',
      key: '0',
      tap: '0',
    });
  });

  it('numbers the positions across pages', async () => {
    fakeServer();
    const { user } = renderList('/customer?page=1&pageSize=75&sort=fullName');
    await user.click(await screen.findByText('Jo Ray'));
    await screen.findByRole('heading', { name: 'Customer record' });
    expect(new URL(location(), 'http://localhost').searchParams.get('record')).toBe('76');
  });

  it("says 'Select at least one customer' when exporting with nothing selected", async () => {
    const { requests } = fakeServer();
    const { user } = renderList();
    await screen.findByText('Lu Park');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'EXCEL' }));
    const alert = await screen.findByRole('dialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('Select at least one customer');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('exports the ticked customers under the given name and points to the reports', async () => {
    const { requests } = fakeServer();
    const { user } = renderList();
    await screen.findByText('Lu Park');
    const row = screen.getByText('Lu Park').closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    expect(appStore.getState().customerList.selectedIds).toEqual([102]);
    expect(screen.getByText('1 customer selected for export.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reports' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Report name' }), 'Oak customers');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success).toHaveTextContent('The report is being processed');
    expect(within(success).getByRole('link', { name: 'Go to report' })).toHaveAttribute('href', '/report');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      nameDoc: 'Oak customers',
      typeDoc: 'csv',
      select: ['fullName', 'serviceAddress', 'customerId', 'marketName', 'statusName'],
      ids: [102],
    });
    expect(appStore.getState().customerList.exportFormat).toBe('csv');
  });

  it('with Select all, hides the row checkboxes and exports everything matching the search', async () => {
    const { requests } = fakeServer();
    const { user } = renderList('/customer?page=0&pageSize=50&sort=fullName');
    await screen.findByText('Lu Park');
    const ticks = screen.getAllByRole('checkbox', { name: 'Select row' });
    expect(ticks).toHaveLength(2);
    for (const tick of ticks) await user.click(tick);

    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('button', { name: 'Select all' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('checkbox', { name: 'Select row' })).not.toBeInTheDocument();
    expect(screen.getByText('All 120 customers matching this search will be exported.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'EXCEL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reports' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Report name' }), 'Everyone{Enter}');
    await screen.findByRole('dialog', { name: 'Success' });
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      nameDoc: 'Everyone',
      typeDoc: 'xlsx',
      clients: 'all',
      query: { 'filter[statusOrders]': '1', 'filter[status]': '1', sort: 'fullName' },
    });
    expect(requests.find((request) => request.method === 'POST')?.body).not.toHaveProperty('ids');

    // Leaving Select all brings back the rows ticked before.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    const kept = await screen.findAllByRole('checkbox', { name: 'Unselect row' });
    expect(kept).toHaveLength(2);
    for (const tick of kept) expect(tick).toBeChecked();
  });

  it('searches as the person types, after a pause, keeping the text in the URL and the count with it', async () => {
    const smiths = [customerRow({ id: 301, fullName: 'Ann Smith' }), customerRow({ id: 302, fullName: 'Bo Smithers' })];
    const { requests } = installFakeFetch((request: FakeRequest) =>
      request.query.get('filter[search]') === 'smi'
        ? jsonResponse(200, page(smiths, 2))
        : jsonResponse(200, page(rows, 120)),
    );
    const { user } = renderList('/customer?page=1&pageSize=75&sort=fullName');
    expect(await screen.findByText('Search results: 120 records')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search customers' });

    await user.type(box, 'sm');
    expect(await screen.findByText('Type at least 3 letters or digits to search')).toBeInTheDocument();
    await user.type(box, 'i');
    expect(screen.queryByText('Type at least 3 letters or digits to search')).not.toBeInTheDocument();
    // The search waits for the pause in typing, so it may take longer than a plain load.
    expect(await screen.findByText('Search results: 2 records', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Bo Smithers')).toBeInTheDocument();
    // One search for the whole word, not one per key; it starts from the first page and keeps the page size and sort.
    const searches = listCalls(requests).filter((request) => request.query.has('filter[search]'));
    expect(searches.map((request) => request.query.get('filter[search]'))).toEqual(['smi']);
    expect([searches[0]?.query.get('page'), searches[0]?.query.get('limit'), searches[0]?.query.get('sort')]).toEqual([
      '1',
      '75',
      'fullName',
    ]);
    expect(location()).toBe('/customer?page=0&pageSize=75&sort=fullName&search=smi');

    await user.clear(box);
    expect(await screen.findByText('Search results: 120 records', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(location()).toBe('/customer?page=0&pageSize=75&sort=fullName');
  });

  it('searches for the text in the URL and opens a row with the search in its link', async () => {
    const { requests } = fakeServer();
    const { user } = renderList('/customer?search=oak%20ave');
    expect(await screen.findByRole('searchbox', { name: 'Search customers' })).toHaveValue('oak ave');
    await user.click(await screen.findByText('Lu Park'));
    expect(listCalls(requests)[0]?.query.get('filter[search]')).toBe('oak ave');
    await screen.findByRole('heading', { name: 'Customer record' });
    const url = new URL(location(), 'http://localhost');
    expect(url.searchParams.get('filterCustom')).toBe(
      'filter[statusOrders]=1&filter[status]=1&filter[search]=oak%20ave',
    );
    expect(appStore.getState().customerList.lastSearch).toMatchObject({ path: '/customer', text: 'oak ave' });
  });

  it('shows an empty state when nothing matches', async () => {
    fakeServer([], 0);
    renderList();
    expect(await screen.findByText('No customers match this search')).toBeInTheDocument();
    expect(screen.getByText('Search results: 0 records')).toBeInTheDocument();
  });

  it("shows the server's message and retries on request", async () => {
    let isDown = true;
    installFakeFetch(() =>
      isDown ? jsonResponse(503, { message: 'Service unavailable' }) : jsonResponse(200, page(rows, 2)),
    );
    const { user } = renderList();
    expect(await screen.findByText(/Service unavailable/)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lu Park')).toBeInTheDocument();
  });
});
