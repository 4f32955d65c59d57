import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { navigationForRole } from '@lawn/shared';
import { LocationProbe, renderRoutes, signIn, signedInUser } from '../../test/render';
import { NotFoundRoute } from '../routes/NotFoundRoute';
import { StaffShell } from './StaffShell';

const me = {
  data: {
    id: 7,
    firstName: 'Ana',
    lastName: 'Flores',
    fullName: 'Ana Flores',
    email: 'ana@lawn.test',
    role: 'Manager',
    status: 1,
    crewNumber: null,
    joinDate: '2026-01-05',
    roles: ['Manager'],
    navigation: [{ id: 'customers', title: 'Customers', icon: 'people', url: '/customer' }],
  },
};

function fakeServer(unread = 3) {
  return installFakeFetch((request: FakeRequest) => {
    if (request.path === '/me') return jsonResponse(200, me);
    if (request.path === '/notifications' && request.query.get('render') === 'count') {
      return jsonResponse(200, { total: unread });
    }
    if (request.path === '/auth/logout') return jsonResponse(200, { message: 'Signed out' });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const routes = [
  {
    Component: StaffShell,
    children: [
      { path: '/dashboard', handle: { title: 'Dashboard' }, element: <p>Dashboard content</p> },
      { path: '/payment-list', handle: { title: 'Payment List' }, element: <p>Payments content</p> },
      {
        path: '/schedule-management',
        handle: { title: 'Schedule Management', navigation: '/schedule-management' },
        element: <p>Schedule content</p>,
      },
    ],
  },
  { path: '/login', element: <LocationProbe name="Login page" /> },
  { path: '*', handle: { title: 'Page not found' }, element: <NotFoundRoute /> },
];

describe('StaffShell', () => {
  it('sends a visitor without a token to /login and remembers where they were going', async () => {
    renderRoutes(routes, ['/payment-list?page=2']);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"from":"/payment-list?page=2"}');
  });

  it('shows the title, greeting, unread badge and drawer for a signed-in user', async () => {
    fakeServer(3);
    signIn();
    const { user } = renderRoutes(routes, ['/dashboard']);

    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hi Ana!' })).toBeInTheDocument();
    expect(screen.getByText('Dashboard content')).toBeInTheDocument();
    const bell = screen.getByRole('button', { name: 'notifications' });
    await waitFor(() => expect(within(bell).getByText('3')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    // Small screens (jsdom has no media queries) use the temporary drawer, opened by the toggle.
    await user.click(screen.getByRole('button', { name: 'toggle drawer' }));
    expect(await screen.findByRole('link', { name: 'Overview' })).toBeVisible();
    // The profile is refreshed from /me, which brings the navigation the server decided.
    expect(await screen.findByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customer');
  });

  it('shows a Back button on /payment-list', async () => {
    fakeServer();
    signIn();
    renderRoutes(routes, ['/dashboard', '/payment-list']);
    expect(screen.getByRole('heading', { name: 'Payment List', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('logs out through the account menu: revokes the refresh token and opens /login', async () => {
    const { requests } = fakeServer();
    signIn();
    const { user } = renderRoutes(routes, ['/dashboard']);
    await user.click(screen.getByRole('button', { name: 'account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByLabelText('route state')).toHaveTextContent('{"isSignedOut":true}');
    const logout = requests.find((request) => request.path === '/auth/logout');
    expect(logout).toMatchObject({ method: 'POST', body: { refreshToken: signedInUser.refreshToken } });
    // The stored session is gone at once, so a reload cannot resume it.
    expect(localStorage.getItem('state') ?? '').not.toContain(signedInUser.accessToken);
  });

  it('does not let a customer session into the staff screens', async () => {
    fakeServer();
    signIn({ role: 'customers', roles: ['customers'] });
    renderRoutes(routes, ['/dashboard']);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/login?et=1');
  });

  it('sends a customer signed in to their web account to their own payment list', async () => {
    fakeServer();
    signIn({ role: 'customers', roles: ['customers'], signInPath: '/web/login' });
    renderRoutes(
      [...routes, { path: '/web/account/payment-list', element: <LocationProbe name="My payments" /> }],
      ['/dashboard'],
    );
    expect(await screen.findByRole('heading', { name: 'My payments' })).toBeInTheDocument();
  });

  it("sends a crew member to the crew's day instead of the office screens", async () => {
    fakeServer();
    signIn({ role: 'crew', roles: ['crew'] });
    renderRoutes([...routes, { path: '/crew/today', element: <LocationProbe name="Today's stops" /> }], ['/dashboard']);
    expect(await screen.findByRole('heading', { name: "Today's stops" })).toBeInTheDocument();
  });

  it('shows a page only to a role whose navigation offers it, and otherwise one plain refusal', async () => {
    fakeServer();
    signIn({ role: 'Representative', roles: ['Representative'], navigation: navigationForRole('Representative') });
    const { unmount } = renderRoutes(routes, ['/schedule-management']);
    expect(screen.getByRole('heading', { name: 'Schedule Management', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You do not have access to this page', level: 2 })).toBeInTheDocument();
    // The page itself never renders, so it makes no call and shows none of its controls.
    expect(screen.queryByText('Schedule content')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    unmount();

    signIn({ navigation: navigationForRole('Manager') });
    renderRoutes(routes, ['/schedule-management']);
    expect(screen.getByText('Schedule content')).toBeInTheDocument();
    expect(screen.queryByText('You do not have access to this page')).not.toBeInTheDocument();
  });

  it('waits for the profile before deciding, when the session has none yet', async () => {
    installFakeFetch((request) =>
      request.path === '/me'
        ? jsonResponse(200, { data: { ...me.data, navigation: navigationForRole('Manager') } })
        : jsonResponse(404, { message: 'Not found' }),
    );
    signIn({ id: null, navigation: [] });
    renderRoutes(routes, ['/schedule-management']);
    expect(screen.getByLabelText('Loading your profile')).toBeInTheDocument();
    expect(await screen.findByText('Schedule content')).toBeInTheDocument();
  });

  it("shows 'Page not found' inside the shell, with the drawer, to a signed-in staff user", async () => {
    fakeServer();
    signIn({ navigation: navigationForRole('Manager') });
    const { user } = renderRoutes(routes, ['/users']);
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('/users')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hi Ana!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'toggle drawer' }));
    expect(await screen.findByRole('link', { name: 'Overview' })).toBeVisible();
  });

  it("shows 'Page not found' on a page of its own to a visitor who is not signed in", async () => {
    renderRoutes(routes, ['/users']);
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'toggle drawer' })).not.toBeInTheDocument();
  });
});
