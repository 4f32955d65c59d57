import { AUTH_MESSAGES } from '@lawn/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../../lib/app-store';
import { installFakeFetch, jsonResponse, withoutPublicSettings } from '../../../test/fake-fetch';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { fakeSignInServer, fillAndSubmit } from '../sign-in-test-server';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

/** The customer web account's pages, wired as the app wires them. */
const routes = [
  { path: '/web/login', element: <LoginPage door="customer" /> },
  { path: '/web/forgot-password', element: <ForgotPasswordPage door="customer" /> },
  { path: '/web/reset-password', element: <ResetPasswordPage door="customer" /> },
  { path: '/web/account/payment-list', element: <LocationProbe name="My payment list" /> },
  { path: '/dashboard', element: <LocationProbe name="Dashboard page" /> },
];

describe('customer web login', () => {
  it('signs a customer in through the customer door and opens their payment list', async () => {
    const { requests } = fakeSignInServer('customer', 'customers');
    const { user } = renderRoutes(routes, ['/web/login']);
    await fillAndSubmit(user, 'jo@example.com', 'correct-horse');

    expect(await screen.findByRole('heading', { name: 'My payment list' })).toBeInTheDocument();
    expect(withoutPublicSettings(requests)[0]).toMatchObject({
      method: 'POST',
      path: '/web/auth/login',
      body: { email: 'jo@example.com', password: 'correct-horse' },
    });
    expect(appStore.getState().user).toMatchObject({
      accessToken: 'access-1',
      role: 'customers',
      signInPath: '/web/login',
    });
  });

  it("shows the server's message in an error line when the sign-in fails", async () => {
    installFakeFetch(() => jsonResponse(401, { message: AUTH_MESSAGES.invalidCredentials }));
    const { user } = renderRoutes(routes, ['/web/login']);
    await fillAndSubmit(user, 'jo@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(appStore.getState().user.accessToken).toBeNull();
  });

  it('keeps no session for a staff role, answering like wrong credentials', async () => {
    fakeSignInServer('customer', 'Manager');
    const { user } = renderRoutes(routes, ['/web/login']);
    await fillAndSubmit(user, 'ana@lawn.test', 'correct-horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(appStore.getState().user.accessToken).toBeNull();
  });

  it('sends a signed-in customer on to the payment list, and et=1 ends an expired session instead', async () => {
    signIn({ role: 'customers', roles: ['customers'], signInPath: '/web/login' });
    const first = renderRoutes(routes, ['/web/login']);
    expect(await screen.findByRole('heading', { name: 'My payment list' })).toBeInTheDocument();
    first.unmount();

    const { router } = renderRoutes(routes, ['/web/login?et=1']);
    expect(await screen.findByText(AUTH_MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(appStore.getState().user.accessToken).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/login'));
    expect(router.state.location.search).toBe('');
  });

  it('sends a signed-in staff user to their dashboard, not into the customer area', async () => {
    signIn({ role: 'Manager', roles: ['Manager'], signInPath: '/login' });
    renderRoutes(routes, ['/web/login']);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(appStore.getState().user.accessToken).toBe('access-1');
  });

  it('links to the customer forgot-password page', () => {
    renderRoutes(routes, ['/web/login']);
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/web/forgot-password');
  });
});

describe('customer password recovery and reset', () => {
  it('asks the customer door for a link and returns to the customer sign-in with the answer', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, { message: AUTH_MESSAGES.recoverSent }));
    const { user } = renderRoutes(routes, ['/web/forgot-password']);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/web/login');
    await user.type(screen.getByLabelText('Email'), 'jo@example.com{Enter}');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.recoverSent);
    expect(withoutPublicSettings(requests)[0]).toMatchObject({
      path: '/web/auth/recover-password',
      body: { email: 'jo@example.com' },
    });
  });

  it("says 'Passwords must match', sends the link's token and shows the server's message in an error line", async () => {
    const { requests } = installFakeFetch(() => jsonResponse(400, { message: AUTH_MESSAGES.resetTokenInvalid }));
    const { user } = renderRoutes(routes, ['/web/reset-password?token=tok-9']);
    await user.type(screen.getByLabelText('New password'), 'correct-horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct-horsE{Enter}');
    expect(await screen.findByText(AUTH_MESSAGES.passwordsMustMatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'correct-horse{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetTokenInvalid);
    expect(withoutPublicSettings(requests)[0]).toMatchObject({
      path: '/web/auth/reset-password',
      body: { password: 'correct-horse', password_confirmation: 'correct-horse', password_token: 'tok-9' },
    });
  });

  it('offers a new customer link when the reset link has no token', () => {
    renderRoutes(routes, ['/web/reset-password']);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/web/forgot-password');
  });
});
