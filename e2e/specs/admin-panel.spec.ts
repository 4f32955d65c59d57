import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.describe('an Admin', () => {
  test.use({ signedInAs: 'admin' });

  test('saves the billing retry schedule, which the panel reads back with who changed it', async ({ page }) => {
    // Only this spec reads the retry schedule, so changing it cannot disturb the specs running beside it.
    const first = 1 + Math.floor(Math.random() * 50);
    const schedule = `${first},${first + 2},${first + 4}`;

    await page.goto('/admin-panel');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing).toBeVisible();
    await expect(page.getByRole('region', { name: 'Markets' }).getByRole('row', { name: /Dallas/ })).toBeVisible();
    await expectNoAxeViolations(page, 'admin panel');

    const retries = billing.getByRole('textbox', { name: 'Retry schedule (days)' });
    await retries.clear();
    await retries.pressSequentially('3,,5');
    await billing.getByRole('button', { name: 'Save billing' }).click();
    await expect(billing.getByText('Enter the days between retries as numbers separated by commas')).toBeVisible();

    await retries.clear();
    await retries.pressSequentially(schedule.replaceAll(',', ', '));
    await billing.getByRole('button', { name: 'Save billing' }).click();
    await expect(retries).toHaveValue(schedule);

    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Billing' }).getByRole('textbox', { name: 'Retry schedule (days)' }),
    ).toHaveValue(schedule);
    await expect(page.getByRole('region', { name: 'Billing' }).getByText(/^Last changed .+ by .+\.$/)).toBeVisible();

    await page.getByRole('region', { name: 'Markets' }).getByRole('button', { name: 'Edit Dallas' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit market Dallas' })).toBeVisible();
    await expectNoAxeViolations(page, 'market edit dialog open');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test("sets a market's depot on the panel, then puts the demo depot back", async ({ page, office }) => {
    // San Antonio's depot is read by no other spec (route order runs in Dallas), and it is put back at the end.
    const markets = await office.get<{ id: number; name: string }[]>('/api/markets');
    const sanAntonio = markets.find((market) => market.name === 'San Antonio');
    expect(sanAntonio).toBeDefined();
    const demoDepot = { address: 'San Antonio crew yard', lat: 29.4241, lng: -98.4936 };
    const address = `${Date.now()} Depot Road, San Antonio, TX`;
    try {
      await page.goto('/admin-panel');
      const marketsSection = page.getByRole('region', { name: 'Markets' });
      await marketsSection.getByRole('button', { name: 'Edit San Antonio' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit market San Antonio' });
      const latitude = dialog.getByRole('textbox', { name: 'Depot latitude' });
      await latitude.clear();
      await latitude.pressSequentially('95');
      await dialog.getByRole('button', { name: 'Save market' }).click();
      await expect(dialog.getByText('Enter a number from -90 to 90')).toBeVisible();

      await latitude.clear();
      await latitude.pressSequentially('29.43');
      const addressField = dialog.getByRole('textbox', { name: 'Depot address' });
      await addressField.clear();
      await addressField.pressSequentially(address);
      await dialog.getByRole('button', { name: 'Save market' }).click();
      await expect(dialog).toBeHidden();
      await expect(marketsSection.getByRole('row', { name: /San Antonio/ })).toContainText(address);
      await expect(marketsSection.getByText(/^Last changed .+ by .+\.$/)).toBeVisible();
    } finally {
      const restored = await office.fetch(`/api/markets/${sanAntonio?.id}/depot`, { method: 'PUT', data: demoDepot });
      expect(restored.ok()).toBe(true);
    }
  });
});

test.describe('a Manager', () => {
  test.use({ signedInAs: 'manager' });

  test('gets the no-access page instead of the admin panel', async ({ page }) => {
    await page.goto('/admin-panel');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Billing' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'admin panel refused');
  });
});
