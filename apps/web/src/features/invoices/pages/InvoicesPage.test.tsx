import { INVOICE_DISCOUNTS, type InvoiceRow } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  installFakeFetch as installAnyFetch,
  jsonResponse,
  type FakeHandler,
  type FakeRequest,
} from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { InvoicesPage } from './InvoicesPage';

function invoice(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: 1,
    transactionId: 'ch_1a2b3c4d5e6f',
    total: 37.89,
    customerId: '500041',
    propertyId: 41,
    createdAt: '2026-05-05',
    serviceDate: '2026-05-04',
    year: 2026,
    week: 11,
    status: 1,
    statusName: 'Paid',
    declineReason: null,
    discountName: null,
    paymentTypeName: 'Visa',
    customers: { serviceAddress: '12 Oak Lane', fullName: 'Pat Doe' },
    ...overrides,
  };
}

/** The invoices server; the page's Visits to confirm section finds none (VisitsToConfirmSection.test.tsx tests it). */
function installFakeFetch(handler: FakeHandler) {
  const requests: FakeRequest[] = [];
  installAnyFetch((request) => {
    if (request.path === '/billing/visits-to-confirm') return jsonResponse(200, page([], 0, 10));
    requests.push(request);
    return handler(request);
  });
  return { requests };
}

const renderPage = (url = '/invoices') => renderRoutes([{ path: '/invoices', element: <InvoicesPage /> }], [url]);
const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

describe('invoices', () => {
  beforeEach(() => signIn());

  it('pages the invoices from the server, 50 at first, newest first, with the columns of the screen', async () => {
    const { requests } = installFakeFetch(() =>
      jsonResponse(
        200,
        page(
          [
            invoice(),
            invoice({
              id: 2,
              transactionId: null,
              status: 2,
              statusName: 'Declined',
              declineReason: 'Card expired',
              customers: { serviceAddress: '9 Pine Rd', fullName: 'Kim Lee' },
              customerId: '500042',
            }),
          ],
          2,
          50,
        ),
      ),
    );
    renderPage();
    expect(await screen.findByText('12 Oak Lane')).toBeInTheDocument();
    expect(screen.getByText('Search results: 2 invoices')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Invoices' });
    for (const header of [
      'Payment number',
      'Total',
      'Service address',
      'Account number',
      'Account name',
      'Date',
      'Status',
    ]) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const paid = rowOf('12 Oak Lane');
    expect(within(paid).getByText('ch_1a2b3c4d5e6f')).toBeInTheDocument();
    expect(within(paid).getByText('$37.89')).toBeInTheDocument();
    expect(within(paid).getByText('05/05/2026')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(rowOf('9 Pine Rd')).getByText('Declined: Card expired')).toBeInTheDocument();
    const query = requests[0]?.query;
    expect([query?.get('page'), query?.get('limit'), query?.get('sort')]).toEqual(['1', '50', '-createdAt,-id']);
  });

  it('labels a service the fifth-mow discount made free', async () => {
    installFakeFetch(() =>
      jsonResponse(
        200,
        page([invoice({ total: 0, transactionId: null, discountName: INVOICE_DISCOUNTS.fifth_mow })], 1, 50),
      ),
    );
    renderPage();
    await screen.findByText('12 Oak Lane');
    const row = rowOf('12 Oak Lane');
    expect(within(row).getByText('$0.00')).toBeInTheDocument();
    expect(within(row).getByText('Paid: 5th mow free')).toBeInTheDocument();
  });
  it('keeps the page size and sort of the URL', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, page([invoice()], 200, 75)));
    renderPage('/invoices?page=2&pageSize=75&sort=transactionId');
    await screen.findByText('12 Oak Lane');
    const query = requests[0]?.query;
    expect([query?.get('page'), query?.get('limit'), query?.get('sort')]).toEqual(['3', '75', 'transactionId']);
  });

  it('says when nothing has been billed yet', async () => {
    installFakeFetch(() => jsonResponse(200, page([], 0, 50)));
    renderPage();
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
  });

  it('shows a load error with Retry', async () => {
    installFakeFetch(() => jsonResponse(403, { message: 'This action is unauthorized.' }));
    renderPage();
    expect(
      await screen.findByText(/The invoices could not be loaded: This action is unauthorized./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
