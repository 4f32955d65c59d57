import {
  CUSTOMER_MESSAGES,
  DELETION_REQUEST_MESSAGES,
  ORDER_MESSAGES,
  type CustomerDetail,
  type Note,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { calendar, customerDetail, customerRow, page } from '../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { NO_REJECTED_NOTE } from '../../features/notes/components/RejectedNoteNotice';
import { EditCustomerPage } from './EditCustomerPage';

/** Three records in the list the record was opened from: positions 1, 2 and 3 are ids 201, 202 and 203. */
const LIST = [201, 202, 203];

type Answer = (request: FakeRequest) => Response | undefined;

function fakeServer(records: Partial<Record<number, Partial<CustomerDetail>>> = {}, answer?: Answer) {
  const detail = (id: number) => customerDetail({ id, fullName: `Customer ${id}`, ...records[id] });
  return installFakeFetch((request) => {
    const special = answer?.(request);
    if (special) return special;
    const match = /^\/customers\/(\d+)(\/.*)?$/.exec(request.path);
    const id = Number(match?.[1]);
    const rest = match?.[2] ?? '';
    if (request.method === 'GET' && request.path === '/customers') {
      const position = Number(request.query.get('page'));
      const row = LIST[position - 1];
      return jsonResponse(200, page(row ? [customerRow({ id: row })] : [], LIST.length, 1, position));
    }
    if (request.method === 'GET' && rest === '') return jsonResponse(200, { data: detail(id) });
    if (request.method === 'GET' && rest === '/notes') return jsonResponse(200, page([], 0, 5));
    if (request.method === 'GET' && rest === '/locations') return jsonResponse(200, { data: [] });
    if (request.method === 'GET' && rest === '/deletion-request') return jsonResponse(200, { data: null });
    if (request.method === 'GET' && rest === '/calendar') return jsonResponse(200, { data: calendar({ year: 2026 }) });
    if (request.method === 'GET' && rest === '/calendar/activities') return jsonResponse(200, { data: [] });
    if (request.method === 'GET' && rest === '/skipsCount')
      return jsonResponse(200, { data: { year: 2026, count: 0 } });
    if (request.method === 'GET' && rest === '/service-notes') {
      return jsonResponse(200, { data: { skips: [], write: [], redo: [] } });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderRecord(search: string) {
  return renderRoutes(
    [
      { path: '/edit-customer', element: <EditCustomerPage /> },
      { path: '/new-orders', element: <LocationProbe name="Clients List" /> },
    ],
    [{ pathname: '/edit-customer', search }],
  );
}

const LIST_QUERY = 'page=0&pageSize=50&sortCustom=-crew&filterCustom=filter%5Bmarket%5D%3D3';

describe('record navigator', () => {
  beforeEach(() => signIn({ role: 'Manager', roles: ['Manager'] }));

  it("shows 'n of total' and steps through the same list with one position query per record", async () => {
    const { requests } = fakeServer();
    const { user, router } = renderRecord(`?id=202&record=2&${LIST_QUERY}&key=2`);
    const navigator = await screen.findByRole('navigation', { name: 'Records of the list' });
    expect(await within(navigator).findByText('2 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Customer 202' })).toBeInTheDocument();
    const positionCall = requests.find((request) => request.path === '/customers');
    expect(Object.fromEntries(positionCall?.query ?? [])).toEqual({
      render: 'paginate',
      page: '2',
      limit: '1',
      sort: '-crew',
      'filter[market]': '3',
    });

    await user.click(within(navigator).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Customer 203' })).toBeInTheDocument();
    expect(within(navigator).getByText('3 of 3')).toBeInTheDocument();
    expect(within(navigator).getByRole('button', { name: 'Next' })).toBeDisabled();
    // The list's place and the tab stay; the position moves on.
    const query = router.state.location.search;
    expect(query).toContain('record=3');
    expect(query).toContain('sortCustom=-crew');
    expect(query).toContain('key=2');

    await user.click(within(navigator).getByRole('button', { name: 'Previous' }));
    await user.click(within(navigator).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Customer 201' })).toBeInTheDocument();
    expect(within(navigator).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(requests.every((request) => request.path !== '/customers' || request.query.get('limit') === '1')).toBe(true);
  });

  it('opens the record at the position when no id comes with it, and names it in the URL', async () => {
    fakeServer();
    const { router } = renderRecord(`?record=3&${LIST_QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Customer 203' })).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('id')).toBe('203'));
    expect(router.state.location.search).toContain('record=3');
  });

  it('opens the record its id names, whoever is at its position now; the navigator still counts the list', async () => {
    const { requests } = fakeServer();
    renderRecord(`?id=203&record=1&${LIST_QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Customer 203' })).toBeInTheDocument();
    const navigator = screen.getByRole('navigation', { name: 'Records of the list' });
    expect(await within(navigator).findByText('1 of 3')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/customers/201')).toBe(false);
  });

  it('still shows the record when the list cannot be counted', async () => {
    fakeServer({}, (request) =>
      request.path === '/customers' ? jsonResponse(500, { message: 'Server Error' }) : undefined,
    );
    renderRecord(`?id=202&record=2&${LIST_QUERY}`);
    expect(await screen.findByRole('heading', { name: 'Customer 202' })).toBeInTheDocument();
    const navigator = screen.getByRole('navigation', { name: 'Records of the list' });
    expect(await within(navigator).findByText('2 of …')).toBeInTheDocument();
    expect(within(navigator).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(navigator).getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('has no navigator for a record opened outside a list', async () => {
    fakeServer();
    renderRecord('?id=202');
    expect(await screen.findByRole('heading', { name: 'Customer 202' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Records of the list' })).not.toBeInTheDocument();
  });
});

describe('record tabs', () => {
  beforeEach(() => signIn({ role: 'Manager', roles: ['Manager'] }));

  it('shows the upper tab of `key` and keeps the choice in the query; tabs not built yet are absent', async () => {
    fakeServer();
    const { user, router } = renderRecord(`?id=201&record=1&${LIST_QUERY}&key=5`);
    const tabs = await screen.findByRole('tablist', { name: 'Customer record' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Call Notes',
      'Service Information',
      'Other locations',
      'Property information',
      'Billing info',
      'Special request',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Special request' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No special requests yet')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Other locations' }));
    expect(await screen.findByText('No other locations yet')).toBeInTheDocument();
    expect(router.state.location.search).toContain('key=2');
    // The entry keeps its record.
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe('201');
  });
});

describe('approve and reject', () => {
  const newOrder = { statusOrders: 0, version: 4 };

  it('are shown on a new order, except to Representatives', async () => {
    fakeServer({ 201: newOrder });
    signIn({ role: 'Representative', roles: ['Representative'] });
    const { unmount } = renderRecord('?id=201');
    await screen.findByRole('heading', { name: 'Customer 201' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    unmount();

    signIn({ role: 'customer-service', roles: ['customer-service'] });
    renderRecord('?id=201');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('are not shown on an approved record', async () => {
    fakeServer();
    signIn({ role: 'Admin', roles: ['Admin'] });
    renderRecord('?id=201');
    await screen.findByRole('heading', { name: 'Customer 201' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('approve asks first: Cancel and Escape send nothing and give the focus back', async () => {
    const { requests } = fakeServer({ 201: { ...newOrder, customerId: '500201' } });
    signIn({ role: 'Manager', roles: ['Manager'] });
    const { user } = renderRecord('?id=201');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    await user.click(approve);
    const question = await screen.findByRole('dialog', { name: 'Approve order' });
    expect(question).toHaveTextContent(
      'Approve the order of Customer 201 (account 500201)? It moves to the list of clients.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve order' })).not.toBeInTheDocument());

    await user.click(approve);
    await screen.findByRole('dialog', { name: 'Approve order' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve order' })).not.toBeInTheDocument());
    await waitFor(() => expect(approve).toHaveFocus());
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('approve is answered from the keyboard: Enter asks, the focus is on Approve, Enter approves', async () => {
    const { requests } = fakeServer({ 201: newOrder }, (request) =>
      request.method === 'POST'
        ? jsonResponse(200, { message: ORDER_MESSAGES.approved, data: customerDetail({ id: 201 }) })
        : undefined,
    );
    signIn({ role: 'Manager', roles: ['Manager'] });
    const { user } = renderRecord('?id=201');
    (await screen.findByRole('button', { name: 'Approve' })).focus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Approve order' });
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Approve' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Clients List' })).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('approve sends the version shown and goes to the pending list with approved true', async () => {
    const { requests } = fakeServer({ 201: newOrder }, (request) =>
      request.method === 'POST'
        ? jsonResponse(200, { message: ORDER_MESSAGES.approved, data: customerDetail({ id: 201 }) })
        : undefined,
    );
    signIn({ role: 'Manager', roles: ['Manager'] });
    const { user } = renderRecord('?id=201');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const question = await screen.findByRole('dialog', { name: 'Approve order' });
    await user.click(within(question).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Clients List' })).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"approved":true}');
    expect(requests).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/customers/201/approve', body: { version: 4 } }),
    );
  });

  it('approve against a newer version says so and shows the newer record', async () => {
    let version = 4;
    fakeServer({}, (request) => {
      if (request.path !== '/customers/201') {
        if (request.method !== 'POST') return undefined;
        version = 5;
        return jsonResponse(409, { message: CUSTOMER_MESSAGES.stale });
      }
      return jsonResponse(200, { data: customerDetail({ id: 201, statusOrders: 0, version, crew: version }) });
    });
    signIn({ role: 'Manager', roles: ['Manager'] });
    const { user } = renderRecord('?id=201');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const question = await screen.findByRole('dialog', { name: 'Approve order' });
    await user.click(within(question).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.stale)).toBeInTheDocument();
    // The question's dialog may still be fading out, hiding the page from the accessibility tree meanwhile.
    await waitFor(() => {
      const crew = screen.getAllByRole('term').find((term) => term.textContent === 'Crew');
      expect(crew?.nextElementSibling).toHaveTextContent('5');
    });
  });

  it('reject asks for the rejected note first, then rejects with it and shows it on the pending list', async () => {
    const { requests } = fakeServer({ 201: newOrder }, (request) =>
      request.method === 'POST'
        ? jsonResponse(201, { message: ORDER_MESSAGES.rejected, data: customerDetail({ id: 201 }), noteId: 9 })
        : undefined,
    );
    signIn({ role: 'Manager', roles: ['Manager'] });
    const { user } = renderRecord('?id=201');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rejected note' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Not In Service Area' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('heading', { name: 'Clients List' })).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post).toMatchObject({
      path: '/customers/201/reject',
      body: expect.objectContaining({ version: 4, description: '', rejectionReasons: ['Not In Service Area'] }),
    });
    expect(post?.idempotencyKey).toBeTruthy();
    expect(JSON.parse(screen.getByLabelText('route state').textContent ?? '{}')).toEqual({
      approved: false,
      customerId: 201,
      message: ORDER_MESSAGES.rejected,
    });
  });
});

describe('a rejected order', () => {
  beforeEach(() => signIn({ role: 'Manager', roles: ['Manager'] }));

  const rejectedNote = (overrides: Partial<Note> = {}): Note => ({
    id: 9,
    customerAttributesId: 201,
    typeId: 4,
    typeName: 'Rejected note',
    serviceDate: '2026-06-10',
    serviceHour: '11:00',
    description: 'Lives outside the service area',
    rejectionReasons: ['Not In Service Area'],
    reason: null,
    status: null,
    version: 1,
    createdAt: '2026-06-10T16:00:00Z',
    updatedAt: '2026-06-10T16:00:00Z',
    user: { id: 3, fullName: 'Maria Garcia' },
    ...overrides,
  });

  /** Answers the record's rejected notes (type 4) with `notes`; other note lists are empty. */
  const rejectedNotes = (notes: Note[]) => (request: FakeRequest) =>
    request.path === '/customers/201/notes' && request.query.get('filter[typeId]') === '4'
      ? jsonResponse(200, page(notes, notes.length, 5))
      : undefined;

  it('says why it was rejected: the newest rejected note, its reasons, author and date', async () => {
    const { requests } = fakeServer({ 201: { statusOrders: 2 } }, rejectedNotes([rejectedNote()]));
    renderRecord('?id=201');
    const notice = await screen.findByRole('region', { name: 'This order was rejected' });
    await waitFor(() => expect(notice).toHaveTextContent('Reasons: Not In Service Area'));
    expect(notice).toHaveTextContent('Lives outside the service area');
    expect(notice).toHaveTextContent('Rejected note by Maria Garcia, 06/10/2026');
    expect(requests.find((request) => request.query.get('filter[typeId]') === '4')?.query.get('sort')).toBe('-id');
    // It can still be approved.
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('says so when no rejected note was written', async () => {
    fakeServer({ 201: { statusOrders: 2 } }, rejectedNotes([]));
    renderRecord('?id=201');
    const notice = await screen.findByRole('region', { name: 'This order was rejected' });
    await waitFor(() => expect(notice).toHaveTextContent(NO_REJECTED_NOTE));
  });

  it('is not said of a pending or an approved order', async () => {
    const { requests } = fakeServer({ 201: { statusOrders: 0 } }, rejectedNotes([rejectedNote()]));
    renderRecord('?id=201');
    await screen.findByRole('button', { name: 'Approve' });
    expect(screen.queryByRole('region', { name: 'This order was rejected' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.query.get('filter[typeId]') === '4')).toBe(false);
  });
});

describe('Request deletion?', () => {
  beforeEach(() => signIn({ role: 'Representative', roles: ['Representative'] }));

  it('is hidden on a new order (order status 0)', async () => {
    fakeServer({ 201: { statusOrders: 0 } });
    renderRecord('?id=201');
    await screen.findByRole('heading', { name: 'Customer 201' });
    expect(screen.queryByRole('switch', { name: DELETION_REQUEST_MESSAGES.label })).not.toBeInTheDocument();
  });

  it("asks, creates the request, then says 'Deletion requested!' and stays on", async () => {
    const { requests } = fakeServer({}, (request) =>
      request.method === 'POST'
        ? jsonResponse(201, {
            message: DELETION_REQUEST_MESSAGES.requested,
            data: { customerAttributesId: 201, requestedAt: '2026-06-10T15:00:00Z', requestedBy: null },
          })
        : undefined,
    );
    const { user } = renderRecord('?id=201');
    const toggle = await screen.findByRole('switch', { name: DELETION_REQUEST_MESSAGES.label });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    const question = await screen.findByRole('dialog', { name: DELETION_REQUEST_MESSAGES.confirmTitle });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    const requested = await screen.findByRole('switch', { name: DELETION_REQUEST_MESSAGES.requested });
    expect(requested).toBeChecked();
    expect(requested).toBeDisabled();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/customers/201/deletion-request' }),
    ]);
  });

  it('shows a request made before as on', async () => {
    fakeServer({}, (request) =>
      request.path === '/customers/201/deletion-request'
        ? jsonResponse(200, {
            data: { customerAttributesId: 201, requestedAt: '2026-06-09T15:00:00Z', requestedBy: null },
          })
        : undefined,
    );
    renderRecord('?id=201');
    expect(await screen.findByRole('switch', { name: DELETION_REQUEST_MESSAGES.requested })).toBeChecked();
  });
});
