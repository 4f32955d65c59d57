import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { chooseNewPassword, resetLinkFor } from '../support/password-reset';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/test';
import { uniqueEmail, uniqueHouseNumber, uniqueName, uniquePhone } from '../support/unique';

/** A zip of the Dallas market, which the demo zones serve. */
const SERVED_ZIP = '75201';
/** A New York zip, which no demo zone serves. */
const UNSERVED_ZIP = '10001';

/** A checking account the local gateway keeps and charges (any valid routing number and an untested account). */
const ROUTING_NUMBER = '110000000';
const ACCOUNT_NUMBER = '000123456789';

/** The quote link the marketing site sends a prospect to, for a new street address each run. */
function quoteUrl(address: string): string {
  return `/web/quote?${new URLSearchParams({ address, zipcode: SERVED_ZIP }).toString()}`;
}

const quotePrice = (page: Page) => page.getByTestId('quote-price');

/** Gets a quote for the smallest lot and goes on to the customer-info page. */
async function quoteAndProceed(page: Page, address: string): Promise<void> {
  await page.goto(quoteUrl(address));
  await expect(page.getByRole('heading', { level: 1, name: /Services Your Area$/ })).toBeVisible();
  await page.getByRole('group', { name: 'Choose a lot size' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Your Custom Quote' })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process$/);
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
}

/** Answers one yes/no question of the sign-up by its label. */
async function answer(page: Page, question: string, choice: string): Promise<void> {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: choice, exact: true }).check();
}

/** Picks an option of a select field by the field's label. */
async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the customer-info page with a valid scheduled sign-up (`email` or one made of the last name). */
async function fillCustomerInfo(page: Page, lastName: string, email?: string): Promise<void> {
  await page.getByRole('textbox', { name: 'First name' }).fill('Jamie');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  // Typed key by key, as a person does: the mask's own +1 is never read as a typed digit.
  await page.getByRole('textbox', { name: 'Contact number' }).pressSequentially('2145550142');
  await expect(page.getByRole('textbox', { name: 'Contact number' })).toHaveValue('+1 (214) 555-0142');
  await page.getByRole('textbox', { name: 'Email' }).fill(email ?? `jamie.${lastName.toLowerCase()}@example.com`);
  await choose(page, 'One-time or scheduled service', 'Scheduled service');

  // The start date is the next business day already; the calendar opens on its month with the days before it
  // disabled, and its first day open is that one.
  const startDate = await page.getByRole('group', { name: 'Service start date' }).textContent();
  expect(startDate).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  await page.getByRole('button', { name: /Choose date/ }).click();
  const calendar = page.getByRole('dialog');
  await calendar.locator('button[role="gridcell"]:not([disabled])').first().click();
  await expect(calendar).toBeHidden();
  await expect(page.getByRole('group', { name: 'Service start date' })).toHaveText(startDate ?? '');

  // Overgrown grass opens its notice; Ok closes it.
  await answer(page, 'Is your grass overgrown (above six inches)?', 'Yes');
  const notice = page.getByRole('dialog', { name: 'Overgrown grass' });
  await expect(notice).toContainText('Grass above six inches costs double');
  await expectNoAxeViolations(page, 'customer info, overgrown-grass notice');
  await notice.getByRole('button', { name: 'Ok' }).click();
  await expect(notice).toBeHidden();

  await answer(page, 'Is there a community gate?', 'No');
  await answer(page, 'Is there a backyard gate?', 'No');
  await answer(page, 'Do you have flower beds?', 'No');
  await answer(page, 'Are there pets in the backyard?', 'No');
  await answer(page, 'Do you have a white vinyl fence?', 'No');
  await answer(page, 'Do you have an above-ground pool?', 'No');
  await answer(page, 'Do you have a trampoline?', 'No');
  await choose(page, 'How did you hear about us?', 'Web search');
  await choose(page, 'Which one?', 'Google');
}

test('a prospect gets a quote, signs up with an e-check, reaches Success, and the office approves the order', async ({
  page,
}) => {
  const address = `${uniqueHouseNumber()} Elm Street`;
  const lastName = uniqueName('Prospect');

  await page.goto(quoteUrl(address));
  await expect(page.getByRole('heading', { level: 1, name: /Services Your Area$/ })).toBeVisible();
  await expect(page.getByText(`${address}, Dallas, TX ${SERVED_ZIP}`)).toBeVisible();
  await expectNoAxeViolations(page, 'quote');

  // Get Quote without a lot size asks for one.
  await page.getByRole('button', { name: 'Get Quote' }).click();
  const sorry = page.getByRole('dialog', { name: 'Sorry' });
  await expect(sorry).toContainText('Please select a lot size from the option menu.');
  await expect(sorry.getByRole('button', { name: 'Ok' })).toBeFocused();
  await expectNoAxeViolations(page, 'quote, lot-size notice');
  await sorry.getByRole('button', { name: 'Ok' }).click();

  const lots = page.getByRole('group', { name: 'Choose a lot size' });
  await lots.getByRole('button').first().click();
  await expect(lots.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Your Custom Quote' })).toBeVisible();
  await expect(quotePrice(page)).toContainText('+ Tax');
  await expectNoAxeViolations(page, 'quote with its result');

  // Weekly is the cheapest frequency of every lot: Bi-Weekly costs more a mow, and the quote follows at once.
  const weekly = (await quotePrice(page).textContent()) ?? '';
  await page
    .getByRole('radiogroup', { name: 'Frequency', exact: true })
    .getByRole('radio', { name: 'Bi-Weekly' })
    .check();
  await expect(quotePrice(page)).not.toHaveText(weekly);
  const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
  expect(money((await quotePrice(page).textContent()) ?? '')).toBeGreaterThan(money(weekly));

  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process$/);
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await expectNoAxeViolations(page, 'customer info');
  await fillCustomerInfo(page, lastName);
  await page.getByRole('button', { name: 'Proceed' }).click();

  await expect(page).toHaveURL(/\/web\/sign-up-process-billing$/);
  await expect(page.getByRole('heading', { name: "let's get you on the schedule!" })).toBeVisible();
  await expectNoAxeViolations(page, 'billing');
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByRole('checkbox', { name: 'Same as Service Address' }).check();
  await expect(billing.getByRole('textbox', { name: 'Address' })).toHaveValue(address);
  await expect(billing.getByRole('textbox', { name: 'Zip' })).toHaveValue(SERVED_ZIP);
  const mailing = page.getByRole('group', { name: 'Mailing address' });
  await mailing.getByRole('checkbox', { name: 'Same as Service Address' }).check();
  await expect(mailing.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');

  await page.getByRole('tab', { name: 'E-Check (5th Mow Free)' }).click();
  await page.getByRole('textbox', { name: 'Name on account' }).fill(`Jamie ${lastName}`);
  await page.getByRole('textbox', { name: 'Routing number' }).pressSequentially(ROUTING_NUMBER);
  await page.getByRole('textbox', { name: 'Account number', exact: true }).pressSequentially(ACCOUNT_NUMBER);
  await page.getByRole('textbox', { name: 'Verify account number' }).pressSequentially(ACCOUNT_NUMBER);
  await page.getByRole('checkbox', { name: /^I authorize these charges:/ }).check();
  await expectNoAxeViolations(page, 'billing, e-check filled in');

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/web/customers') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  // The account number left the page encrypted, with an Idempotency-Key.
  expect(response.request().postData()).not.toContain(ACCOUNT_NUMBER);
  expect(response.request().headers()['idempotency-key']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );

  await expect(page).toHaveURL(/\/web\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
  for (const section of ['Service Address', 'Billing Address', 'Mailing Address', 'Mowing Details']) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Service Address' })).toContainText(`Jamie ${lastName}`);
  await expect(page.getByRole('region', { name: 'Service Address' })).toContainText('+1 (214) 555-0142');
  await expect(page.getByRole('region', { name: 'Mowing Details' })).toContainText('Bi-Weekly');
  await expect(page.getByText(/This price is an estimate from county records/)).toBeVisible();
  await expectNoAxeViolations(page, 'success');
  // The sign-up state is cleared once the order is in: a new visitor on this device starts afresh.
  expect(await page.evaluate(() => window.sessionStorage.getItem('sign-up'))).not.toContain(lastName);

  await signIn(page);
  await page.goto('/new-orders');
  const grid = page.getByRole('grid', { name: 'Orders pending approval' });
  const row = grid.getByRole('row').filter({ hasText: lastName });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  // A first click selects the row, a second one opens it.
  await row.locator('[data-field="fullName"]').click();
  await row.locator('[data-field="fullName"]').click();
  await expect(page.getByRole('heading', { name: `Jamie ${lastName}` })).toBeVisible();
  // The phone was stored as typed.
  await expect(
    page.getByRole('group', { name: 'Status and contact' }).getByRole('textbox', { name: 'Phone' }),
  ).toHaveValue('+1 (214) 555-0142');
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve order' }).getByRole('button', { name: 'Approve' }).click();
  const great = page.getByRole('dialog', { name: 'Great!' });
  await expect(great).toBeVisible();
  await great.getByRole('button', { name: 'Ok' }).click();
  await expect(grid.getByText(lastName)).toHaveCount(0);
});

test('the quote page loads its own small entry: no script of the app, no staff chunk', async ({ page, request }) => {
  const appHtml = await (await request.get('/web/sign-up-process')).text();
  const appScripts = [...appHtml.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
  expect(appScripts.length).toBeGreaterThan(0);

  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto(quoteUrl(`${uniqueHouseNumber()} Cedar Road`));
  await expect(page.getByRole('heading', { level: 1, name: /Services Your Area$/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Choose a lot size' }).getByRole('button')).toHaveCount(7);

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(appScripts).not.toContain(script);
    expect(script).not.toMatch(/StaffShell|DataGrid|EditCustomer|index-/);
  }
});

test('the quote page paints its frame before its script, and the app replaces it without moving it', async ({
  browser,
}) => {
  const url = quoteUrl(`${uniqueHouseNumber()} Elm Street`);
  const heading = (page: Page) => page.getByRole('heading', { level: 1, name: /Services Your Area$/ });
  const boxOf = async (page: Page) => ({
    header: await page.locator('header').boundingBox(),
    heading: await heading(page).boundingBox(),
  });

  // The page as the browser paints it before the script has run: the HTML and its inline styles only.
  const frameContext = await browser.newContext();
  const frame = await frameContext.newPage();
  await frame.route('**/*.js', (route) => route.abort());
  await frame.goto(url);
  await expect(heading(frame)).toBeVisible();
  await expectNoAxeViolations(frame, 'quote, static frame');
  const frameBoxes = await boxOf(frame);
  await frameContext.close();

  const appContext = await browser.newContext();
  const app = await appContext.newPage();
  await app.goto(url);
  await expect(app.getByRole('group', { name: 'Choose a lot size' }).getByRole('button')).toHaveCount(7);
  await expect(app.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await boxOf(app)).toEqual(frameBoxes);
  await appContext.close();
});

test('a prospect outside the service zones is never told they are in luck', async ({ page }) => {
  const seen: string[] = [];
  // Every heading the page ever shows, from its first paint on.
  await page.exposeFunction('reportHeading', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const heading of Array.from(document.querySelectorAll('h1'))) {
        (window as unknown as { reportHeading: (text: string) => void }).reportHeading(heading.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/web/quote?${new URLSearchParams({ address: '1 Main St', zipcode: UNSERVED_ZIP }).toString()}`);
  await expect(page.getByRole('alert')).toContainText('Sorry, we do not service this area yet.');
  await expectNoAxeViolations(page, 'quote, zip not served');
  expect(seen.filter((text) => /in luck/i.test(text))).toEqual([]);
});

test("one-time service is refused with 'We do not offer 1 time service.'", async ({ page }) => {
  await quoteAndProceed(page, `${uniqueHouseNumber()} Oak Lane`);
  await choose(page, 'One-time or scheduled service', 'One-time service');
  const sorry = page.getByRole('dialog', { name: 'Sorry' });
  await expect(sorry).toContainText('We do not offer 1 time service.');
  await expectNoAxeViolations(page, 'one-time service refused');
  await sorry.getByRole('button', { name: 'Ok' }).click();

  // Proceed says it again and stays on the page.
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(sorry).toContainText('We do not offer 1 time service.');
  await sorry.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process$/);
});

test('a reload on the billing page keeps the entered sign-up', async ({ page }) => {
  const lastName = uniqueName('Reload');
  await quoteAndProceed(page, `${uniqueHouseNumber()} Pine Court`);
  await fillCustomerInfo(page, lastName);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process-billing$/);
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByRole('checkbox', { name: 'Same as Service Address' }).check();
  const mailing = page.getByRole('group', { name: 'Mailing address' });
  await mailing.getByRole('textbox', { name: 'Address' }).fill('PO Box 12');

  await page.reload();
  await expect(page.getByRole('heading', { name: "let's get you on the schedule!" })).toBeVisible();
  await expect(billing.getByRole('checkbox', { name: 'Same as Service Address' })).toBeChecked();
  await expect(billing.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
  await expect(mailing.getByRole('textbox', { name: 'Address' })).toHaveValue('PO Box 12');

  // The customer's answers are still there behind Back.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue(lastName);
  await expect(
    page.getByRole('radiogroup', { name: 'Is there a backyard gate?' }).getByRole('radio', { name: 'No' }),
  ).toBeChecked();
});

/** Both address sets copy the service address, and the e-check tab is filled in with `routing`. */
async function fillBilling(page: Page, name: string, routing = ROUTING_NUMBER): Promise<void> {
  for (const set of ['Billing address', 'Mailing address']) {
    await page.getByRole('group', { name: set }).getByRole('checkbox', { name: 'Same as Service Address' }).check();
  }
  await page.getByRole('tab', { name: 'E-Check (5th Mow Free)' }).click();
  await page.getByRole('textbox', { name: 'Name on account' }).fill(name);
  await page.getByRole('textbox', { name: 'Routing number' }).fill('');
  await page.getByRole('textbox', { name: 'Routing number' }).pressSequentially(routing);
  await page.getByRole('textbox', { name: 'Account number', exact: true }).pressSequentially(ACCOUNT_NUMBER);
  await page.getByRole('textbox', { name: 'Verify account number' }).pressSequentially(ACCOUNT_NUMBER);
  // The customer accepts the recurring debits the page describes (required on a web sign-up).
  await page.getByRole('checkbox', { name: /^I authorize these charges:/ }).check();
}

test("a current customer's new property joins them, and their web account shows it", async ({ page, newCustomer }) => {
  // A current customer with a web account whose password they chose from their invitation.
  const email = uniqueEmail('current');
  const current = await newCustomer({ firstName: 'Casey', contactNumber: uniquePhone(), email });
  await page.goto(await resetLinkFor(email, '/web/reset-password'));
  await chooseNewPassword(page, 'current-customer-password', 'customer invitation', /\/web\/login$/);

  // They sign up a second address on the public pages with their own e-mail address.
  const address = `${uniqueHouseNumber()} Second Home Road`;
  await quoteAndProceed(page, address);
  await fillCustomerInfo(page, uniqueName('Current'), email);
  await choose(page, 'How did you hear about us?', 'Current customer adding a new property');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process-billing$/);
  await fillBilling(page, 'Casey Current');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/web/customers') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  // The answer tells nothing of the customer it joined: the new account number only.
  expect(Object.keys(((await response.json()) as { data: object }).data)).toEqual(['accountNumber']);
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();

  // Their web account lists the new address beside the first one.
  await page.goto('/web/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('current-customer-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
  const table = page.getByRole('table', { name: 'Properties and their payment methods' });
  await expect(table).toContainText(current.serviceAddress);
  await expect(table).toContainText(address);
  await expect(page.getByRole('contentinfo')).toContainText('+1 (214) 555-0100');
  await expectNoAxeViolations(page, 'customer payment list with the joined property');
});

test('errors found at the last step land on their field, on the page that asks it', async ({ page }) => {
  const lastName = uniqueName('Fields');
  await quoteAndProceed(page, `${uniqueHouseNumber()} Field Lane`);
  // A staff account's address cannot be a customer's: only the server knows it.
  await fillCustomerInfo(page, lastName, 'manager@example.com');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process-billing$/);

  // The routing number's checksum is checked on the page, before anything is sent.
  let isSent = false;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/web/customers') && sent.method() === 'POST') isSent = true;
  });
  await fillBilling(page, `Jamie ${lastName}`, '110000001');
  await page.getByRole('button', { name: 'Submit' }).click();
  const routing = page.getByRole('textbox', { name: 'Routing number' });
  await expect(routing).toHaveAccessibleDescription('Routing number is not valid');
  await expectNoAxeViolations(page, 'billing, routing number refused');
  expect(isSent).toBe(false);

  // The e-mail address is refused at the last step: the customer is taken back to it, marked at its field.
  await routing.fill('');
  await routing.pressSequentially(ROUTING_NUMBER);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process$/);
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAccessibleDescription('This email has already been registered');
  await expectNoAxeViolations(page, 'customer info, e-mail refused at the last step');

  // Another address, and the order goes through.
  await email.fill(`jamie.${lastName.toLowerCase()}@example.com`);
  await expect(email).not.toHaveAccessibleDescription('This email has already been registered');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/web\/sign-up-process-billing$/);
  await fillBilling(page, `Jamie ${lastName}`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
});
