import { expectNoAxeViolations } from '../support/axe';
import { signIn, STAFF } from '../support/sign-in';
import { expect, test } from '../support/test';
import { uniqueEmail, uniqueName } from '../support/unique';

/** A New York zip, which no demo zone serves. */
const UNSERVED_ZIP = '10001';

test('a visitor whose zip is not served leaves a lead, and the office sees it on its Leads page', async ({ page }) => {
  const name = uniqueName('Robin ');
  const email = uniqueEmail('robin.visitor');
  await page.goto('/web/quote');
  const start = page.getByRole('form', { name: 'Get your instant quote' });
  await start.getByRole('combobox', { name: 'Street address' }).pressSequentially('350 Fifth Avenue');
  await start.getByRole('textbox', { name: 'Zip code' }).pressSequentially(UNSERVED_ZIP);
  await start.getByRole('button', { name: 'Get my quote' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, we do not service this area yet.' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Let us know you are interested' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page, 'quote, zip not served, lead form');

  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expectNoAxeViolations(page, 'lead form with its missing fields');

  await form.getByRole('textbox', { name: 'Name' }).pressSequentially(name);
  // Typed key by key into the mask: its own +1 is never read as a typed digit.
  await form.getByRole('textbox', { name: 'Phone' }).pressSequentially('2125550143');
  await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 (212) 555-0143');
  await form.getByRole('textbox', { name: 'E-mail' }).pressSequentially(email);
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/web/leads') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Thank you! We will contact you as soon as we mow in your area.')).toBeVisible();
  await expectNoAxeViolations(page, 'lead sent');

  // The roles that see the new orders see the leads: customer-service among them.
  await signIn(page, STAFF.service);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Customers' }).click();
  await navigation.getByRole('link', { name: 'Leads' }).click();
  await expect(page).toHaveURL(/\/leads$/);
  const grid = page.getByRole('grid', { name: 'Leads' });
  const row = grid.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('+1 (212) 555-0143');
  await expect(row).toContainText(email);
  await expect(row).toContainText('350 Fifth Avenue');
  await expect(row).toContainText('10001 New York, NY');
  // The page is checked with the drawer's submenu folded: an open submenu puts its links straight into a list, which
  // axe reports against the drawer whatever page is open.
  await navigation.getByRole('link', { name: 'Customers' }).click();
  await page.goto('/leads');
  await expect(grid.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expectNoAxeViolations(page, 'leads list');
});

test('crew, who do not see the new orders, are not offered the Leads page', async ({ staffPage }) => {
  const page = await staffPage('crew');
  await page.goto('/leads');
  // Crew members work from their own day, never the office screens.
  await expect(page).toHaveURL(/\/crew\/today$/);
  await expect(page.getByRole('grid')).toHaveCount(0);
});
