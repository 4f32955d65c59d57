import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord } from '../support/customers';
import { uniqueName } from '../support/unique';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** The lower tabs' `tap`, as the record's query numbers them. */
const TAP = { privateNote: 0, serviceNotes: 1, billingNotes: 3, history: 4, spanish: 6, marketing: 7 } as const;
const SAVED = 'All changes saved';

const lowerTabs = (page: Page) => page.getByRole('tablist', { name: 'Record details' });

/** Chooses a lower tab and waits until its content has loaded. */
async function openLowerTab(page: Page, name: string): Promise<Locator> {
  await lowerTabs(page).getByRole('tab', { name }).click();
  await expect(lowerTabs(page).getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name });
  await expect(panel).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return panel;
}

/** Today in the business's zone as the date fields take it, digits only: MMDDYYYY. */
function businessTodayDigits(): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')}${part('day')}${part('year')}`;
}

/** Types a date into a date field key by key: its month, day and year sections take the digits in turn. */
async function typeDate(panel: Locator, label: string, digits: string): Promise<void> {
  await panel.getByRole('group', { name: label }).getByRole('spinbutton').first().pressSequentially(digits);
}

test('staff use the record’s lower tabs: notes, history, Spanish and marketing', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer();
  await openRecord(page, lastName, 0, TAP.billingNotes);
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();

  // Billing notes: add one in its tab, then change its status right in the list.
  const billing = await openLowerTab(page, 'Billing notes');
  await expectNoAxeViolations(page, 'the record on its Billing notes tab');
  await billing.getByRole('button', { name: 'Add note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Billing note' });
  await expect(dialog.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Price adjustment' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveText('Price adjustment');
  const text = uniqueName('Adjusted for the corner lot ');
  await dialog.getByRole('textbox', { name: 'Description' }).pressSequentially(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your note has been created.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = billing.getByRole('row').filter({ hasText: text });
  await expect(row.getByRole('combobox', { name: 'Status' })).toHaveText('Pending');
  await row.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.getByText('Your note has been updated.')).toBeVisible();
  await expect(row.getByRole('combobox', { name: 'Status' })).toHaveText('Completed');

  // Spanish and Marketing: typed key by key, saved on their own.
  const spanish = await openLowerTab(page, 'Spanish');
  await expectNoAxeViolations(page, 'the record on its Spanish tab');
  await spanish.getByRole('textbox', { name: 'Conditions in Spanish' }).pressSequentially('Perro en el patio');
  await expect(spanish.getByRole('status')).toHaveText(SAVED);

  const marketing = await openLowerTab(page, 'Marketing');
  await expectNoAxeViolations(page, 'the record on its Marketing tab');
  await marketing.getByRole('textbox', { name: 'Referral code' }).pressSequentially('JOE25');
  await expect(marketing.getByRole('status')).toHaveText(SAVED);

  // Both are stored: the reloaded record shows them.
  await page.reload();
  await expect(page.getByText('1 of 1')).toBeVisible();
  const marketingAgain = await openLowerTab(page, 'Marketing');
  await expect(marketingAgain.getByRole('textbox', { name: 'Referral code' })).toHaveValue('JOE25');
  const spanishAgain = await openLowerTab(page, 'Spanish');
  await expect(spanishAgain.getByRole('textbox', { name: 'Conditions in Spanish' })).toHaveValue('Perro en el patio');

  // History: the changes of today, between two dates typed key by key; a range without any says so.
  const history = await openLowerTab(page, 'History');
  const today = businessTodayDigits();
  await typeDate(history, 'Start date', today);
  await typeDate(history, 'End date', today);
  await history.getByRole('button', { name: 'Filter' }).click();
  await expect(history.getByRole('row', { name: /referral code from .+ to JOE25/i })).toBeVisible();
  await expect(history.getByRole('row', { name: /Spanish conditions from .+ to Perro en el patio/i })).toBeVisible();
  await expectNoAxeViolations(page, 'the record on its History tab, filtered');
  await history.getByRole('button', { name: 'Clear' }).click();
  await typeDate(history, 'Start date', '01012020');
  await typeDate(history, 'End date', '01312020');
  await history.getByRole('button', { name: 'Filter' }).click();
  await expect(history.getByText('No changes recorded between these dates')).toBeVisible();

  // The other tabs built: private notes and the service notes of the calendar's year.
  const privateNotes = await openLowerTab(page, 'Private note');
  await expect(privateNotes.getByRole('table', { name: 'Private notes' })).toBeVisible();
  await expectNoAxeViolations(page, 'the record on its Private note tab');
  const serviceNotes = await openLowerTab(page, 'Service Notes');
  await expect(serviceNotes.getByRole('heading', { name: /^Service notes \d{4}$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the record on its Service Notes tab');
});
