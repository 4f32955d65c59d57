import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { customerRow, page, report } from '../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { CustomerListPage } from './CustomerListPage';
import { ExpiredCardListPage } from './ExpiredCardListPage';

const rows = [
  customerRow({ id: 101, fullName: 'Jo Ray', crew: 12, frecuencyName: 'Bi-Weekly', paymentType: 2 }),
  customerRow({ id: 102, fullName: 'Lu Park', customerId: 'A-10102', zipcode: '78704', paymentType: 1 }),
];

function fakeServer() {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/customers' && request.method === 'GET') return jsonResponse(200, page(rows, 2));
    if (request.path === '/reports/customers' && request.method === 'POST') {
      return jsonResponse(202, { data: report({ status: 'requested' }), message: 'The report is being processed' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderList(entry: string | { pathname: string; search?: string; state?: unknown }) {
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
      { path: '/expired-card', element: <ExpiredCardListPage /> },
      { path: '/edit-customer', element: <LocationProbe name="Customer record" /> },
    ],
    [entry],
  );
}

const location = () => screen.getByLabelText('location').textContent ?? '';
const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
    .filter((text) => text !== 'Open' && text !== '');

describe('the bush-and-bed view of the customer list', () => {
  beforeEach(() => signIn());

  it('is reached by its view switch, which keeps the list and names the view in the URL', async () => {
    fakeServer();
    const { user } = renderList('/customer?pageSize=75');
    await screen.findByText('Lu Park');
    const views = screen.getByRole('group', { name: 'List view' });
    expect(within(views).getByRole('button', { name: 'Standard' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(views).getByRole('button', { name: 'B&B' }));
    await screen.findByRole('grid', { name: 'Customers (B&B)' });
    expect(location()).toContain('view=bushBed');
    expect(location()).toContain('pageSize=75');
    expect(within(views).getByRole('button', { name: 'B&B' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows its own columns, chosen by checkbox, and a search count', async () => {
    fakeServer();
    const { user } = renderList('/customer?view=bushBed');
    expect(await screen.findByText('Search results: 2 records')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Customers (B&B)' });
    await within(grid).findByText('Lu Park');
    expect(headers(grid)).toEqual([
      'Account No',
      'Status',
      'Frequency',
      'Total',
      'Customer',
      'Address',
      'Crew',
      'Market',
      'Payment type',
    ]);
    expect(within(grid).getByText('Bi-Weekly')).toBeInTheDocument();
    expect(within(grid).getByText('E-Check')).toBeInTheDocument();
    expect(within(grid).getByText('Credit/Debit Card')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = await screen.findByRole('dialog', { name: 'Optional columns' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Zip' }));
    await user.click(within(chooser).getByRole('checkbox', { name: 'Payment type' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers(grid)).toContain('Zip'));
    expect(headers(grid)).not.toContain('Payment type');
    expect(within(grid).getByText('78704')).toBeInTheDocument();
  });

  it('opens a record on a double click, not on a single one', async () => {
    fakeServer();
    const { user } = renderList('/customer?view=bushBed');
    const name = await screen.findByText('Lu Park');
    await user.click(name);
    expect(location()).toMatch(/^\/customer\?/);

    await user.dblClick(name);
    await waitFor(() => expect(location()).toContain('/edit-customer'));
    expect(location()).toContain('id=102');
  });

  it('exports every matching customer to a PDF under the document name typed', async () => {
    const { requests } = fakeServer();
    const { user } = renderList('/customer?view=bushBed');
    await screen.findByText('Lu Park');
    expect(screen.getByRole('link', { name: 'Create customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all' }));

    await user.click(screen.getByRole('button', { name: 'Export' }));
    const formats = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(formats).toEqual(['PDF']);
    await user.click(screen.getByRole('menuitem', { name: 'PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reports' });
    expect(dialog).toHaveTextContent('PDF file of all 2 customers matching this search.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Document name' }), 'Crew 12 beds');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success).toHaveTextContent('The report is being processed');
    expect(within(success).getByRole('link', { name: 'Go to report' })).toHaveAttribute('href', '/report');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      nameDoc: 'Crew 12 beds',
      typeDoc: 'pdf',
      select: [
        'customerId',
        'statusName',
        'frecuencyName',
        'totalMowing',
        'fullName',
        'serviceAddress',
        'crew',
        'marketName',
        'paymentType',
      ],
      clients: 'all',
      query: { 'filter[statusOrders]': '1', 'filter[status]': '1', sort: '-id' },
    });
  });

  it('on the expired-card list, exports the ticked customers to a PDF', async () => {
    const { requests } = fakeServer();
    const { user } = renderRoutes(
      [{ path: '/expired-card', element: <ExpiredCardListPage /> }],
      ['/expired-card?view=bushBed'],
    );
    const grid = await screen.findByRole('grid', { name: 'Customers with an expired card (B&B)' });
    const row = (await within(grid).findByText('Jo Ray')).closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    expect(headers(grid)).toContain('Card type');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reports' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Document name' }), 'Declined{Enter}');
    await screen.findByRole('dialog', { name: 'Success' });
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      nameDoc: 'Declined',
      typeDoc: 'pdf',
      ids: [101],
    });
    expect(requests[0]?.query.get('filter[status]')).toBe('2');
  });
});

describe('the cellphone customers look-up on the customer list', () => {
  beforeEach(() => signIn());

  it('exports to EXCEL only: CSV is offered disabled', async () => {
    const { requests } = fakeServer();
    const { user } = renderList({ pathname: '/customer', state: { filter: 'filter[isCellphone]=true' } });
    await screen.findByText('Lu Park');
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'CSV' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'EXCEL' })).not.toHaveAttribute('aria-disabled');

    await user.click(screen.getByRole('menuitem', { name: 'EXCEL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reports' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Report name' }), 'Texts{Enter}');
    await screen.findByRole('dialog', { name: 'Success' });
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ typeDoc: 'xlsx' });
  });

  it('keeps CSV for any other look-up', async () => {
    fakeServer();
    const { user } = renderList({ pathname: '/customer', state: { filter: 'filter[market]=2' } });
    await screen.findByText('Lu Park');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('menuitem', { name: 'CSV' })).not.toHaveAttribute('aria-disabled');
  });
});
