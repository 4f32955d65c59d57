import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

/** A last name no demo customer has: letters only, as names are typed. */
const uniqueLastName = () => uniqueName('Qz');

/** The record has loaded its header and calendar. */
async function recordLoaded(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('staff find a customer by typing part of a last name and open it', async ({ page, newCustomer }) => {
  const lastName = uniqueLastName();
  const customer = await newCustomer({ firstName: 'Ada', lastName });
  await page.goto('/customer');
  await expect(page.getByText(/Search results: [\d,]+ records/)).toBeVisible();

  const box = page.getByRole('searchbox', { name: 'Search customers' });
  await box.pressSequentially('qz', { delay: 50 });
  await expect(page.getByText('Type at least 3 letters or digits to search')).toBeVisible();
  await expectNoAxeViolations(page, 'customer list with a search too short');
  // Part of the last name, in another case than it was written.
  await box.pressSequentially(lastName.slice(2, 6), { delay: 50 });
  await expect(page).toHaveURL(new RegExp(`search=${lastName.slice(0, 6).toLowerCase()}`, 'i'));
  await expect(page.getByText('Search results: 1 record', { exact: true })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Customers' });
  const row = grid.getByRole('row').filter({ hasText: `Ada ${lastName}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(customer.accountNumber)).toBeVisible();
  await expectNoAxeViolations(page, 'customer list with a search');

  await row.getByText(`Ada ${lastName}`).click();
  await expect(page).toHaveURL(new RegExp(`/edit-customer\\?id=${customer.id}&record=1&`));
  await recordLoaded(page, `Ada ${lastName}`);
  await expectNoAxeViolations(page, 'customer record opened from a search');

  // Back on the list the search is still there.
  await page.goBack();
  await expect(box).toHaveValue(lastName.slice(0, 6).toLowerCase());
  await expect(page.getByText('Search results: 1 record', { exact: true })).toBeVisible();
});

test('a copied record link opens the same customer after the list changed', async ({ page, newCustomer }) => {
  const lastName = uniqueLastName();
  const first = await newCustomer({ firstName: 'Bea', lastName });
  await page.goto('/customer');
  await page.getByRole('searchbox', { name: 'Search customers' }).pressSequentially(lastName, { delay: 30 });
  await expect(page.getByText('Search results: 1 record', { exact: true })).toBeVisible();
  await page.getByRole('grid', { name: 'Customers' }).getByText(`Bea ${lastName}`).click();
  await recordLoaded(page, `Bea ${lastName}`);
  const copiedLink = page.url();
  expect(new URL(copiedLink).searchParams.get('id')).toBe(String(first.id));
  expect(new URL(copiedLink).searchParams.get('record')).toBe('1');

  // A newer customer with the same name now comes first in that list (newest first): position 1 is someone else.
  await newCustomer({ firstName: 'Cy', lastName });
  await page.goto('/dashboard');
  await page.goto(copiedLink);
  await recordLoaded(page, `Bea ${lastName}`);
  await expect(page.getByRole('heading', { name: `Cy ${lastName}` })).toHaveCount(0);
  // The navigator still counts the list as it is now.
  const navigator = page.getByRole('navigation', { name: 'Records of the list' });
  await expect(navigator.getByText('1 of 2')).toBeVisible();
  await expectNoAxeViolations(page, 'customer record from a copied link');
});
