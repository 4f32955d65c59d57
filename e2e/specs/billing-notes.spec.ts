import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord } from '../support/customers';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** A real 1x1 PNG image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens the record of `lastName` on its Billing notes tab and waits until it has loaded everything. */
async function openBillingNotes(page: Page, lastName: string): Promise<Locator> {
  await openRecord(page, lastName);
  const tabs = page.getByRole('tablist', { name: 'Record details' });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Billing notes' }).click();
  const billingNotes = page.getByRole('tabpanel', { name: 'Billing notes' });
  await expect(billingNotes.getByRole('table', { name: 'Billing notes' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return billingNotes;
}

test('staff add a billing note with a reason, then an image on its Attachments tab', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer();
  const billingNotes = await openBillingNotes(page, lastName);
  await expectNoAxeViolations(page, 'the billing notes tab');

  await billingNotes.getByRole('button', { name: 'Add note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Billing note' });
  await expect(dialog.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Refund' }).click();
  const text = `Refund of the May mow ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Description' }).fill(text);
  await expectNoAxeViolations(page, 'billing-note modal, Form tab');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your note has been created.')).toBeVisible();

  const row = billingNotes.getByRole('row').filter({ hasText: text });
  await expect(row.getByRole('cell', { name: 'Refund', exact: true })).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Status' })).toHaveText('Pending');

  await row.getByRole('button', { name: text }).click();
  await dialog.getByRole('tab', { name: 'Attachments' }).click();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog
    .getByLabel('Files to attach', { exact: true })
    .setInputFiles([{ name: 'refund-receipt.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(dialog.getByRole('list', { name: 'Files to attach when saving' })).toContainText('refund-receipt.png');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your note has been updated.')).toBeVisible();

  await row.getByRole('button', { name: text }).click();
  await dialog.getByRole('tab', { name: 'Attachments' }).click();
  const attachments = dialog.getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByText('refund-receipt.png')).toBeVisible();
  await expect(attachments.getByRole('img', { name: 'Preview of refund-receipt.png' })).toBeVisible();
  await expectNoAxeViolations(page, 'billing-note modal, Attachments tab');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The status changes right in the list, and stays changed.
  await row.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.getByText('Your note has been updated.').last()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: text }).getByRole('combobox', { name: 'Status' })).toHaveText(
    'Completed',
  );
});
