import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord, upperTabPanel } from '../support/customers';
import { expect, test } from '../support/test';

/** The Property information tab's `key` in the record's query. */
const PROPERTY_INFORMATION = 3;
const SAVED = 'All changes saved';
/** The record's words at a field someone else changed meanwhile, and under the tab (RECORD_SAVE_MESSAGES). */
const FIELD_CHANGED = 'Someone else changed this meanwhile';
const FIELDS_CHANGED = 'Someone else changed a field you edited meanwhile. Choose which value to keep.';

const tabOf = (page: Page) => upperTabPanel(page);
const field = (page: Page, name: string) => tabOf(page).getByRole('textbox', { name, exact: true });

/** Types into a field key by key, as a person does, and waits until the autosave says it is stored. */
async function typeAndSave(page: Page, name: string, text: string): Promise<void> {
  await field(page, name).click();
  await field(page, name).pressSequentially(text);
  await expect(tabOf(page).getByRole('status')).toHaveText(SAVED);
}

test('two people editing one record: different fields both land; the same field asks the later one to choose', async ({
  staffPage,
  newCustomer,
}) => {
  // Two people, each on a page of their own: Alex Morgan (Admin) and Sofia Ramirez (customer service).
  const alex = await staffPage('admin');
  const sofia = await staffPage('service');
  const { lastName } = await newCustomer({ isApproved: false });
  await openRecord(alex, lastName, PROPERTY_INFORMATION);
  await openRecord(sofia, lastName, PROPERTY_INFORMATION);

  // Different fields, from the same copy: both are stored, and neither replaces the other.
  await typeAndSave(alex, 'Gate code', '#4821');
  await typeAndSave(sofia, 'Lot review', 'ok');
  // Sofia's save answered the record with Alex's code, and her page shows it without her touching it.
  await expect(field(sofia, 'Gate code')).toHaveValue('#4821');
  await alex.reload();
  await expect(field(alex, 'Gate code')).toHaveValue('#4821');
  await expect(field(alex, 'Lot review')).toHaveValue('OK');

  // The same field: Alex stores his community code first; Sofia, still on her copy, types hers.
  await typeAndSave(alex, 'Community code', 'NORTH');
  await field(sofia, 'Community code').click();
  await field(sofia, 'Community code').pressSequentially('SOUTH');
  const conflict = tabOf(sofia).getByRole('group', { name: `Community code: ${FIELD_CHANGED}` });
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('Yours: SOUTH');
  await expect(conflict).toContainText('Saved by Alex Morgan: NORTH');
  // What she typed stays in the field until she chooses; the line under the tab says why nothing was saved.
  await expect(field(sofia, 'Community code')).toHaveValue('SOUTH');
  await expect(tabOf(sofia).getByRole('status')).toHaveText(FIELDS_CHANGED);
  await expectNoAxeViolations(sofia, 'a record field someone else changed meanwhile');

  // She keeps hers: it is saved over Alex's, which she has now seen.
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expect(tabOf(sofia).getByRole('status')).toHaveText(SAVED);
  await alex.reload();
  await expect(field(alex, 'Community code')).toHaveValue('SOUTH');
  await expect(field(alex, 'Gate code')).toHaveValue('#4821');
  await expect(field(alex, 'Lot review')).toHaveValue('OK');

  // Again, and this time she takes Alex's value: her field shows it and nothing of hers is saved.
  await typeAndSave(alex, 'Community code', '-EAST');
  await field(sofia, 'Community code').click();
  await field(sofia, 'Community code').pressSequentially('-WEST');
  await expect(conflict).toContainText('Saved by Alex Morgan: SOUTH-EAST');
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(conflict).toBeHidden();
  await expect(field(sofia, 'Community code')).toHaveValue('SOUTH-EAST');
  await sofia.reload();
  await expect(field(sofia, 'Community code')).toHaveValue('SOUTH-EAST');
});
