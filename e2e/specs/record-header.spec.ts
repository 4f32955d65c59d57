import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord, upperTabPanel } from '../support/customers';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

const SAVED = 'All changes saved';
const NOT_SAVED = 'Not saved: fix the marked fields';
/** The upper tabs' `key` in the record's query. */
const SERVICE_INFORMATION = 1;
/** The lower tabs' `tap` of the History tab. */
const HISTORY = 4;

const header = (page: Page) => page.getByRole('group', { name: 'Status and contact' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });

/** Empties a text field as a person does: everything selected, then deleted. */
async function empty(page: Page, field: ReturnType<Page['getByRole']>): Promise<void> {
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
}

test('staff change a customer’s status and phone on the record, and see both in its history', async ({
  page,
  newCustomer,
}) => {
  const { lastName } = await newCustomer({ isApproved: false });
  await openRecord(page, lastName, SERVICE_INFORMATION, HISTORY);
  const status = header(page).getByRole('combobox', { name: 'Status' });
  const phone = header(page).getByRole('textbox', { name: 'Phone' });
  await expect(status).toHaveText('Active Customer');
  await expect(phone).toHaveValue('+1 (214) 555-0142');
  await expectNoAxeViolations(page, 'the record with its status, phone and e-mail');

  await status.click();
  await page.getByRole('option', { name: 'Past Customer' }).click();
  await expect(status).toHaveText('Past Customer');
  await expect(header(page).getByRole('status')).toHaveText(SAVED);

  // Cleared, the phone is marked and not saved; typed key by key through the mask, it is.
  await empty(page, phone);
  await expect(header(page).getByText('Contact number is required')).toBeVisible();
  await expect(header(page).getByRole('status')).toHaveText(NOT_SAVED);
  await phone.pressSequentially('97255501');
  await expect(phone).toHaveValue('+1 (972) 555-01__');
  await expect(header(page).getByText('Phone number is not valid')).toBeVisible();
  await expectNoAxeViolations(page, 'a phone marked as not valid');
  await phone.pressSequentially('23');
  await expect(phone).toHaveValue('+1 (972) 555-0123');
  await expect(header(page).getByRole('status')).toHaveText(SAVED);
  await expect(header(page).getByText('Phone number is not valid')).toHaveCount(0);

  // An address another customer has (the demo customer's) is refused at the field and kept as typed.
  const email = header(page).getByRole('textbox', { name: 'Email' });
  await email.click();
  await email.pressSequentially('customer@example');
  await expect(header(page).getByText('Invalid email')).toBeVisible();
  await email.pressSequentially('.com');
  await expect(header(page).getByText('This email has already been registered')).toBeVisible();
  await expect(email).toHaveValue('customer@example.com');
  await expect(header(page).getByRole('status')).toHaveText(NOT_SAVED);
  await expectNoAxeViolations(page, 'an e-mail already registered');

  await expect(history(page).getByRole('row', { name: /Changed phone from 2145550142 to 9725550123/ })).toBeVisible();
  await expect(
    history(page).getByRole('row', { name: /Changed status from Active Customer to Past Customer/ }),
  ).toBeVisible();
  await expect(history(page).getByRole('row', { name: /Changed e-mail/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the record with its history');

  // Stored: a new visit shows them.
  await page.reload();
  await expect(header(page).getByRole('combobox', { name: 'Status' })).toHaveText('Past Customer');
  await expect(header(page).getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 (972) 555-0123');
  await expect(history(page).getByRole('row', { name: /Alex Morgan.*Changed phone/ })).toBeVisible();
});

test('a cleared city is marked and kept across tabs; Saturday is a mow day', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer({ isApproved: false });
  await openRecord(page, lastName, SERVICE_INFORMATION, HISTORY);
  const tab = upperTabPanel(page);
  const city = tab.getByRole('textbox', { name: 'City' });
  await expect(city).not.toHaveValue('');
  await tab.getByRole('checkbox', { name: 'Manual' }).check();
  await expect(tab.getByRole('status')).toHaveText(SAVED);
  await empty(page, city);
  await expect(tab.getByText('City is required')).toBeVisible();
  await expect(tab.getByRole('status')).toHaveText(NOT_SAVED);
  await expectNoAxeViolations(page, 'a cleared city, marked and not saved');

  // Another tab and back: the city is still empty, marked, and not saved.
  await page.getByRole('tab', { name: 'Billing info' }).click();
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Billing name' })).toBeVisible();
  await page.getByRole('tab', { name: 'Service Information' }).click();
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'City' })).toHaveValue('');
  await expect(upperTabPanel(page).getByText('City is required')).toBeVisible();
  await expect(upperTabPanel(page).getByRole('status')).toHaveText(NOT_SAVED);

  await upperTabPanel(page).getByRole('textbox', { name: 'City' }).pressSequentially('Dallas');
  await expect(upperTabPanel(page).getByRole('status')).toHaveText(SAVED);

  const weekDay = upperTabPanel(page).getByRole('combobox', { name: 'Week day' });
  await weekDay.click();
  await expect(page.getByRole('option')).toHaveText([
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Any day',
  ]);
  await page.getByRole('option', { name: 'Saturday' }).click();
  await expect(upperTabPanel(page).getByRole('status')).toHaveText(SAVED);
  await expect(history(page).getByRole('row', { name: /Changed mow day from Wednesday to Saturday/ })).toBeVisible();
});
