import { DECLINED_CHARGE_MESSAGES, INVOICE_DISCOUNTS, type ChargeAttempts, type InvoiceRow } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
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
    version: 1,
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

describe('declined invoices', () => {
  beforeEach(() => signIn({ role: 'customer-service', roles: ['customer-service'] }));

  const declined = invoice({
    id: 9,
    transactionId: 'ch_declined',
    status: 2,
    statusName: 'Declined',
    declineReason: 'Insufficient funds',
    version: 3,
  });
  const attempts: ChargeAttempts = {
    attempts: [
      {
        id: 1,
        number: 1,
        startedAt: '2026-05-05T11:00:00Z',
        result: 'declined',
        resultName: 'Declined',
        declineReason: 'Insufficient funds',
        transactionId: 'ch_declined',
        source: 'billing',
        sourceName: 'Daily billing',
        userName: null,
        note: null,
      },
    ],
    nextRetryOn: '2026-05-08',
  };

  /** The invoices server with one declined invoice; `markPaid` answers Mark paid. */
  function declinedServer(
    markPaid: () => Response = () => jsonResponse(200, { message: 'The invoice was marked paid' }),
  ) {
    return installFakeFetch((request) => {
      if (request.path === '/invoices') return jsonResponse(200, page([declined], 1, 50));
      if (request.path === '/invoices/9/attempts') return jsonResponse(200, { data: attempts });
      if (request.path === '/invoices/9/retry') {
        return jsonResponse(200, { message: DECLINED_CHARGE_MESSAGES.retried, data: { outcome: 'declined' } });
      }
      if (request.path === '/invoices/9/mark-paid') return markPaid();
      return jsonResponse(404, { message: 'Not found' });
    });
  }

  it('filters the list by status, kept in the URL', async () => {
    const { requests } = declinedServer();
    const { user, router } = renderPage();
    await screen.findByText('12 Oak Lane');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('filter[status]')).toBe('2'));
    expect(router.state.location.search).toContain('status=2');
  });

  it('shows the attempts and the next retry, and retries now after asking', async () => {
    const { requests } = declinedServer();
    const { user } = renderPage();
    await screen.findByText('12 Oak Lane');
    await user.click(screen.getByRole('button', { name: /^Attempts: 12 Oak Lane/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Declined: Insufficient funds')).toBeInTheDocument();
    expect(within(dialog).getByText('Daily billing')).toBeInTheDocument();
    expect(within(dialog).getByText('Next scheduled retry: 05/08/2026')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Retry now' }));
    await user.click(await screen.findByRole('button', { name: 'Charge now' }));
    expect(await screen.findByText('The charge was declined again')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/invoices/9/retry')).toMatchObject([{ method: 'POST' }]);
  });

  it('marks paid by check with a note typed key by key, from the version read, after asking', async () => {
    let answer = () => jsonResponse(409, { message: DECLINED_CHARGE_MESSAGES.stale });
    const { requests } = declinedServer(() => answer());
    const { user } = renderPage();
    await screen.findByText('12 Oak Lane');
    await user.click(screen.getByRole('button', { name: /^Attempts: 12 Oak Lane/ }));
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const form = await screen.findByRole('dialog', { name: 'Mark paid another way' });

    await user.click(within(form).getByRole('button', { name: 'Mark paid' }));
    expect(await within(form).findByText(DECLINED_CHARGE_MESSAGES.noteRequired)).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Note' }), 'Check 1042');
    await user.click(within(form).getByRole('button', { name: 'Mark paid' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, mark paid' }));
    expect(await within(form).findByText(DECLINED_CHARGE_MESSAGES.stale)).toBeInTheDocument();

    answer = () => jsonResponse(200, { message: DECLINED_CHARGE_MESSAGES.markedPaid });
    // The question's dialog leaves first, which gives the form back to assistive technology.
    await user.click(await within(form).findByRole('button', { name: 'Mark paid' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Yes, mark paid' }));
    expect(await screen.findByText(DECLINED_CHARGE_MESSAGES.markedPaid)).toBeInTheDocument();
    const sent = requests.filter((request) => request.path === '/invoices/9/mark-paid');
    expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { method: 'check', note: 'Check 1042', version: 3 } });
    // Three dialogs open and close in turn: slow on a shared 2-core machine.
  }, 45_000);

  it('offers Retry now and Mark paid only to those who collect payments', async () => {
    signIn({ role: 'Representative', roles: ['Representative'] });
    declinedServer();
    const { user } = renderPage();
    await screen.findByText('12 Oak Lane');
    await user.click(screen.getByRole('button', { name: /^Attempts: 12 Oak Lane/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Declined: Insufficient funds');
    expect(within(dialog).queryByRole('button', { name: 'Retry now' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
  });
});
