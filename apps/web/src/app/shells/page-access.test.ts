import { APP_PATHS, navigationForRole } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { mayOpenPage } from './page-access';

describe('mayOpenPage', () => {
  it('opens a page to whoever is offered its navigation entry, children included', () => {
    const representative = navigationForRole('Representative');
    expect(mayOpenPage(representative, APP_PATHS.customerList)).toBe(true);
    expect(mayOpenPage(representative, APP_PATHS.newOrders)).toBe(true);
    expect(mayOpenPage(representative, APP_PATHS.paymentList)).toBe(true);
    expect(mayOpenPage(representative, APP_PATHS.scheduleManagement)).toBe(false);
    expect(mayOpenPage(navigationForRole('Manager'), APP_PATHS.scheduleManagement)).toBe(true);
  });

  it('opens nothing but the pages of no entry to crew', () => {
    const crew = navigationForRole('crew');
    expect(mayOpenPage(crew, APP_PATHS.customerList)).toBe(false);
    expect(mayOpenPage(crew, APP_PATHS.reports)).toBe(false);
    expect(mayOpenPage(crew, undefined)).toBe(true);
  });
});
