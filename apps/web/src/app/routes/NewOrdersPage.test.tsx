import { ORDER_MESSAGES, type CustomerListRow, type Note } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { customerRow, page } from '../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { NewOrdersPage } from './NewOrdersPage';

const rows: CustomerListRow[] = [
  customerRow({ id: 31, fullName: 'Ann Pending', statusOrders: 0, customerId: 'A-31', zipcode: '75201' }),
  customerRow({ id: 30, fullName: 'Ben Rejected', statusOrders: 2, customerId: 'A-30' }),
];

const rejected: Note = {
  id: 9,
  customerAttributesId: 30,
  typeId: 4,
  typeName: 'Rejected note',
  serviceDate: '2026-06-10',
  serviceHour: '11:00',
  description: 'Only wanted one mow',
  rejectionReasons: ['Wanted a 1 Time Mow'],
  reason: null,
  status: null,
  version: 1,
  createdAt: '2026-06-10T16:00:00Z',
  updatedAt: '2026-06-10T16:00:00Z',
  user: null,
};

function fakeServer() {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/customers') return jsonResponse(200, page(rows, 23, 10));
    if (request.path === '/customers/30/notes') return jsonResponse(200, page([rejected], 1, 5));
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderPage(state: unknown = null, search = '') {
  return renderRoutes(
    [
      { path: '/new-orders', element: <NewOrdersPage /> },
      { path: '/edit-customer', element: <LocationProbe name="Customer record" /> },
    ],
    [{ pathname: '/new-orders', search, state }],
  );
}

describe('pending-approval list', () => {
  beforeEach(() => signIn());

  it('lists new and rejected orders, newest first, 10 a page, with their status chip', async () => {
    const { requests } = fakeServer();
    renderPage();
    expect(screen.getByRole('heading', { name: ORDER_MESSAGES.listSubtitle })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Orders pending approval' });
    for (const header of ['Customer', 'Address', 'Code', 'Market', 'Zip', 'Status']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const ann = (await within(grid).findByText('Ann Pending')).closest('[role="row"]') as HTMLElement;
    expect(within(ann).getByText('Pending')).toBeInTheDocument();
    const ben = within(grid).getByText('Ben Rejected').closest('[role="row"]') as HTMLElement;
    expect(within(ben).getByText('Rejected')).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]?.query ?? [])).toEqual({
      render: 'paginate',
      page: '1',
      limit: '10',
      sort: '-id',
      include: 'userEdit,userNote',
      'filter[statusOrders]': '0,2',
      'filter[status]': '',
    });
  });

  it('opens a record on the second click of the same row, as a new order positioned in this list', async () => {
    fakeServer();
    const { user } = renderPage(null, '?page=1&pageSize=10&sort=-id');
    const grid = await screen.findByRole('grid', { name: 'Orders pending approval' });
    await user.click(await within(grid).findByText('Ben Rejected'));
    expect(screen.queryByRole('heading', { name: 'Customer record' })).not.toBeInTheDocument();
    await user.click(within(grid).getByText('Ben Rejected'));
    expect(await screen.findByRole('heading', { name: 'Customer record' })).toBeInTheDocument();
    const url = new URL(screen.getByLabelText('location').textContent ?? '', 'http://localhost');
    expect(url.searchParams.get('id')).toBe('30');
    expect(url.searchParams.get('record')).toBe('12');
    expect(url.searchParams.get('sortCustom')).toBe('-id');
    expect(url.searchParams.get('filterCustom')).toBe('filter[statusOrders]=0%2C2&filter[status]=');
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"isNewOrder":true}');
  });

  it("says 'Great!' after an approval", async () => {
    fakeServer();
    const { user } = renderPage({ approved: true });
    const dialog = await screen.findByRole('dialog', { name: 'Great!' });
    expect(dialog).toHaveTextContent(ORDER_MESSAGES.approved);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Great!' })).not.toBeInTheDocument());
  });

  it('shows the rejected note after a rejection, with the message passed along', async () => {
    fakeServer();
    renderPage({ approved: false, customerId: 30, message: ORDER_MESSAGES.rejected });
    expect(screen.getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.rejected);
    const dialog = await screen.findByRole('dialog', { name: 'Rejected note' });
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Only wanted one mow');
    expect(within(dialog).getByRole('checkbox', { name: 'Wanted a 1 Time Mow' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('says so when no order waits', async () => {
    installFakeFetch(() => jsonResponse(200, page([], 0, 10)));
    renderPage();
    expect(await screen.findByText(ORDER_MESSAGES.empty)).toBeInTheDocument();
  });
});
