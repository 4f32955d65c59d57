import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from '../support/axe';
import { scheduleForCrewToday } from '../support/crew';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

test("an operations report lists a crew's stops of the week and is downloaded as a PDF", async ({
  page,
  office,
  newCustomer,
}) => {
  // A crew number of this test's own, so no other test's stops are on its sheet.
  const crew = randomInt(20_000, 99_999);
  const first = await newCustomer({ firstName: 'Opal' });
  const second = await newCustomer({ firstName: 'Otto' });
  test.skip(!(await scheduleForCrewToday(office, first.id, crew)), 'no mow can be scheduled on a Sunday');
  await scheduleForCrewToday(office, second.id, crew);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const { year, week } = await office.get<{ year: number; week: number }>(`/api/helper/date-info?date=${today}`);

  // Opened from the drawer, the page asks for a selection; the crew and week are typed in its form.
  await page.goto('/operations-report');
  await expect(page.getByText('Choose a week, weekday, crew or market, then Search.')).toBeVisible();
  await expectNoAxeViolations(page, 'operations report without a selection');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Select a parameter')).toBeVisible();
  await page.getByRole('textbox', { name: 'Week' }).pressSequentially(String(week));
  await page.getByRole('textbox', { name: 'Crew' }).pressSequentially(String(crew));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`week=${week}&crew=${crew}|crew=${crew}.*week=${week}`));
  expect(new URL(page.url()).searchParams.get('year')).toBe(String(year));

  const grid = page.getByRole('grid', { name: 'Operations report' });
  await expect(grid.getByRole('row', { name: new RegExp(first.serviceAddress) })).toBeVisible();
  await expect(grid.getByRole('row', { name: new RegExp(second.serviceAddress) })).toBeVisible();
  await expect(page.getByText('Search results: 2 records')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Account No' }).check();
  await expect(grid.getByRole('columnheader', { name: 'Account No' })).toBeVisible();
  await expectNoAxeViolations(page, 'operations report of a crew');

  const reportName = uniqueName('Crew sheet ');
  await page.getByRole('button', { name: 'PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await dialog.getByLabel('Report name').pressSequentially(reportName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The report is being processed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to report' }).click();
  await expect(page.getByRole('tab', { name: 'Generated reports' })).toHaveAttribute('aria-selected', 'true');

  const row = page.getByRole('row', { name: `${reportName.toLowerCase().replace(/ /g, '-')}.pdf` });
  await expect(row.getByText(/completed/i)).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: 'Download options' }).click();
  const downloadItem = page.getByRole('menuitem', { name: 'Download' });
  await expect(downloadItem).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadItem.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});

test('the reconciliation, bush-bed and report list pages pass the accessibility check', async ({ page }) => {
  await page.goto('/reconciliation-report?week=1&crew=99999');
  await expect(page.getByRole('grid', { name: 'Reconciliation report' })).toBeVisible();
  await expect(page.getByText('Search results: 0 records')).toBeVisible();
  await expectNoAxeViolations(page, 'reconciliation report');

  await page.goto('/bush-bed-report?week=1&crew=99999');
  await expect(page.getByRole('grid', { name: 'Bush-bed report' })).toBeVisible();
  await expect(page.getByText('Search results: 0 records')).toBeVisible();
  await expectNoAxeViolations(page, 'bush-bed report');

  await page.goto('/report?tab=list');
  await expect(page.getByRole('grid', { name: 'Report list' })).toBeVisible();
  await expect(page.getByText(/Search results: \d/)).toBeVisible();
  await expectNoAxeViolations(page, 'report list');
});
