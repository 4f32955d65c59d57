import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

/** Picks an option of one of the wizard's selects. */
async function choose(page: Page, field: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A basic lookup of the last names A-F in Dallas. */
async function lookUpAToFInDallas(page: Page): Promise<void> {
  await choose(page, /^Search method/, '1 Basic search');
  await choose(page, /^Search by/, 'Last name');
  await choose(page, /^Last name/, 'A-F');
  await choose(page, /^Market \(optional\)/, 'Dallas');
}

/** The customer list narrowed by the search box to the test's own customers, and the total it then shows. */
async function expectOwnTotal(page: Page, token: string, total: string): Promise<void> {
  await expect(page.getByText(/Search results: [\d,]+ records?/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).pressSequentially(token, { delay: 30 });
  await expect(page.getByText(`Search results: ${total}`, { exact: true })).toBeVisible();
}

test('a lookup by last-name bucket and market lands on the list; saved, processed and deleted', async ({
  page,
  newCustomer,
}) => {
  // Three customers of the test's own in Dallas sharing a token: two in the A-F bucket, one in N-Z.
  const token = uniqueName('lk');
  await newCustomer({ lastName: `Alder${token}` });
  await newCustomer({ lastName: `Birch${token}` });
  await newCustomer({ lastName: `Nettle${token}` });

  await page.goto('/lookup-search');
  await expect(page.getByRole('tab', { name: 'Market information', selected: true })).toBeVisible();
  await lookUpAToFInDallas(page);
  await expectNoAxeViolations(page, 'lookup page, basic search');

  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/customer(\?|$)/);
  // The lookup's filter and the search box together: only the test's two A-F customers.
  await expectOwnTotal(page, token, '2 records');
  await expect(page.getByRole('grid', { name: 'Customers' }).getByText(`Robin Nettle${token}`)).toHaveCount(0);

  // Save the same lookup under a name.
  const name = uniqueName('Dallas A-F ');
  await page.goto('/lookup-search');
  await lookUpAToFInDallas(page);
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save search' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Name/ }).pressSequentially(name, { delay: 20 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const great = page.getByRole('dialog', { name: 'Great!' });
  await expect(
    great.getByText('Your search has been saved successfully, you can find it in your search list'),
  ).toBeVisible();
  await great.getByRole('button', { name: 'Ok' }).click();
  await expect(great).toHaveCount(0);

  // Process it from the saved search lists.
  await page.getByRole('tab', { name: 'Saved search lists' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'saved search lists');
  await page.getByRole('button', { name: `Process ${name}` }).click();
  await expect(page).toHaveURL(/\/customer(\?|$)/);
  await expectOwnTotal(page, token, '2 records');

  // Delete it after confirming.
  await page.goto('/lookup-search');
  await page.getByRole('tab', { name: 'Saved search lists' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure to delete this query?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
});

test("a lookup nobody matches says 'oops'; the dashboard opens the wizard as a modal", async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Lookup' }).click();
  const modal = page.getByRole('dialog', { name: 'Lookup' });
  await expect(modal).toBeVisible();
  await choose(page, /^Search method/, '1 Basic search');
  await choose(page, /^Search by/, 'Name');
  await modal.getByRole('textbox', { name: /^Name/ }).pressSequentially(uniqueName('Nobody'), { delay: 20 });
  await expectNoAxeViolations(page, 'lookup modal');

  await modal.getByRole('button', { name: 'Search' }).click();
  const oops = page.getByRole('dialog', { name: 'oops' });
  await expect(oops.getByText('No customer profiles match your search parameters')).toBeVisible();
  await expectNoAxeViolations(page, "lookup modal's 'oops'");
  await oops.getByRole('button', { name: 'Ok' }).click();
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
