import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord } from '../support/customers';
import { expect, test } from '../support/test';

/** The record's words when a save meets a field someone else changed meanwhile (RECORD_SAVE_MESSAGES). */
const FIELD_CHANGED = 'Someone else changed this meanwhile';
const FIELDS_CHANGED = 'Someone else changed a field you edited meanwhile. Choose which value to keep.';
const SAVED = 'All changes saved';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Opens the record of `lastName` on its Service Information tab. */
async function openServiceInformation(page: Page, lastName: string): Promise<Page> {
  await openRecord(page, lastName);
  await page.getByRole('tab', { name: 'Service Information' }).click();
  await expect(page).toHaveURL(/key=1/);
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page;
}

const weekDayOf = (page: Page) => page.getByRole('combobox', { name: 'Week day' });

async function chooseWeekDay(page: Page, day: string): Promise<void> {
  await weekDayOf(page).click();
  await page.getByRole('option', { name: day, exact: true }).click();
}

test('two pages editing the same field: the later save gets the conflict at the field, sees both, and nothing is lost', async ({
  staffPage,
  newCustomer,
}) => {
  const { lastName } = await newCustomer();
  // Each page with its own cookies and session, signed in as the same staff user.
  const first = await openServiceInformation(await staffPage('admin', { isOwnSession: true }), lastName);
  const second = await openServiceInformation(await staffPage('admin', { isOwnSession: true }), lastName);
  const before = (await weekDayOf(first).innerText()).trim();
  const [firstChoice, secondChoice] = WEEKDAYS.filter((day) => day !== before) as [string, string];
  await expect(weekDayOf(second)).toHaveText(before);

  // The first person saves; the second page still shows the version both opened.
  await chooseWeekDay(first, firstChoice);
  await expect(first.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // The second person's save started from the older value: it is refused, and the field shows both values, keeping
  // the second person's choice until they take the newer value.
  await chooseWeekDay(second, secondChoice);
  await expect(second.getByRole('status').filter({ hasText: FIELDS_CHANGED })).toBeVisible();
  const conflict = second.getByRole('group', { name: `Week day: ${FIELD_CHANGED}` });
  await expect(conflict).toContainText(`Yours: ${secondChoice}`);
  await expect(conflict).toContainText(`Saved by Alex Morgan: ${firstChoice}`);
  await expect(weekDayOf(second)).toHaveText(secondChoice);
  await expectNoAxeViolations(second, 'a record whose save met a newer change');
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(weekDayOf(second)).toHaveText(firstChoice);

  // Nothing was lost: the first value is stored, and the second person can apply theirs on top of it.
  await first.reload();
  await expect(weekDayOf(first)).toHaveText(firstChoice);
  await chooseWeekDay(second, secondChoice);
  await expect(second.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await first.reload();
  await expect(weekDayOf(first)).toHaveText(secondChoice);
});
