import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

/** A zip code of a demo market's service zone (Dallas). */
const SERVED_ZIP = '75201';

/** Chooses an option of a select field (a combobox that opens a listbox). */
async function choose(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Answers a Yes/No question, found by its label. */
async function answer(page: Page, question: string, value: 'Yes' | 'No'): Promise<void> {
  const group = page.getByRole('radiogroup', { name: question });
  await group.getByRole('radio', { name: value === 'Yes' ? /^Yes/ : 'No' }).check();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

/** Next, then waits for the step it leads to: a second Next clicked sooner would land on the step being left. */
async function nextTo(page: Page, step: string): Promise<void> {
  await next(page);
  await expect(stepHeading(page, step)).toBeVisible();
}

/** Opens the wizard from the customer list, as staff do. */
async function openWizard(page: Page): Promise<void> {
  await page.goto('/customer');
  await page.getByRole('link', { name: 'Create customer' }).click();
  await expect(page).toHaveURL(/\/create-customer/);
  await expect(stepHeading(page, 'Service area')).toBeVisible();
}

/** Steps 1 to 3: the served zip, a typed address with its CSR and lot, and a weekly price without overgrown grass. */
async function fillServiceAreaToPrice(page: Page, serviceAddress: string): Promise<void> {
  await page.getByRole('checkbox', { name: 'The house is occupied' }).check();
  await page.getByRole('checkbox', { name: /scheduled service/ }).check();
  await page.getByRole('textbox', { name: 'Zip code' }).fill(SERVED_ZIP);
  await expect(page.getByText(`Dallas serves ${SERVED_ZIP}`)).toBeVisible();
  await expectNoAxeViolations(page, 'step 1, Service area');
  await next(page);

  await expect(stepHeading(page, 'Your location')).toBeVisible();
  await expect(page).toHaveURL(/step=1/);
  await page.getByRole('checkbox', { name: 'Manual' }).check();
  await page.getByRole('textbox', { name: 'Service address' }).fill(serviceAddress);
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
  await choose(page, page.getByRole('combobox', { name: 'CSR' }), 'Sofia Ramirez');
  await choose(page, page.getByRole('combobox', { name: 'How did they hear about us?' }), 'Web search');
  await page.getByRole('textbox', { name: 'Lot size (sq ft)' }).fill('6000');
  await expectNoAxeViolations(page, 'step 2, Your location');
  await next(page);

  await expect(stepHeading(page, 'Your price')).toBeVisible();
  await choose(page, page.getByRole('combobox', { name: 'Frequency' }), 'Weekly');
  await answer(page, 'Is the grass overgrown (above six inches)?', 'No');
  await expect(page.getByText(/Total per mow \$\d+\.\d\d/)).toBeVisible();
  await expectNoAxeViolations(page, 'step 3, Your price');
  await next(page);
  await expect(stepHeading(page, 'Customer info')).toBeVisible();
}

/** Step 4: the person, the first start date the picker allows, the mow day, no gates and no liability. */
async function fillCustomerInfo(page: Page, firstName: string, lastName: string): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  // An address of its own each run: the e-mail of a live customer cannot be used again.
  await page.getByRole('textbox', { name: 'Email' }).fill(`${firstName}.${lastName}@example.net`.toLowerCase());
  await page.getByRole('textbox', { name: 'Contact number' }).pressSequentially('2145550134');
  await expect(page.getByRole('textbox', { name: 'Contact number' })).toHaveValue('+1 (214) 555-0134');
  await page.getByRole('button', { name: /choose date/i }).click();
  const firstAllowedDay = page.locator('[role="gridcell"]:not([disabled]):not(.Mui-disabled)').first();
  await expect(firstAllowedDay).toBeVisible();
  await expectNoAxeViolations(page, 'step 4, the start-date picker open');
  await firstAllowedDay.click();
  await choose(page, page.getByRole('combobox', { name: 'Week day' }), 'Wednesday');
  await answer(page, 'Is there a community gate?', 'No');
  await answer(page, 'Is there a backyard gate?', 'No');
  for (const question of [
    'Are there flower beds in the areas to mow?',
    'Are there pets in the backyard?',
    'Is there a vinyl (plastic) fence?',
    'Is there an above-ground pool?',
    'Is there a trampoline?',
  ]) {
    await answer(page, question, 'No');
  }
}

test('staff create a customer through the six steps, paying by card, and find the order in new-orders', async ({
  page,
}) => {
  const lastName = uniqueName('Wizard');
  await openWizard(page);
  await fillServiceAreaToPrice(page, '4410 Live Oak Street');

  // The browser's back button steps back inside the wizard, keeping what was entered.
  await page.goBack();
  await expect(stepHeading(page, 'Your price')).toBeVisible();
  await expect(page.getByText(/Total per mow/)).toBeVisible();
  await page.goBack();
  await expect(stepHeading(page, 'Your location')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Service address' })).toHaveValue('4410 Live Oak Street');
  await nextTo(page, 'Your price');
  await next(page);

  await fillCustomerInfo(page, 'Dana', lastName);
  await expectNoAxeViolations(page, 'step 4, Customer info');
  await next(page);

  await expect(stepHeading(page, 'Notes')).toBeVisible();
  await page.getByRole('textbox', { name: 'Special request' }).fill('Please close the side gate');
  await expectNoAxeViolations(page, 'step 5, Notes');
  await next(page);

  await expect(stepHeading(page, 'Card info')).toBeVisible();
  await page.getByRole('tab', { name: 'Credit/Debit Card' }).click();
  await page.getByRole('textbox', { name: 'Name on card' }).fill(`Dana ${lastName}`);
  await page.getByRole('textbox', { name: 'Card number' }).pressSequentially('4242424242424242');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByRole('combobox', { name: 'Card type' })).toHaveText('Visa');
  await choose(page, page.getByRole('combobox', { name: 'Expiry month' }), '12');
  await page.getByRole('combobox', { name: 'Expiry year' }).click();
  await page.getByRole('option').nth(3).click();
  await expectNoAxeViolations(page, 'step 6, Card info by card');

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/customers') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  // The card number left the page encrypted.
  expect(response.request().postData()).not.toContain('4242424242424242');

  await expect(page.getByText('The customer has been created successfully')).toBeVisible();
  const great = page.getByRole('dialog', { name: 'Great!' });
  await expect(great).toContainText(`Dana ${lastName}`);
  await expectNoAxeViolations(page, "result screen with 'Great!'");
  await great.getByRole('button', { name: 'Ok' }).click();
  await expect(great).toBeHidden();
  await expectNoAxeViolations(page, 'result screen');

  await page.goto('/new-orders');
  const grid = page.getByRole('grid', { name: 'Orders pending approval' });
  const row = grid.getByRole('row').filter({ hasText: lastName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('4410 Live Oak Street');
});

test('staff create a customer paying by e-check', async ({ page }) => {
  const lastName = uniqueName('Echeck');
  await openWizard(page);
  await fillServiceAreaToPrice(page, '88 Cedar Springs Road');
  await fillCustomerInfo(page, 'Lee', lastName);
  await nextTo(page, 'Notes');
  await next(page);

  await expect(stepHeading(page, 'Card info')).toBeVisible();
  await page.getByRole('tab', { name: 'E-Check' }).click();
  await page.getByRole('textbox', { name: 'Name on account' }).fill(`Lee ${lastName}`);
  await page.getByRole('textbox', { name: 'Routing number' }).fill('110000000');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('000123456789');
  await page.getByRole('textbox', { name: 'Verify account number' }).fill('000123456789');
  await expectNoAxeViolations(page, 'step 6, Card info by e-check');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('The customer has been created successfully')).toBeVisible();
  await page.getByRole('dialog', { name: 'Great!' }).getByRole('button', { name: 'Ok' }).click();
  await page.getByRole('link', { name: 'Customer list' }).click();
  await expect(page).toHaveURL(/\/customer/);
  await page.goto('/new-orders');
  await expect(
    page.getByRole('grid', { name: 'Orders pending approval' }).getByRole('row').filter({ hasText: lastName }),
  ).toBeVisible();
});

test('declining the release of liability cancels the application and jumps to the last step', async ({ page }) => {
  await openWizard(page);
  // Next checks the step first: its messages show under the fields, and the page stays accessible with them.
  await next(page);
  await expect(page.getByText('Confirm this before going on')).toHaveCount(2);
  await expect(page.getByText('Zip code is required')).toBeVisible();
  await expect(page).not.toHaveURL(/step=/);
  await expectNoAxeViolations(page, 'step 1 with its messages');
  await fillServiceAreaToPrice(page, '17 Elm Court');
  await answer(page, 'Is there an above-ground pool?', 'Yes');
  const consent = page.getByRole('dialog', { name: 'Release of liability' });
  await expect(consent).toBeVisible();
  await expectNoAxeViolations(page, 'liability consent dialog');
  await consent.getByRole('button', { name: 'Decline' }).click();

  await expect(page.getByText('The customer was not registered')).toBeVisible();
  await expect(page).toHaveURL(/step=5/);
  await expectNoAxeViolations(page, 'result screen after a cancelled application');
  await page.getByRole('button', { name: 'New customer' }).click();
  await expect(stepHeading(page, 'Service area')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Zip code' })).toHaveValue('');
});

test('a declined card returns to Card info with every step kept; a good card then creates, and the record shows the answers', async ({
  page,
}) => {
  const lastName = uniqueName('Declined');
  await openWizard(page);
  await fillServiceAreaToPrice(page, '23 Hazard Lane');
  await fillCustomerInfo(page, 'Robin', lastName);

  // Each liability Yes asks its own consent, which only its buttons close.
  await answer(page, 'Is there an above-ground pool?', 'Yes');
  const consent = page.getByRole('dialog', { name: 'Release of liability' });
  await expect(consent).toContainText('Is there an above-ground pool?');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'Accept liability' }).click();
  await expect(consent).toBeHidden();
  await answer(page, 'Are there pets in the backyard?', 'Yes');
  await expect(consent).toContainText('Are there pets in the backyard?');
  await consent.getByRole('button', { name: 'Accept liability' }).click();
  await expect(consent).toBeHidden();
  await next(page);
  await expect(stepHeading(page, 'Notes')).toBeVisible();
  await next(page);

  await expect(stepHeading(page, 'Card info')).toBeVisible();
  const nameOnCard = page.getByRole('textbox', { name: 'Name on card' });
  const cardNumber = page.getByRole('textbox', { name: 'Card number' });
  await nameOnCard.pressSequentially(`Robin ${lastName}`);
  await cardNumber.pressSequentially('4000000000000101');
  await expect(page.getByRole('combobox', { name: 'Card type' })).toHaveText('Visa');
  await choose(page, page.getByRole('combobox', { name: 'Expiry month' }), '12');
  await page.getByRole('combobox', { name: 'Expiry year' }).click();
  await page.getByRole('option').nth(3).click();

  const declined = page.waitForResponse(
    (response) => response.url().endsWith('/api/customers') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await declined).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'The payment method was declined' })).toBeVisible();
  await expect(stepHeading(page, 'Card info')).toBeVisible();
  await expect(page.getByText('The customer was not registered')).toHaveCount(0);
  await expect(nameOnCard).toHaveValue(`Robin ${lastName}`);
  await expectNoAxeViolations(page, 'Card info after a declined card');

  // The earlier steps kept their values.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Special request' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastName);
  await expect(
    page.getByRole('radiogroup', { name: 'Is there an above-ground pool?' }).getByRole('radio', { name: /^Yes/ }),
  ).toBeChecked();
  await nextTo(page, 'Notes');
  await next(page);
  await expect(stepHeading(page, 'Card info')).toBeVisible();
  await expect(nameOnCard).toHaveValue(`Robin ${lastName}`);

  await cardNumber.clear();
  await cardNumber.pressSequentially('4242424242424242');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/customers') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('The customer has been created successfully')).toBeVisible();
  await page.getByRole('dialog', { name: 'Great!' }).getByRole('button', { name: 'Ok' }).click();

  // The record keeps the answers and who accepted each release.
  await page.goto('/new-orders');
  const row = page
    .getByRole('grid', { name: 'Orders pending approval' })
    .getByRole('row')
    .filter({ hasText: lastName });
  await row.locator('[data-field="fullName"]').click();
  await row.locator('[data-field="fullName"]').click();
  await expect(page.getByRole('heading', { name: `Robin ${lastName}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Property information' }).click();
  const answers = page.getByRole('table', { name: 'Property answers' });
  await expect(answers.getByRole('row', { name: 'Above-ground pool Yes' })).toBeVisible();
  await expect(answers.getByRole('row', { name: 'Trampoline No' })).toBeVisible();
  const releases = page.getByRole('table', { name: 'Releases of liability' });
  await expect(releases.getByRole('row')).toHaveCount(3);
  for (const item of ['Pets in the backyard', 'Above-ground pool']) {
    await expect(releases.getByRole('row', { name: new RegExp(`^${item} Yes Alex Morgan`) })).toBeVisible();
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'Property information with the property answers');
});
