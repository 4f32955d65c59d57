import { expectNoAxeViolations } from '../support/axe';
import { answerWithEmptyPage } from '../support/empty-page';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

// The list with a completed report is checked where one is made (customers.spec.ts).
test('the reports page without reports points to the customer list and passes the accessibility check', async ({
  page,
}) => {
  await answerWithEmptyPage(page, '/api/reports');
  await page.goto('/report');
  await expect(page.getByText('No reports yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer List' })).toBeVisible();
  await expectNoAxeViolations(page, 'reports empty');
});
