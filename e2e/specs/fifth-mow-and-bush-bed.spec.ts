import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord } from '../support/customers';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** The upper tabs' `key` in the record's query. */
const BILLING_INFO = 4;

const lowerTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Record details' }).getByRole('tab', { name, exact: true });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('staff apply the 5th mow to a new e-check customer, who then sees it on opening; a card customer does not qualify', async ({
  page,
  newCustomer,
}) => {
  const eCheck = await newCustomer({ isECheck: true });
  await openRecord(page, eCheck.lastName, BILLING_INFO);
  await page.getByRole('button', { name: '5th Mow', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '5th Mow' });
  await expect(dialog.getByText('Qualifies for the 5th mow discount')).toBeVisible();
  await expectNoAxeViolations(page, 'the 5th Mow dialog of a customer who qualifies');
  await dialog.getByRole('textbox', { name: 'Note' }).pressSequentially('Fifth mow free for the e-check');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('The 5th mow discount has been applied.')).toBeVisible();

  // Opened again, the record shows its 5th mow note in the special-request pop-up, and the discount is received.
  await page.reload();
  const popup = page.getByRole('dialog', { name: 'Special requests' });
  await expect(popup.getByText('Fifth mow free for the e-check')).toBeVisible();
  await expectNoAxeViolations(page, 'the special-request pop-up');
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await page.getByRole('button', { name: '5th Mow', exact: true }).click();
  await expect(dialog.getByText('Does not Qualify')).toBeVisible();
  await expect(dialog.getByText('Yes: Fifth mow free for the e-check')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const card = await newCustomer();
  await openRecord(page, card.lastName, BILLING_INFO);
  await page.getByRole('button', { name: '5th Mow', exact: true }).click();
  await expect(dialog.getByText('Does not Qualify')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeDisabled();
  await expectNoAxeViolations(page, 'the 5th Mow dialog of a customer who does not qualify');
});

test('staff book a bush-and-bed service and see it on the B&B calendar, and put a to-do on a week of the calendar', async ({
  page,
  newCustomer,
}) => {
  const { lastName } = await newCustomer();
  await openRecord(page, lastName);
  await lowerTab(page, 'B&B').click();
  await expect(page.getByText(/\$100 per hour for 2 people/)).toBeVisible();
  await expect(page.getByText('No bush-and-bed services yet')).toBeVisible();
  await expectNoAxeViolations(page, 'the B&B tab');

  await page.getByRole('button', { name: 'Add service' }).click();
  const modal = page.getByRole('dialog', { name: 'Bush-and-bed service' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Required', { exact: true })).toHaveCount(4);
  await expectNoAxeViolations(page, 'the bush-and-bed modal with its required fields marked');
  await choose(page, 'Week number', 'Week 12');
  await modal.getByRole('textbox', { name: 'Crew' }).pressSequentially('4');
  await choose(page, 'Week day', 'Monday');
  await choose(page, 'Status', 'Yes');
  await modal.getByRole('textbox', { name: 'Instruction' }).pressSequentially('Trim the hedges');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Bush-and-bed services' }).getByText('Trim the hedges')).toBeVisible();
  const bbCalendar = page.getByRole('list', { name: /^B&B calendar / });
  await expect(bbCalendar.getByRole('button', { name: /^Week 12, .*: Yes$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add to-do' }).click();
  const todo = page.getByRole('dialog', { name: 'Add to-do' });
  await choose(page, 'Week', 'Week 12');
  await todo.getByRole('textbox', { name: 'To-do' }).pressSequentially('Call before the visit');
  await expectNoAxeViolations(page, 'the to-do dialog');
  await todo.getByRole('button', { name: 'Save' }).click();
  await expect(todo).toHaveCount(0);
  await expect(page.getByRole('list', { name: /^To-dos / }).getByText('Call before the visit')).toBeVisible();
  const weeks = page.getByRole('list', { name: /^Weeks of / });
  await expect(weeks.getByRole('button', { name: /^Week 12, .*Open to-do/ })).toBeVisible();
  await expect(weeks.getByRole('button', { name: /Open to-do/ })).toHaveCount(1);
  await expectNoAxeViolations(page, 'the calendar with a week marked by its to-do');
});
