import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore } from '../../lib/app-store';
import { installFakeFetch, jsonResponse } from '../../test/fake-fetch';
import { customerRow, page } from '../../test/fixtures';
import { renderRoutes, signIn } from '../../test/render';
import { ExpiredCardListPage } from './ExpiredCardListPage';

describe('expired-card list', () => {
  beforeEach(() => signIn());

  it('lists status 2 with card type and phone, without checkboxes or export', async () => {
    // Customers ticked on the customer list must not reach this grid (the MIT grid throws on them).
    appStore.setState((state) => ({ ...state, customerList: { ...state.customerList, selectedIds: [1, 2, 3] } }));
    const { requests } = installFakeFetch(() =>
      jsonResponse(
        200,
        page(
          [customerRow({ id: 7, fullName: 'Kim Lee', status: 2, statusName: 'Card declined', cardTypeName: 'Visa' })],
          1,
        ),
      ),
    );
    renderRoutes([{ path: '/expired-card', element: <ExpiredCardListPage /> }], ['/expired-card']);

    expect(await screen.findByText('Search results: 1 record')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Customers with an expired card' });
    expect(await within(grid).findByText('Kim Lee')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Card type' })).toBeInTheDocument();
    expect(within(grid).getByText('+1 (512) 555-0100')).toBeInTheDocument();
    expect(requests[0]?.query.get('filter[status]')).toBe('2');
    expect(requests[0]?.query.get('filter[statusOrders]')).toBe('1');

    expect(within(grid).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
  });

  it('says so when no card has expired', async () => {
    installFakeFetch(() => jsonResponse(200, page([], 0)));
    renderRoutes([{ path: '/expired-card', element: <ExpiredCardListPage /> }], ['/expired-card']);
    expect(await screen.findByText('No expired cards')).toBeInTheDocument();
  });
});
