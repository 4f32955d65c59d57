import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

/**
 * The bulk price update changes prices other specs read, so this spec applies and undoes only prices of its own
 * customers, through a file; the increase of every price is previewed (which writes nothing) and not applied.
 */
test('an increase is previewed; a file of prices is applied to the test’s own customers and undone', async ({
  page,
  office,
  newCustomer,
}) => {
  const first = await newCustomer();
  const second = await newCustomer();
  const priceOf = async (id: number) =>
    (await office.get<{ costService: number; totalMowing: number }>(`/api/customers/${id}`)).costService;
  const before = [await priceOf(first.id), await priceOf(second.id)];

  await page.goto('/update-price');
  await expect(page.getByRole('heading', { name: 'Price Bulk Update' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Change every price' });
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('Price is required')).toBeVisible();
  await form.getByRole('textbox', { name: /Amount/ }).pressSequentially('1.50');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('change price; revenue per week changes by +$');
  await expect(preview.getByRole('table', { name: 'Sample of old and new prices' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await expectNoAxeViolations(page, 'bulk price update preview');

  const title = uniqueName('Spring prices');
  await page.getByRole('button', { name: 'Upload prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price update detail' });
  await dialog.getByRole('textbox', { name: 'Title' }).pressSequentially(title);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Account number,Price\n${first.accountNumber},41.25\n${second.accountNumber},52.00\n`),
  });
  await expect(dialog).toBeHidden();

  const list = page.getByRole('region', { name: 'Price updates' });
  const row = list.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Applied to 2', { timeout: 30_000 });
  await expect(row).toContainText('File upload');
  await expect.poll(() => priceOf(first.id)).toBe(41.25);
  await expect.poll(() => priceOf(second.id)).toBe(52);
  await expectNoAxeViolations(page, 'bulk price update list');

  await row.click();
  const details = page.getByRole('dialog', { name: /Price update of/ });
  await expect(details.getByRole('row', { name: new RegExp(first.accountNumber) })).toContainText('$41.25');
  await expectNoAxeViolations(page, 'bulk price update details');
  await details.getByRole('button', { name: 'Undo this update' }).click();
  await page.getByRole('dialog', { name: 'Undo this price update?' }).getByRole('button', { name: 'Undo' }).click();
  await expect(details).toContainText('Undone.', { timeout: 30_000 });
  await expect(details.getByRole('row', { name: new RegExp(first.accountNumber) })).toContainText('Old price restored');
  await expect.poll(() => priceOf(first.id)).toBe(before[0]);
  await expect.poll(() => priceOf(second.id)).toBe(before[1]);
});
