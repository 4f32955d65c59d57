import type { NavItem } from '@lawn/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../lib/app-store';
import { LocationProbe, renderRoutes } from '../../test/render';
import { NavigationList } from './NavigationList';

const navigation: NavItem[] = [
  { id: 'customers', title: 'Customers', icon: 'people', url: '/customer' },
  {
    id: 'reports',
    title: 'Reports',
    icon: 'report',
    url: '/report',
    children: [
      { id: 'operations', title: 'Operations report', icon: 'bar-chart', url: '/operations-report' },
      { id: 'reconciliation', title: 'Reconciliation report', icon: 'receipt', url: '/reconciliation-report' },
    ],
  },
  {
    id: 'admin',
    title: 'Admin',
    icon: 'user-admin',
    url: '/admin-panel',
    children: [{ id: 'users', title: 'Users', icon: 'customer', url: '/users' }],
  },
];

function renderList(path = '/customer') {
  const page = (name: string) => (
    <>
      <NavigationList items={navigation} />
      <LocationProbe name={name} />
    </>
  );
  return renderRoutes(
    [
      { path: '/dashboard', element: page('Dashboard') },
      { path: '/customer', element: page('Customers') },
      { path: '/report', element: page('Reports') },
      { path: '/operations-report', element: page('Operations') },
      { path: '/admin-panel', element: page('Admin') },
    ],
    [path],
  );
}

describe('drawer navigation', () => {
  it("starts with 'Overview', which opens the dashboard, then the user's items with icons", () => {
    renderList();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Overview', 'Customers', 'Reports', 'Admin']);
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/dashboard');
    expect(links.every((link) => link.querySelector('svg') !== null)).toBe(true);
  });

  it('highlights the current route', () => {
    renderList('/customer');
    expect(screen.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
  });

  it('opens the url and expands the children of a chosen item; choosing it again closes it', async () => {
    const { user } = renderList();
    const reports = screen.getByRole('link', { name: 'Reports' });
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Operations report' })).not.toBeInTheDocument();

    await user.click(reports);
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Operations report' })).toHaveAttribute('href', '/operations-report');
    expect(appStore.getState().toolbar.openSubmenuId).toBe('reports');

    await user.click(screen.getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Operations report' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'false');
    expect(appStore.getState().toolbar.openSubmenuId).toBeNull();
  });

  it('keeps one submenu open at a time', async () => {
    const { user } = renderList();
    await user.click(screen.getByRole('link', { name: 'Reports' }));
    await user.click(await screen.findByRole('link', { name: 'Admin' }));
    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Operations report' })).not.toBeInTheDocument());
  });

  it('choosing a child opens its url and leaves its parent open', async () => {
    const { user } = renderList();
    await user.click(screen.getByRole('link', { name: 'Reports' }));
    await user.click(await screen.findByRole('link', { name: 'Operations report' }));
    expect(await screen.findByRole('heading', { name: 'Operations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Operations report' })).toHaveAttribute('aria-current', 'page');
    expect(appStore.getState().toolbar.openSubmenuId).toBe('reports');
  });
});
