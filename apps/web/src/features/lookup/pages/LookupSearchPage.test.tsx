import { LOOKUP_MESSAGES, SAVED_SEARCH_MESSAGES, type SavedSearch } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { LookupSearchPage } from './LookupSearchPage';

const SLOW = { timeout: 5000 };

const saved: SavedSearch[] = [
  {
    id: 4,
    name: 'Dallas A to F',
    filter: 'filter[lastNameBucket]=A-F&filter[market]=1',
    createdAt: '2026-11-20T10:00:00Z',
  },
];

function fakeServer(total = 3) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/customers') return jsonResponse(200, { total });
    if (request.path === '/markets') return jsonResponse(200, { data: [{ id: 1, name: 'Dallas' }] });
    if (request.path === '/users') return jsonResponse(200, { data: [] });
    if (request.path === '/saved-searches' && request.method === 'GET') return jsonResponse(200, page(saved, 1, 10));
    if (request.path === '/saved-searches' && request.method === 'POST') {
      return jsonResponse(201, { data: { ...saved[0], id: 9 }, message: LOOKUP_MESSAGES.saved });
    }
    if (request.method === 'DELETE') return jsonResponse(200, { message: LOOKUP_MESSAGES.deleted });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const renderPage = () =>
  renderRoutes(
    [
      { path: '/lookup-search', element: <LookupSearchPage /> },
      { path: '/customer', element: <LocationProbe name="Customer List" /> },
      { path: '/operations-report', element: <LocationProbe name="Operations report" /> },
    ],
    ['/lookup-search'],
  );

async function choose(user: ReturnType<typeof renderPage>['user'], field: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('lookup', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it('asks for a method, then for a name of at least 3 characters, and opens the list with the filter', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText(LOOKUP_MESSAGES.required)).toBeInTheDocument();

    await choose(user, 'Search method', '1 Basic search');
    await choose(user, 'Search by', 'Name');
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'Sm');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(LOOKUP_MESSAGES.minThree)).toBeInTheDocument();

    await user.type(name, 'ith');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Customer List' }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"filter":"filter[fullName]=Smith"}');
    const count = requests.find((request) => request.path === '/customers');
    expect(Object.fromEntries(count?.query ?? [])).toEqual({ render: 'count', 'filter[fullName]': 'Smith' });
  });

  it('starts another field of the basic search with no value', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await choose(user, 'Search method', '1 Basic search');
    await choose(user, 'Search by', 'Name');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Smith');
    await choose(user, 'Search by', 'Status');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(LOOKUP_MESSAGES.required)).toBeInTheDocument();
    await choose(user, 'Status', 'Past Customer');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Customer List' }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"filter":"filter[status]=5"}');
    expect(requests.filter((request) => request.path === '/customers')).toHaveLength(1);
  });

  it("says 'oops' when nothing matches, and stays", async () => {
    fakeServer(0);
    const { user } = renderPage();
    await choose(user, 'Search method', '15 Active customers with mobiles');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: LOOKUP_MESSAGES.noResultsTitle });
    expect(within(dialog).getByText(LOOKUP_MESSAGES.noResults)).toBeInTheDocument();
  });

  it('opens a report page with only the parameters given', async () => {
    fakeServer();
    const { user } = renderPage();
    await choose(user, 'Search method', '12 Operations report');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(LOOKUP_MESSAGES.selectParameter)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Crew' }), '7');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Operations report' }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('location').textContent).toMatch(/^\/operations-report\?crew=7&year=\d{4}$/);
  });

  it('saves a search under a name the dialog requires, and says so', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LOOKUP_MESSAGES.noParameter)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));

    await choose(user, 'Search method', '15 Active customers with mobiles');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(SAVED_SEARCH_MESSAGES.nameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Mobiles');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: LOOKUP_MESSAGES.savedTitle })).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ name: 'Mobiles', filter: 'filter[isCellphone]=true' });
    expect(post?.idempotencyKey).toBeTruthy();
  });

  it('processes a saved search on the customer list, and deletes one after confirmation', async () => {
    const { requests } = fakeServer();
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Saved search lists' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Dallas A to F' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(LOOKUP_MESSAGES.deleteConfirm)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
    expect(requests.find((request) => request.method === 'DELETE')?.path).toBe('/saved-searches/4');

    await user.click(await screen.findByRole('button', { name: 'Process Dallas A to F' }));
    expect(await screen.findByRole('heading', { name: 'Customer List' }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent(
      '{"filter":"filter[lastNameBucket]=A-F&filter[market]=1"}',
    );
  });
});
