import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../lib/app-store';
import { installFakeFetch, jsonResponse } from '../../test/fake-fetch';
import { LocationProbe, renderRoutes, signIn } from '../../test/render';
import { ExternalShell } from './ExternalShell';

const routes = [
  { Component: ExternalShell, children: [{ path: '/external/calendar', element: <p>Your mowing calendar</p> }] },
  { path: '/external-account-number', element: <LocationProbe name="Account number sign-in" /> },
  { path: '/web/login', element: <LocationProbe name="Customer sign-in" /> },
  { path: '/dashboard', element: <LocationProbe name="Dashboard" /> },
];

describe('ExternalShell', () => {
  it('sends a visitor without a token to /external-account-number', async () => {
    renderRoutes(routes, ['/external/calendar']);
    expect(await screen.findByRole('heading', { name: 'Account number sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('Your mowing calendar')).not.toBeInTheDocument();
  });

  it('shows only a greeting and Logout around the page, and Logout returns to the account-number page', async () => {
    installFakeFetch(() => jsonResponse(200, { message: 'Signed out' }));
    signIn({ firstName: 'Jo', role: 'customers', roles: ['customers'] });
    const { user } = renderRoutes(routes, ['/external/calendar']);

    expect(screen.getByRole('heading', { name: 'Hi Jo!' })).toBeInTheDocument();
    expect(screen.getByText('Your mowing calendar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'toggle drawer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'notifications' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Account number sign-in' })).toBeInTheDocument();
    expect(appStore.getState().user.accessToken).toBeNull();
  });

  it('returns a customer signed in to their web account to the customer sign-in on Logout', async () => {
    installFakeFetch(() => jsonResponse(200, { message: 'Signed out' }));
    signIn({ firstName: 'Jo', role: 'customers', roles: ['customers'], signInPath: '/web/login' });
    const { user } = renderRoutes(routes, ['/external/calendar']);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Customer sign-in' })).toBeInTheDocument();
    expect(appStore.getState().user.accessToken).toBeNull();
  });

  it("links the customer area's pages to each other, marking the current one", async () => {
    signIn({ firstName: 'Jo', role: 'customers', roles: ['customers'], signInPath: '/web/login' });
    const accountRoutes = [
      {
        element: <ExternalShell accountNavigation />,
        children: [
          { path: '/web/account/payment-list', element: <p>Your payments</p> },
          { path: '/web/account/services', element: <p>Your services</p> },
        ],
      },
    ];
    const { user } = renderRoutes(accountRoutes, ['/web/account/payment-list']);
    const navigation = screen.getByRole('navigation', { name: 'Your account' });
    expect(within(navigation).getByRole('link', { name: 'Payment information' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(navigation).getByRole('link', { name: 'Services' }));
    expect(await screen.findByText('Your services')).toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no account links outside the customer area', () => {
    signIn({ firstName: 'Jo', role: 'customers', roles: ['customers'] });
    renderRoutes(routes, ['/external/calendar']);
    expect(screen.queryByRole('navigation', { name: 'Your account' })).not.toBeInTheDocument();
  });

  it('sends a staff session to the dashboard, never into a customer area', async () => {
    signIn({ role: 'Representative', roles: ['Representative'] });
    renderRoutes(routes, ['/external/calendar']);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Your mowing calendar')).not.toBeInTheDocument();
  });
});
