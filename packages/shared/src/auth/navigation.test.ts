import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '../navigation/app-paths';
import { navigationForRole, STAFF_NAVIGATION, type NavEntry, type NavItem } from './navigation';

const entries: NavEntry[] = [
  { id: 'customers', title: 'Customers', icon: 'people', url: '/customer', roles: 'all-staff' },
  {
    id: 'admin',
    title: 'Administration',
    icon: 'settings',
    url: '/users',
    roles: ['Admin', 'Manager'],
    children: [{ id: 'users', title: 'Users', icon: 'user-admin', url: '/users' }],
  },
];

describe('navigationForRole', () => {
  it('gives Admin every entry, without the role rules', () => {
    const items = navigationForRole('Admin', entries);
    expect(items.map((item) => item.id)).toEqual(['customers', 'admin']);
    expect(items[1]).not.toHaveProperty('roles');
    expect(items[1]?.children?.[0]?.url).toBe('/users');
  });

  it('hides entries a role may not open', () => {
    expect(navigationForRole('Representative', entries).map((item) => item.id)).toEqual(['customers']);
  });

  it('gives customers no staff navigation', () => {
    expect(navigationForRole('customers', entries)).toEqual([]);
  });

  it('offers the customer lists, the lookup and reports to office staff but not to crew', () => {
    for (const role of ['Admin', 'Manager', 'Representative', 'customer-service'] as const) {
      const items = navigationForRole(role);
      expect(items.map((item) => item.url).slice(0, 3)).toEqual(['/customer', '/lookup-search', '/report']);
      expect(items.find((item) => item.url === '/lookup-search')).toMatchObject({ title: 'Lookup', icon: 'search' });
      expect(items[0]?.children?.map((child) => child.url)).toEqual([
        '/customer',
        '/expired-card',
        '/new-orders',
        '/leads',
      ]);
    }
    expect(navigationForRole('crew')).toEqual([]);
  });

  it('offers schedule management and prices to Admin and Manager only, the admin panel to Admin only', () => {
    const managerUrls = [
      '/customer',
      '/lookup-search',
      '/report',
      '/invoices',
      '/schedule-management',
      '/users',
      '/mow-availabilities',
      '/market-map',
      '/prices',
      '/update-price',
      '/zip',
      '/referral-panel',
      '/customer-referral-panel',
      '/alarms',
    ];
    expect(navigationForRole('Manager').map((item) => item.url)).toEqual(managerUrls);
    expect(navigationForRole('Admin').map((item) => item.url)).toEqual([...managerUrls, '/admin-panel']);
    for (const role of ['Representative', 'customer-service'] as const) {
      expect(navigationForRole(role).map((item) => item.url)).toEqual([
        '/customer',
        '/lookup-search',
        '/report',
        '/invoices',
        '/mow-availabilities',
        '/market-map',
        '/zip',
        '/referral-panel',
        '/customer-referral-panel',
        '/alarms',
      ]);
    }
  });

  it('offers users, crew members, crew payments and B&B crews to Admin and Manager only', () => {
    for (const role of ['Admin', 'Manager'] as const) {
      const entry = navigationForRole(role).find((item) => item.id === 'users-and-crews');
      expect(entry?.children?.map((child) => child.url)).toEqual([
        '/users',
        '/crew-members',
        '/payments',
        '/bb-crew-members',
      ]);
    }
    for (const role of ['Representative', 'customer-service', 'crew', 'customers'] as const) {
      expect(
        navigationForRole(role).find((item) => item.id === 'users-and-crews'),
        role,
      ).toBeUndefined();
    }
  });

  it('offers invoices and payment methods to office staff', () => {
    for (const role of ['Admin', 'Manager', 'Representative', 'customer-service'] as const) {
      const billing = navigationForRole(role).find((item) => item.id === 'billing');
      expect(billing?.children?.map((child) => child.url)).toEqual(['/invoices', '/payment-list']);
    }
  });

  it('offers the service zones to every office role, not to crew', () => {
    for (const role of ['Admin', 'Manager', 'Representative', 'customer-service'] as const) {
      expect(navigationForRole(role).find((item) => item.url === '/zip')?.title).toBe('Service Zones');
    }
    expect(navigationForRole('crew')).toEqual([]);
  });

  it('offers both referral pages to every office role, not to crew', () => {
    for (const role of ['Admin', 'Manager', 'Representative', 'customer-service'] as const) {
      const referrals = navigationForRole(role).filter((item) => item.url.includes('referral'));
      expect(referrals.map(({ title, icon }) => [title, icon])).toEqual([
        ['Active Customer Referral', 'referral-customer'],
        ['No Resign Referral', 'resign-referral'],
      ]);
    }
  });

  it('lists only screens that exist, each with a url', () => {
    for (const entry of STAFF_NAVIGATION) expect(entry.url).toMatch(/^\//);
  });

  it('points every entry, children included, at one of the app paths', () => {
    const paths: readonly string[] = Object.values(APP_PATHS);
    const urls = (items: readonly NavItem[]): string[] =>
      items.flatMap((item) => [item.url, ...urls(item.children ?? [])]);
    for (const url of urls(STAFF_NAVIGATION)) expect(paths).toContain(url);
  });
});
