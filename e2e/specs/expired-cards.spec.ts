import { expectNoAxeViolations } from '../support/axe';
import { answerWithEmptyPage } from '../support/empty-page';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

test('the expired card list shows its customers and passes the accessibility check', async ({ page }) => {
  await page.goto('/expired-card');
  await expect(page.getByRole('heading', { name: 'Expired Card List' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Customers with an expired card' });
  await expect(grid.locator('[data-field="customerId"][role="gridcell"]').first()).toBeVisible();
  await expectNoAxeViolations(page, 'expired card list with data');
});

test('an empty expired card list says so and passes the accessibility check', async ({ page }) => {
  await answerWithEmptyPage(page, '/api/customers');
  await page.goto('/expired-card');
  await expect(page.getByText('No expired cards')).toBeVisible();
  await expectNoAxeViolations(page, 'expired card list empty');
});
