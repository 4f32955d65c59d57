import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

/** The record's words when a save meets a newer version (CUSTOMER_MESSAGES.stale). */
const STALE = 'Someone else changed this customer meanwhile. The screen now shows their changes.';
const SAVED = 'All changes saved';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** A page of its own (its own cookies and session), signed in as the same staff user, on the list's first record. */
async function openRecordInNewContext(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  await page.goto('/customer');
  const names = page.getByRole('grid', { name: 'Customers' }).locator('[data-field="fullName"][role="gridcell"]');
  await expect(names.first()).toBeVisible();
  await names.first().click();
  await expect(page).toHaveURL(/\/edit-customer\?id=\d+&record=1&/);
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

test('two pages editing the same field: the later save gets the conflict, sees the newer value, and nothing is lost', async ({
  browser,
}) => {
  const first = await openRecordInNewContext(browser);
  const second = await openRecordInNewContext(browser);
  const before = (await weekDayOf(first).innerText()).trim();
  const [firstChoice, secondChoice] = WEEKDAYS.filter((day) => day !== before) as [string, string];
  await expect(weekDayOf(second)).toHaveText(before);

  // The first person saves; the second page still shows the version both opened.
  await chooseWeekDay(first, firstChoice);
  await expect(first.getByRole('status').filter({ hasText: SAVED })).toBeVisible();

  // The second person's save carries that older version: it is refused, and the page shows the newer value.
  await chooseWeekDay(second, secondChoice);
  await expect(second.getByRole('status').filter({ hasText: STALE })).toBeVisible();
  await expect(weekDayOf(second)).toHaveText(firstChoice);
  await expectNoAxeViolations(second, 'a record whose save met a newer change');

  // Nothing was lost: the first value is stored, and the second person can apply theirs on top of it.
  await first.reload();
  await expect(weekDayOf(first)).toHaveText(firstChoice);
  await chooseWeekDay(second, secondChoice);
  await expect(second.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  await first.reload();
  await expect(weekDayOf(first)).toHaveText(secondChoice);

  await first.context().close();
  await second.context().close();
});
