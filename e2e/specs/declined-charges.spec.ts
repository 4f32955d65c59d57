import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

// Reads the season the demo billed (its declined invoices and their attempts) and changes nothing: the Mark paid form
// is opened and cancelled.
test('the office follows up a declined invoice: its attempts, then the Mark paid form', async ({ page }) => {
  await page.goto('/invoices');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Declined' }).click();
  await expect(page).toHaveURL(/status=2/);
  const grid = page.getByRole('grid', { name: 'Invoices' });
  const status = grid.locator('[data-field="status"][role="gridcell"]').first();
  await expect(status).toContainText('Declined');
  await expectNoAxeViolations(page, 'invoices filtered on declined');

  await grid
    .getByRole('button', { name: /^Attempts: / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Attempts: / });
  const attempts = dialog.getByRole('table', { name: 'Charge attempts' });
  await expect(attempts.getByRole('cell', { name: 'Daily billing' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Retry now' })).toBeVisible();
  await expectNoAxeViolations(page, 'a declined invoice and its attempts');

  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  const form = page.getByRole('dialog', { name: 'Mark paid another way' });
  await form.getByRole('button', { name: 'Mark paid' }).click();
  await expect(form.getByText('Note is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Note' }).pressSequentially('Check 1042');
  await expectNoAxeViolations(page, 'the Mark paid form');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
});
