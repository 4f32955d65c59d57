import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signIn } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

describe('DashboardPage', () => {
  it('greets by first name and links to what exists, without figures', () => {
    signIn({ navigation: [{ id: 'customers', title: 'Customers', icon: 'people', url: '/customer' }] });
    renderRoutes([{ path: '/dashboard', Component: DashboardPage }], ['/dashboard']);

    expect(screen.getByRole('heading', { level: 2, name: /^Good (morning|afternoon|evening), Ana$/ })).toBeVisible();
    const docs = screen.getByRole('link', { name: 'Open the API documentation' });
    expect(docs).toHaveAttribute('href', '/api/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customer');
    expect(screen.queryByRole('img', { name: /chart/i })).not.toBeInTheDocument();
  });

  it('says plainly when no other sections exist for the role', () => {
    signIn({ navigation: [] });
    renderRoutes([{ path: '/dashboard', Component: DashboardPage }], ['/dashboard']);
    expect(screen.getByText(/No other sections are available to your role yet/)).toBeInTheDocument();
  });
});
