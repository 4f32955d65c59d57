import { expectNoAxeViolations } from '../support/axe';
import { billPropertyNextBusinessDay } from '../support/billing-run';
import { checkInAndOutByApi, scheduleForCrewToday } from '../support/crew';
import { openRecord } from '../support/customers';
import { mailsTo } from '../support/outbox';
import { chooseNewPassword, resetLinkFor } from '../support/password-reset';
import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/unique';

test.use({ signedInAs: 'admin' });

const PASSWORD = 'customer-chosen-password';
/** A card the local gateway keeps but declines on charge (README "Payments"). */
const DECLINING_CARD = { number: '4000000000000002', type: 4 } as const;
/** The link of the declined-charge e-mail: the customer's payment page. */
const PAYMENT_LINK = /https?:\/\/\S+(\/web\/account\/payment-list)\b/;

type Invoice = { id: number; status: number; statusName: string; customerId: string };

// A customer of the test's own: their card is declined by the daily billing, they follow the e-mail's link, sign in
// and save a new card, and the charge is retried at once; the office sees it paid and the property back in service.
// The demo's own declined invoices are left alone.
test('a customer whose charge was declined saves a new card from the e-mail, and the retry pays it', async ({
  page,
  browser,
  office,
  newCustomer,
  request,
}) => {
  const email = uniqueEmail('declined');
  const customer = await newCustomer({ email, card: DECLINING_CARD });
  test.skip(!(await scheduleForCrewToday(office, customer.id)), 'no mow can be scheduled on a Sunday');

  // The customer's web account, its password chosen from the invitation on a device of their own.
  const customerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const customerPage = await customerContext.newPage();
  await customerPage.goto(await resetLinkFor(email, '/web/reset-password'));
  await chooseNewPassword(customerPage, PASSWORD, 'customer invitation', /\/web\/login$/);

  // The crew mows it today; the next business day's billing charges the visit and the card is declined.
  await checkInAndOutByApi(request, customer.id, 'Mowed front and back');
  await billPropertyNextBusinessDay(office, customer.id);
  const invoices = () => office.get<Invoice[]>(`/api/invoices?filter[propertyId]=${customer.id}`);
  await expect
    .poll(async () => (await invoices()).map((invoice) => invoice.statusName), { timeout: 60_000 })
    .toEqual(['Declined']);
  expect((await office.get<{ status: number }>(`/api/customers/${customer.id}`)).status).toBe(2);

  // The e-mail says so and links to the customer's payment page. Without a session the link leads to the account
  // look-up (for customers without a web account); this customer signs in to their web account and follows it.
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(email).find((message) => message.includes('payment was declined'));
        link = mail?.match(PAYMENT_LINK)?.[1];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBe('/web/account/payment-list');
  await customerPage.goto(link!);
  await expect(customerPage).toHaveURL(/\/external-account-number$/);
  await customerPage.goto('/web/login');
  await customerPage.getByLabel('Email').pressSequentially(email);
  await customerPage.getByLabel('Password', { exact: true }).pressSequentially(PASSWORD);
  await customerPage.getByRole('button', { name: 'Login' }).click();
  await expect(customerPage).toHaveURL(/\/web\/account\/payment-list$/);
  await customerPage.goto(link!);
  const table = customerPage.getByRole('table', { name: 'Properties and their payment methods' });
  const row = table.getByRole('row').filter({ hasText: customer.accountNumber });
  await expect(row).toContainText('Visa ending in 0002');
  await expectNoAxeViolations(customerPage, 'customer payment list from the declined-charge e-mail');

  await row.getByRole('button', { name: /Edit payment information/ }).click();
  await expect(customerPage).toHaveURL(/\/web\/account\/payment-configuration$/);
  await customerPage.getByRole('tab', { name: 'Credit/Debit Card' }).click();
  await customerPage.getByRole('textbox', { name: 'Card number' }).pressSequentially('4111111111111111');
  await expect(customerPage.getByRole('combobox', { name: 'Card type' })).toHaveText('Visa');
  await customerPage.getByRole('combobox', { name: 'Expiry month' }).click();
  await customerPage.getByRole('option', { name: '12' }).click();
  await customerPage.getByRole('combobox', { name: 'Expiry year' }).click();
  await customerPage.getByRole('option').nth(3).click();
  await customerPage.getByRole('checkbox', { name: /^I authorize these charges:/ }).check();
  await expectNoAxeViolations(customerPage, 'customer card form after a declined charge');
  await customerPage.getByRole('button', { name: 'Submit' }).click();
  await expect(customerPage.getByText('The payment method was updated successfully')).toBeVisible();
  await expect(row).toContainText('Visa ending in 1111');
  await customerContext.close();

  // The new card is charged at once: the office sees the invoice paid, after two attempts, and the property active.
  await expect
    .poll(async () => (await invoices()).map((invoice) => invoice.statusName), { timeout: 60_000 })
    .toEqual(['Paid']);
  await page.goto('/invoices');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/status=1/);
  const grid = page.getByRole('grid', { name: 'Invoices' });
  const invoiceRow = grid.getByRole('row').filter({ hasText: customer.accountNumber });
  await expect(invoiceRow.locator('[data-field="status"]')).toHaveText('Paid');
  await invoiceRow.getByRole('button', { name: /^Attempts: / }).click();
  const attempts = page.getByRole('dialog', { name: /^Attempts: / }).getByRole('table', { name: 'Charge attempts' });
  await expect(attempts.getByRole('cell', { name: 'Daily billing' })).toBeVisible();
  await expect(attempts.getByRole('cell', { name: 'New payment method' })).toBeVisible();
  await expectNoAxeViolations(page, 'a declined invoice paid by the new card, with its attempts');
  await page.keyboard.press('Escape');

  await openRecord(page, customer.lastName);
  await expect(
    page.getByRole('group', { name: 'Status and contact' }).getByRole('combobox', { name: 'Status' }),
  ).toHaveText('Active Customer');
});
