import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

const NO_ACCESS = 'You do not have access to this page';

/** The API calls the page makes from now on (the shell's own profile and notifications aside). */
function pageCalls(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(path)) calls.push(request.url());
  });
  return calls;
}

test.describe('crew', () => {
  test.use({ signedInAs: 'crew' });

  test('crew opening an office page are sent to their day instead, and no office call is made', async ({ page }) => {
    const calls = pageCalls(page, '/api/customers');
    await page.goto('/customer');
    await expect(page).toHaveURL(/\/crew\/today$/);
    await expect(page.getByRole('heading', { name: "Today's stops", level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'toggle drawer' })).toHaveCount(0);
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect(calls).toEqual([]);
  });
});

test.describe('a Representative', () => {
  test.use({ signedInAs: 'representative' });

  test('a Representative on schedule management sees the same no-access page and no alerts', async ({ page }) => {
    const calls = pageCalls(page, '/api/schedule');
    await page.goto('/schedule-management');
    await expect(page.getByRole('heading', { name: NO_ACCESS })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Schedule Management', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('This action is unauthorized')).toHaveCount(0);
    expect(calls).toEqual([]);
    await expectNoAxeViolations(page, 'no access, Representative on schedule management');

    // A page the Representative may use opens as usual.
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a page that does not exist says so inside the shell, with the drawer', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'toggle drawer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expectNoAxeViolations(page, 'page not found inside the shell');
  });

  test('a signed-in staff user opening the customer sign-in goes to their dashboard', async ({ page }) => {
    await page.goto('/web/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'toggle drawer' })).toBeVisible();
  });
});
