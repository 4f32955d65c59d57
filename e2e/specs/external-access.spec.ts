import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/sign-in';

const NOT_FOUND = 'We could not find an account with that number. Please check it and try again.';

type ExternalAccount = { accountNumber: string; contactNumber: string; serviceAddress: string };

/**
 * A demo property with paid invoices this season (the demo seed bills the season so far), and its customer's phone:
 * the office's invoice list names its account number, and that number's look-up names the phone.
 */
async function demoAccountWithPayments(request: APIRequestContext): Promise<ExternalAccount> {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const invoices = await request.get('/api/invoices?filter[status]=1&limit=50', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(invoices.ok()).toBe(true);
  const rows = ((await invoices.json()) as { data: { customerId: string }[] }).data;
  expect(rows.length).toBeGreaterThan(0);
  const lookup = await request.post('/api/external/login-account', { data: { account_number: rows[0]?.customerId } });
  expect(lookup.ok()).toBe(true);
  return ((await lookup.json()) as { data: ExternalAccount }).data;
}

test('the phone look-up shows the calendar and the payments of the property', async ({ page, request }) => {
  const account = await demoAccountWithPayments(request);
  await page.goto('/external-search-phone');
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  await expectNoAxeViolations(page, 'phone look-up');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Number is required')).toBeVisible();
  await phone.fill('12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Number is invalid. Please try again.')).toBeVisible();
  await expectNoAxeViolations(page, 'phone look-up with a refused number');

  await phone.fill(account.contactNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/external-calendar$/);
  await expect(page.getByRole('heading', { name: /^Hi / })).toBeVisible();
  // Several properties of one phone are offered in a select; the one with payments is chosen there.
  const addressSelect = page.getByRole('combobox', { name: 'Service address' });
  if (await addressSelect.isVisible()) {
    await addressSelect.click();
    await page.getByRole('option', { name: account.serviceAddress }).click();
  }
  await expect(page.getByRole('definition').first()).toHaveText(account.accountNumber);
  await expect(page.getByRole('tab', { name: /^Calendar \d{4}$/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: /^Weeks of \d{4}$/ })).toBeVisible();
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row').nth(1)).toContainText(account.accountNumber);
  expect(await payments.getByRole('row').count()).toBeLessThanOrEqual(11);
  // The pointer rests where the address option was; a week's tooltip under it would be checked half faded in.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectNoAxeViolations(page, 'external calendar with payments');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/external-search-phone$/);
});

test('the account-number look-up reaches the payment list', async ({ page, request }) => {
  const account = await demoAccountWithPayments(request);
  await page.goto('/external-account-number');
  const field = page.getByRole('textbox', { name: 'Account number' });
  await field.fill('AB');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Account number must be at least 4 characters')).toBeVisible();
  await expectNoAxeViolations(page, 'account-number look-up');

  await field.fill(account.accountNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
  const table = page.getByRole('table', { name: 'Properties and their payment methods' });
  await expect(table.getByRole('row').filter({ hasText: account.accountNumber })).toBeVisible();
  await expectNoAxeViolations(page, 'customer payment list after the account look-up');
});

test('an unknown phone and an unknown account number get the same message', async ({ page }) => {
  await page.goto('/external-search-phone');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('9995550000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await expectNoAxeViolations(page, 'phone look-up, not found');

  await page.goto('/external-account-number');
  await page.getByRole('textbox', { name: 'Account number' }).fill('NOPE-0000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await expectNoAxeViolations(page, 'account-number look-up, not found');
});
