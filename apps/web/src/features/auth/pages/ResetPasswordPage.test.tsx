import { AUTH_MESSAGES } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/reset-password', Component: ResetPasswordPage },
];

describe('ResetPasswordPage', () => {
  it('explains a link without a token instead of showing the form', () => {
    renderRoutes(routes, ['/reset-password']);
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetTokenInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the required and matching rules', async () => {
    const { user } = renderRoutes(routes, ['/reset-password?token=abc']);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'correct-horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct-horsE');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('sends the token from the link and returns to login with the message', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, { message: AUTH_MESSAGES.resetDone }));
    const { user } = renderRoutes(routes, ['/reset-password?token=tok-123']);
    await user.type(screen.getByLabelText('New password'), 'correct-horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct-horse{Enter}');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetDone);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/reset-password',
      body: { password: 'correct-horse', password_confirmation: 'correct-horse', password_token: 'tok-123' },
    });
  });

  it("shows the server's message when the link has expired", async () => {
    installFakeFetch(() => jsonResponse(400, { message: AUTH_MESSAGES.resetTokenInvalid }));
    const { user } = renderRoutes(routes, ['/reset-password?token=old']);
    await user.type(screen.getByLabelText('New password'), 'correct-horse');
    await user.type(screen.getByLabelText('Confirm new password'), 'correct-horse{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetTokenInvalid);
  });
});
