import type { CustomerDetail } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appStore } from '../../lib/app-store';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { calendar, customerDetail, customerRow, page } from '../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { EditCustomerPage } from './EditCustomerPage';

type Answer = (request: FakeRequest, current: CustomerDetail) => Response | undefined;

/**
 * What the record's schedule area, its tabs and its navigator ask for (their behaviour is tested in their
 * features): the record is the first of a list of three.
 */
function scheduleAnswer(request: FakeRequest): Response | undefined {
  if (request.method !== 'GET') return undefined;
  switch (request.path) {
    case '/customers': {
      const position = Number(request.query.get('page'));
      return jsonResponse(200, page(position === 1 ? [customerRow({ id: 101 })] : [], 3, 1, position));
    }
    case '/customers/101/notes':
      return jsonResponse(200, page([], 0, 5));
    case '/customers/101/deletion-request':
      return jsonResponse(200, { data: null });
    case '/customers/101/calendar':
      return jsonResponse(200, { data: calendar({ year: 2026 }) });
    case '/customers/101/calendar/activities':
      return jsonResponse(200, { data: [] });
    case '/customers/101/skipsCount':
      return jsonResponse(200, { data: { year: 2026, count: 0 } });
    case '/customers/101/service-notes':
      return jsonResponse(200, { data: { skips: [], write: [], redo: [] } });
    case '/customers/101/history':
      return jsonResponse(200, page([], 0, 10));
    default:
      return undefined;
  }
}

/** A fake API holding one customer; PATCH merges what it receives unless `answer` says otherwise. */
function fakeServer(answer?: Answer) {
  let current = customerDetail({ id: 101 });
  return installFakeFetch((request) => {
    const special = answer?.(request, current) ?? scheduleAnswer(request);
    if (special) return special;
    if (request.path === '/customers/101' && request.method === 'GET') return jsonResponse(200, { data: current });
    if (request.path.startsWith('/customers/101') && request.method === 'PATCH') {
      const patch = request.body as Partial<CustomerDetail>;
      current = { ...current, ...patch };
      if (patch.firstName || patch.lastName) current.fullName = `${current.firstName} ${current.lastName}`;
      if (patch.isRestart) current.statusOrders = 0;
      return jsonResponse(200, { data: current });
    }
    if (request.path === '/customers/101' && request.method === 'DELETE') {
      return jsonResponse(200, { message: 'Successfully deleted' });
    }
    return jsonResponse(404, { message: 'Customer not found' });
  });
}

/** The record as a list opens it: its id and its position in the query. */
function renderRecord(url = '/edit-customer?id=101&record=1&page=0&pageSize=50&sortCustom=-id') {
  const [pathname = '', search = ''] = url.split('?');
  return renderRoutes(
    [
      { path: '/edit-customer', element: <EditCustomerPage /> },
      { path: '/customer', element: <LocationProbe name="Customer List" /> },
    ],
    [{ pathname, search: search ? `?${search}` : '' }],
  );
}

const patches = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'PATCH');

describe('customer header card', () => {
  beforeEach(() => signIn({ role: 'Manager', roles: ['Manager'] }));

  it('shows who the customer is and how they are served', async () => {
    fakeServer();
    renderRecord();
    expect(await screen.findByRole('heading', { name: 'Jo Ray' })).toBeInTheDocument();
    expect(screen.getByText('12 Elm St, Austin, TX 78701')).toBeInTheDocument();
    const fields: Record<string, string> = {
      'Account number': 'A-10101',
      'Create date': '02/20/2026',
      'Start date': '03/02/2026',
      'Price without tax': '$45.00',
      'Calculated tax': '$3.71 (8.25%)',
      'Mow day': 'Tuesday',
      Frequency: 'Weekly',
      Crew: '12',
      Market: 'Austin',
    };
    const terms = screen.getAllByRole('term');
    for (const [label, value] of Object.entries(fields)) {
      const term = terms.find((element) => element.textContent === label);
      expect(term?.nextElementSibling, label).toHaveTextContent(value);
    }
    // Status, phone and e-mail are edited in place.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active Customer');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 (512) 555-0100');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('jo@example.com');
    expect(screen.getByRole('switch', { name: 'Cellphone' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'E-mail' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Restart' })).not.toBeChecked();
  });

  it("shows the schedule calendar below the header card, and its year's service notes in their tab", async () => {
    const { requests } = fakeServer();
    renderRecord('/edit-customer?id=101&record=1&page=0&pageSize=50&sortCustom=-id&tap=1');
    expect(await screen.findByRole('heading', { name: 'All weeks 2026' }, { timeout: 5000 })).toBeInTheDocument();
    const tab = screen.getByRole('tabpanel', { name: 'Service Notes' });
    expect(await within(tab).findByRole('region', { name: 'Service notes' }, { timeout: 5000 })).toHaveTextContent(
      'Service notes 2026',
    );
    const serviceNotes = requests.filter((request) => request.path === '/customers/101/service-notes');
    expect(serviceNotes.at(-1)?.query.get('year')).toBe('2026');
  });

  it('offers the lower tabs built, by their index in tap, starting on the private notes', async () => {
    fakeServer();
    renderRecord();
    const tabs = await screen.findByRole('tablist', { name: 'Record details' }, { timeout: 5000 });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Private note',
      'Service Notes',
      'Completed services',
      'Billing notes',
      'History',
      'B&B',
      'Spanish',
      'Marketing',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Private note' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No private notes yet')).toBeInTheDocument();
  });

  it("shows the record's history in its tab, and reloads it after an edit", async () => {
    const entry = (id: number, description: string) => ({
      id,
      action: 'update',
      description,
      changes: null,
      createdAt: '2026-11-20T15:00:00Z',
      user: { id: 7, fullName: 'Ana Flores' },
    });
    let entries = [entry(1, 'Changed crew from 11 to 12')];
    const { requests } = fakeServer((request) =>
      request.path === '/customers/101/history' ? jsonResponse(200, page(entries, entries.length, 10)) : undefined,
    );
    const { user } = renderRecord('/edit-customer?id=101&record=1&page=0&pageSize=50&sortCustom=-id&tap=4');
    const history = await screen.findByRole('region', { name: 'History' }, { timeout: 5000 });
    expect(await within(history).findByRole('row', { name: /Changed crew from 11 to 12/ })).toHaveTextContent(
      'Ana Flores',
    );
    entries = [entry(2, 'Changed status from Active Customer to Past Customer'), ...entries];
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Past Customer' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(patches(requests)[0]?.body).toEqual({ status: 5, base: { status: 1 } });
    expect(
      await within(history).findByRole('row', { name: /Changed status from Active Customer to Past Customer/ }),
    ).toBeInTheDocument();
  });

  it('reloads the calendar after a change that re-plans the weeks, not after a contact switch', async () => {
    const { requests } = fakeServer();
    const { user } = renderRecord();
    await screen.findByRole('heading', { name: 'All weeks 2026' }, { timeout: 5000 });
    const calendarCalls = () => requests.filter((request) => request.path === '/customers/101/calendar');
    expect(calendarCalls()).toHaveLength(1);

    await user.click(screen.getByRole('switch', { name: 'Cellphone' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Cellphone' })).toBeEnabled());
    expect(calendarCalls()).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Restart' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restart' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(calendarCalls()).toHaveLength(2));
  });

  it('saves the cellphone switch at once', async () => {
    const { requests } = fakeServer();
    const { user } = renderRecord();
    const cellphone = await screen.findByRole('switch', { name: 'Cellphone' });
    await user.click(cellphone);
    expect(cellphone).not.toBeChecked();
    await waitFor(() =>
      expect(patches(requests)).toEqual([
        expect.objectContaining({ path: '/customers/101/type-cellphone', body: { isCellphone: false } }),
      ]),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Cellphone' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Cellphone' })).not.toBeChecked();
  });

  it('switches to postal mail, and puts the switch back when the server refuses', async () => {
    const { requests } = fakeServer((request) =>
      request.method === 'PATCH' ? jsonResponse(500, { message: 'Could not save the preference' }) : undefined,
    );
    const { user } = renderRecord();
    const mail = await screen.findByRole('switch', { name: 'E-mail' });
    await user.click(mail);
    expect(patches(requests)[0]?.body).toEqual({ mailPreferences: 2 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save the preference');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'E-mail' })).toBeChecked());
  });

  it('asks before a restart, then hides the checkbox', async () => {
    const { requests } = fakeServer();
    const { user } = renderRecord();
    await user.click(await screen.findByRole('checkbox', { name: 'Restart' }));
    const question = await screen.findByRole('dialog', { name: 'Restart' });
    expect(question).toHaveTextContent('Move this customer to pending review so the restart can be approved?');

    await user.click(within(question).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches(requests)).toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: 'Restart' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Restart' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restart' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Restart' })).not.toBeInTheDocument());
    expect(patches(requests)[0]).toMatchObject({ path: '/customers/101', body: { isRestart: true } });
    expect(screen.getByText('Restart requested: pending review')).toBeInTheDocument();
  });

  it('edits the name in place: validates, Enter saves, Escape cancels', async () => {
    const { requests } = fakeServer();
    const { user } = renderRecord();
    await user.click(await screen.findByRole('button', { name: 'Jo Ray' }));
    const form = screen.getByRole('form', { name: 'Edit name' });
    const first = within(form).getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.keyboard('{Enter}');
    expect(await within(form).findByText('First name is required')).toBeInTheDocument();
    expect(patches(requests)).toHaveLength(0);

    await user.type(first, 'Joanna{Enter}');
    expect(await screen.findByRole('heading', { name: 'Joanna Ray' })).toBeInTheDocument();
    expect(patches(requests)[0]?.body).toEqual({ firstName: 'Joanna', lastName: 'Ray' });

    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'mond{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit name' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Joanna Ray' })).toBeInTheDocument();
    expect(patches(requests)).toHaveLength(1);
  });

  it('shows Delete customer to Admin and Manager only', async () => {
    fakeServer();
    for (const role of ['Admin', 'Manager'] as const) {
      signIn({ role, roles: [role] });
      const { unmount } = renderRecord();
      expect(await screen.findByRole('button', { name: 'Delete customer' })).toBeInTheDocument();
      unmount();
    }
    for (const role of ['Representative', 'customer-service'] as const) {
      signIn({ role, roles: [role] });
      const { unmount } = renderRecord();
      await screen.findByRole('heading', { name: 'Jo Ray' });
      expect(screen.queryByRole('button', { name: 'Delete customer' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('deletes after confirmation and returns to the last search', async () => {
    const { requests } = fakeServer();
    appStore.setState((state) => ({
      ...state,
      customerList: {
        ...state.customerList,
        selectedIds: [101, 5],
        lastSearch: { path: '/customer', page: 2, pageSize: 75, sort: 'fullName', filter: '', text: '' },
      },
    }));
    const { user } = renderRecord();
    await user.click(await screen.findByRole('button', { name: 'Delete customer' }));
    const question = await screen.findByRole('dialog', { name: 'Delete customer' });
    expect(question).toHaveTextContent(
      'You are about to delete a customer. Are you sure you want to delete this customer?',
    );
    await user.click(within(question).getByRole('button', { name: 'Yes' }));

    // The record now also loads its tabs and its deletion request: on a busy machine leaving it takes over a second.
    expect(await screen.findByRole('heading', { name: 'Customer List' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/customer?page=2&pageSize=75&sort=fullName');
    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Successfully deleted')).toBeInTheDocument();
    expect(notice).toHaveTextContent('This process cannot be reversed');
    expect(requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/customers/101' }));
    expect(appStore.getState().customerList.selectedIds).toEqual([5]);
  });

  it("says 'Customer not found' for an unknown or missing record", async () => {
    fakeServer();
    const { unmount } = renderRecord('/edit-customer?record=999');
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the customer list' })).toHaveAttribute('href', '/customer');
    unmount();
    renderRecord('/edit-customer');
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    let isDown = true;
    installFakeFetch(() =>
      isDown ? jsonResponse(503, { message: 'Service unavailable' }) : jsonResponse(200, { data: customerDetail() }),
    );
    const { user } = renderRecord();
    expect(await screen.findByText(/Service unavailable/)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Jo Ray' })).toBeInTheDocument();
  });
});
