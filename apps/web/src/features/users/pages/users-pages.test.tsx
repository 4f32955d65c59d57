import { CREW_MESSAGES, USER_MESSAGES, type UserDetail, type UserHistoryEntry, type UserSummary } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { AccountFormPage } from './AccountFormPage';
import { UsersPage } from './UsersPage';

const SLOW = { timeout: 5000 };

const summary = (overrides: Partial<UserSummary> = {}): UserSummary => ({
  id: 3,
  firstName: 'Ryan',
  lastName: 'Brooks',
  fullName: 'Ryan Brooks',
  email: 'ryan@example.com',
  role: 'Representative',
  status: 1,
  crewNumber: null,
  joinDate: '2026-11-02',
  ...overrides,
});

const detail = (overrides: Partial<UserDetail> = {}): UserDetail => ({
  id: 3,
  firstName: 'Ryan',
  lastName: 'Brooks',
  email: 'ryan@example.com',
  role: 'Representative',
  status: 1,
  crewNumber: null,
  serviceMarketId: null,
  joinDate: '2026-11-02',
  version: 4,
  ...overrides,
});

const history: UserHistoryEntry[] = [
  {
    id: 12,
    action: 'deactivated',
    changes: { status: { from: 1, to: 0 } },
    isPasswordChanged: false,
    changedBy: 'Mia Moreno',
    changedAt: '2026-11-20T15:30:00Z',
  },
  {
    id: 11,
    action: 'updated',
    changes: { lastName: { from: 'Brook', to: 'Brooks' } },
    isPasswordChanged: true,
    changedBy: 'Mia Moreno',
    changedAt: '2026-11-10T15:30:00Z',
  },
];

function fakeServer(save?: (request: FakeRequest) => Response) {
  return installFakeFetch((request) => {
    const { method, path } = request;
    if (path === '/users' && method === 'GET') return jsonResponse(200, page([summary()], 1, 10));
    if (path === '/users/3' && method === 'GET') return jsonResponse(200, { data: detail() });
    if (path === '/users/3/history') return jsonResponse(200, { data: history });
    if (path === '/crew-members/9' && method === 'GET') {
      return jsonResponse(200, { data: detail({ id: 9, role: 'crew', crewNumber: 131, version: 2 }) });
    }
    if (path === '/markets') return jsonResponse(200, { data: [] });
    if (method === 'POST' || method === 'PATCH') {
      return save?.(request) ?? jsonResponse(method === 'POST' ? 201 : 200, { message: 'Saved', data: detail() });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderAt(path: string, element: React.ReactNode, state?: unknown) {
  signIn({ role: 'Admin', roles: ['Admin'] });
  return renderRoutes(
    [
      { path, element },
      { path: '/users', element: <LocationProbe name="Users list" /> },
      { path: '/crew-members', element: <LocationProbe name="Crew list" /> },
    ],
    [{ pathname: path, state }],
  );
}

describe('the users grid', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for staff 10 a page; Create is disabled while a row is selected and Edit while none is', async () => {
    const { requests } = fakeServer();
    signIn({ role: 'Admin', roles: ['Admin'] });
    const { user, router } = renderRoutes(
      [
        { path: '/users', element: <UsersPage /> },
        { path: '/create-user', element: <LocationProbe name="User form" /> },
      ],
      ['/users'],
    );
    expect(await screen.findByText('ryan@example.com', {}, SLOW)).toBeInTheDocument();
    const list = requests.find((request) => request.path === '/users');
    expect(list?.query.get('filter[kind]')).toBe('staff');
    expect(list?.query.get('limit')).toBe('10');

    const create = screen.getByRole('button', { name: 'Create user' });
    const edit = screen.getByRole('button', { name: 'Edit user' });
    expect(create).toBeEnabled();
    expect(edit).toBeDisabled();

    await user.click(screen.getByText('ryan@example.com'));
    await waitFor(() => expect(edit).toBeEnabled());
    expect(create).toBeDisabled();
    await user.click(edit);
    expect(await screen.findByRole('heading', { name: 'User form' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ id: 3 });
  });

  it("shows the selected user's history: what, who and when, a password change named but never shown", async () => {
    fakeServer();
    signIn({ role: 'Admin', roles: ['Admin'] });
    const { user } = renderRoutes([{ path: '/users', element: <UsersPage /> }], ['/users']);
    expect(await screen.findByText('ryan@example.com', {}, SLOW)).toBeInTheDocument();
    const historyButton = screen.getByRole('button', { name: 'History' });
    expect(historyButton).toBeDisabled();

    await user.click(screen.getByText('ryan@example.com'));
    await waitFor(() => expect(historyButton).toBeEnabled());
    await user.click(historyButton);
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Deactivated on Nov 20, 2026, 9:30 AM by Mia MorenoStatus: Active → Inactive',
      'Edited on Nov 10, 2026, 9:30 AM by Mia MorenoLast name: Brook → Brooks; Password changed',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the user form', () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers the rules' messages as they are typed, key by key", async () => {
    const { requests } = fakeServer();
    const { user } = renderAt('/create-user', <AccountFormPage kind="staff" />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.roleRequired)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nina@');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(USER_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.passwordMin)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates with an Idempotency-Key and no password (the set-your-password e-mail), then goes back', async () => {
    const { requests } = fakeServer(() =>
      jsonResponse(201, { message: USER_MESSAGES.invited, data: detail({ id: 12, email: 'nina@example.com' }) }),
    );
    const { user } = renderAt('/create-user', <AccountFormPage kind="staff" />);
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lopez');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Nina@Example.com');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Users list' }, SLOW)).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/users');
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      firstName: 'Nina',
      lastName: 'Lopez',
      email: 'nina@example.com',
      password: '',
      role: 'Manager',
    });
  });

  it('shows the server refusing a taken e-mail on the e-mail field', async () => {
    fakeServer(() =>
      jsonResponse(400, { message: USER_MESSAGES.emailTaken, errors: { email: [USER_MESSAGES.emailTaken] } }),
    );
    const { user } = renderAt('/create-user', <AccountFormPage kind="staff" />);
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lopez');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ryan@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription(USER_MESSAGES.emailTaken));
  });

  it('edits with the e-mail disabled, drops an empty password and sends the version read', async () => {
    const { requests } = fakeServer();
    const { user } = renderAt('/create-user', <AccountFormPage kind="staff" />, { id: 3 });
    const email = await screen.findByRole('textbox', { name: 'Email' }, SLOW);
    expect(email).toBeDisabled();
    expect(email).toHaveValue('ryan@example.com');
    const lastName = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(lastName);
    await user.type(lastName, 'Brook');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Users list' }, SLOW)).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/users/3');
    expect(patch?.body).toEqual({
      firstName: 'Ryan',
      lastName: 'Brook',
      role: 'Representative',
      status: 1,
      version: 4,
    });
  });
});

describe('the crew form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes digits only for the crew number and answers its rules', async () => {
    const { requests } = fakeServer();
    const { user } = renderAt('/create-crew-member', <AccountFormPage kind="crew" />, { id: 0 });
    const crew = await screen.findByRole('textbox', { name: 'Crew number' });
    await user.type(crew, 'a0b');
    expect(crew).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CREW_MESSAGES.crewNumberMin)).toBeInTheDocument();
    await user.clear(crew);
    await user.type(crew, '1234567');
    expect(crew).toHaveValue('12345');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('edits a crew member from the version read', async () => {
    const { requests } = fakeServer();
    const { user } = renderAt('/create-crew-member', <AccountFormPage kind="crew" />, { id: 9 });
    const crew = await screen.findByRole('textbox', { name: 'Crew number' }, SLOW);
    expect(crew).toHaveValue('131');
    await user.clear(crew);
    await user.type(crew, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Crew list' }, SLOW)).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({ path: '/crew-members/9', body: { crewNumber: 7, version: 2, status: 1 } });
    expect(within(document.body).queryByText(CREW_MESSAGES.crewNumberRequired)).toBeNull();
  });
});
