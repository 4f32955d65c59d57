import { AUTH_MESSAGES } from '@lawn/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../../lib/app-store';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { fakeSignInServer, fillAndSubmit } from '../sign-in-test-server';
import { NOT_STAFF_MESSAGE } from '../api/auth-api';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/dashboard', element: <LocationProbe name="Dashboard page" /> },
  { path: '/customer', element: <LocationProbe name="Customer page" /> },
];

describe('LoginPage', () => {
  it('shows the required messages when submitted empty', async () => {
    const { user } = renderRoutes(routes, ['/login']);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the format messages for a bad e-mail and a short password', async () => {
    const { user } = renderRoutes(routes, ['/login']);
    await fillAndSubmit(user, 'not-an-email', 'short');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Minimum 8 characters')).toBeInTheDocument();
  });

  it("shows the server's message above the form when the credentials are wrong", async () => {
    const { requests } = installFakeFetch(() =>
      jsonResponse(401, { message: 'These credentials do not match our records.' }),
    );
    const { user } = renderRoutes(routes, ['/login']);
    await fillAndSubmit(user, 'ana@lawn.test', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These credentials do not match our records.');
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(alert.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/login',
      body: { email: 'ana@lawn.test', password: 'wrong-password' },
    });
    expect(appStore.getState().user.accessToken).toBeNull();
  });

  it('shows a success banner passed through route state', () => {
    renderRoutes(routes, [{ pathname: '/login', state: { message: AUTH_MESSAGES.resetDone } }]);
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetDone);
  });

  it('signs in, stores the user and opens the dashboard', async () => {
    const { requests } = fakeSignInServer('staff', 'Manager');
    const { user } = renderRoutes(routes, ['/login']);
    await fillAndSubmit(user, 'ana@lawn.test', 'correct-horse');

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/me')?.authorization).toBe('Bearer access-1');
    expect(appStore.getState().user).toMatchObject({
      id: 7,
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      authType: 'Bearer',
      firstName: 'Ana',
      fullName: 'Ana Flores',
      role: 'Manager',
      roles: ['Manager'],
      navigation: [],
    });
  });

  it('returns to the page the user came from', async () => {
    fakeSignInServer('staff', 'Manager');
    const { user } = renderRoutes(routes, [{ pathname: '/login', state: { from: '/customer' } }]);
    await fillAndSubmit(user, 'ana@lawn.test', 'correct-horse');
    expect(await screen.findByRole('heading', { name: 'Customer page' })).toBeInTheDocument();
  });

  it('turns a customer account away without keeping a session', async () => {
    fakeSignInServer('staff', 'customers');
    const { user } = renderRoutes(routes, ['/login']);
    await fillAndSubmit(user, 'jo@example.com', 'correct-horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_STAFF_MESSAGE);
    expect(appStore.getState().user.accessToken).toBeNull();
  });

  it('sends a signed-in user to the dashboard', async () => {
    signIn();
    renderRoutes(routes, ['/login']);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('et=1 ends the session and says it expired', async () => {
    signIn();
    const { router } = renderRoutes(routes, ['/login?et=1']);
    expect(await screen.findByText(AUTH_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(appStore.getState().user.accessToken).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('ends the session after the Logout item without the expiry notice', async () => {
    signIn();
    const { router } = renderRoutes(routes, [{ pathname: '/login', state: { isSignedOut: true } }]);
    await waitFor(() => expect(appStore.getState().user.accessToken).toBeNull());
    await waitFor(() => expect(router.state.location.state).toEqual({}));
    expect(screen.queryByText(AUTH_MESSAGES.sessionExpired)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderRoutes(routes, ['/login']);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'toggle password visibility' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('links to the forgot-password page and focuses the e-mail field', () => {
    renderRoutes(routes, ['/login']);
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });
});
