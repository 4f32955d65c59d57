import { AUTH_MESSAGES } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/forgot-password', Component: ForgotPasswordPage },
];

describe('ForgotPasswordPage', () => {
  it('validates the e-mail before calling the server', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(500, {}));
    const { user } = renderRoutes(routes, ['/forgot-password']);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('goes to the login screen with the response message as the banner', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, { message: AUTH_MESSAGES.recoverSent }));
    const { user } = renderRoutes(routes, ['/forgot-password']);
    await user.type(screen.getByLabelText('Email'), 'ana@lawn.test{Enter}');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.recoverSent);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/recover-password',
      body: { email: 'ana@lawn.test' },
    });
  });

  it("shows the server's message when the request fails", async () => {
    installFakeFetch(() => jsonResponse(429, { message: AUTH_MESSAGES.tooManyAttempts }));
    const { user } = renderRoutes(routes, ['/forgot-password']);
    await user.type(screen.getByLabelText('Email'), 'ana@lawn.test{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });
});
