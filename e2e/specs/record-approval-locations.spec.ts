import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord } from '../support/customers';
import type { OfficeApi } from '../support/office-api';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** The record's upper tab of other locations (`key`). */
const OTHER_LOCATIONS_TAB = 2;

type CalendarWeek = { week: number; start: string; end: string; customer: { active: boolean } };
type Calendar = { year: number; years: number[]; data: CalendarWeek[] };
type Location = { id: number; streetAddress: string; version: number };

/** Today in the business's zone, as the calendar decides what has passed. */
function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A week without service that is over, in the year the calendar opens on or, early in a year, the one before. */
async function pastWeekWithoutService(
  office: OfficeApi,
  id: number,
): Promise<{ year: number; week: number; isShown: boolean }> {
  const today = businessToday();
  const shown = await office.get<Calendar>(`/api/customers/${id}/calendar`);
  const isPast = (week: CalendarWeek) => !week.customer.active && week.end < today;
  const inShown = shown.data.find(isPast);
  if (inShown) return { year: shown.year, week: inShown.week, isShown: true };
  const earlier = await office.get<Calendar>(`/api/customers/${id}/calendar?year=${shown.year - 1}`);
  const inEarlier = earlier.data.find(isPast);
  if (!inEarlier) throw new Error('no past week without service');
  return { year: earlier.year, week: inEarlier.week, isShown: false };
}

const weekButton = (page: Page, week: number) =>
  page.getByRole('list', { name: /^Weeks of/ }).getByRole('button', { name: new RegExp(`^Week ${week},`) });

test('a rejected order says why, and approving it asks first', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer({ isApproved: false });
  await openRecord(page, lastName, 0);

  // Reject with a rejected note: the pending-approval list shows the note just written.
  await page.getByRole('button', { name: 'Reject' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Rejected note' });
  await noteDialog.getByRole('checkbox', { name: 'Not In Service Area' }).check();
  await noteDialog.getByRole('textbox', { name: 'Description' }).pressSequentially('Lives across the county line');
  await noteDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page).toHaveURL(/\/new-orders/);
  await expect(noteDialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Lives across the county line');
  await noteDialog.getByRole('button', { name: 'Close' }).click();
  await expect(noteDialog).toBeHidden();

  // The record of the rejected order says why.
  await openRecord(page, lastName, 0);
  const notice = page.getByRole('region', { name: 'This order was rejected' });
  await expect(notice).toContainText('Reasons: Not In Service Area');
  await expect(notice).toContainText('Lives across the county line');
  await expect(notice).toContainText(/Rejected note by .+, \d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolations(page, 'a rejected order with its rejected note');

  // Approve asks first; Cancel and Escape decide nothing.
  const approve = page.getByRole('button', { name: 'Approve' });
  await approve.click();
  const question = page.getByRole('dialog', { name: 'Approve order' });
  await expect(question).toContainText(`Approve the order of Robin ${lastName}`);
  await expect(question.getByRole('button', { name: 'Approve' })).toBeFocused();
  await expectNoAxeViolations(page, 'the approval question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await approve.click();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(approve).toBeFocused();
  await expect(notice).toBeVisible();

  // Approve from the keyboard: Enter asks, Enter approves.
  await page.keyboard.press('Enter');
  await expect(question.getByRole('button', { name: 'Approve' })).toBeFocused();
  await page.keyboard.press('Enter');
  const great = page.getByRole('dialog', { name: 'Great!' });
  await expect(great).toContainText('This request has been approved.');
  await great.getByRole('button', { name: 'Ok' }).click();

  await openRecord(page, lastName, 0);
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(notice).toHaveCount(0);
});

test('staff edit a location; an edit someone else overtook shows their version first', async ({
  page,
  office,
  newCustomer,
}) => {
  const { id, lastName } = await newCustomer({ isApproved: false });
  const other = await newCustomer({ isApproved: false });
  const { customerId: otherAccount } = await office.get<{ customerId: string }>(`/api/customers/${other.id}`);
  const created = await office.fetch(`/api/customers/${id}/locations`, {
    method: 'POST',
    headers: { 'Idempotency-Key': randomUUID() },
    data: { streetAddress: '12 Second Home Rd', accountNumber: otherAccount, zipCode: '75201' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = ((await created.json()) as { data: Location }).data;

  await openRecord(page, lastName, OTHER_LOCATIONS_TAB);
  const table = page.getByRole('table', { name: 'Other locations' });
  await table.getByRole('button', { name: 'Edit 12 Second Home Rd' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit location' });
  const street = dialog.getByRole('textbox', { name: 'Street address' });
  await expect(street).toHaveValue('12 Second Home Rd');
  await expect(dialog.getByRole('textbox', { name: 'Account number' })).toHaveValue(otherAccount);
  await expectNoAxeViolations(page, 'the location form with a location to edit');

  await street.clear();
  await street.pressSequentially('14 Second Home Rd');
  const zip = dialog.getByRole('textbox', { name: 'Zip code' });
  await zip.clear();
  await zip.pressSequentially('75202');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /14 Second Home Rd/ })).toContainText('75202');
  await expectNoAxeViolations(page, 'other locations after an edit');

  // Someone else saves the location while the form is open: the save is refused and the form shows their values.
  await table.getByRole('button', { name: 'Edit 14 Second Home Rd' }).click();
  await street.clear();
  await street.pressSequentially('16 Second Home Rd');
  const theirs = await office.fetch(`/api/customers/${id}/locations/${location.id}`, {
    method: 'PATCH',
    data: { streetAddress: '15 Second Home Rd', accountNumber: otherAccount, zipCode: '75202', version: 2 },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Someone else changed this location meanwhile. It now shows their version.',
  );
  await expect(street).toHaveValue('15 Second Home Rd');
  await expectNoAxeViolations(page, 'the location form after a refused stale edit');
  await street.clear();
  await street.pressSequentially('16 Second Home Rd');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /16 Second Home Rd/ })).toBeVisible();
  const stored = await office.get<Location[]>(`/api/customers/${id}/locations`);
  expect(stored).toEqual([expect.objectContaining({ streetAddress: '16 Second Home Rd', version: 4 })]);
});

test('a week that is over asks before it gets a service; the title names the chosen range', async ({
  page,
  office,
  newCustomer,
}) => {
  const { id, lastName } = await newCustomer({ isApproved: false });
  const target = await pastWeekWithoutService(office, id);

  await openRecord(page, lastName, 0);
  const title = page.getByRole('heading', { name: /^All weeks \d{4}$/ });
  await expect(title).toBeVisible();
  if (!target.isShown) await page.getByRole('button', { name: 'Previous year' }).click();
  await expect(page.getByRole('heading', { name: `All weeks ${target.year}` })).toBeVisible();

  // Cancel adds nothing.
  const week = weekButton(page, target.week);
  await expect(week).toHaveAccessibleName(/No service/);
  await week.click();
  const question = page.getByRole('dialog', { name: 'Add a service to a past week' });
  await expect(question).toContainText(`Week ${target.week} (`);
  await expect(question).toContainText('has already passed. Add a service to it anyway?');
  await expect(question.getByRole('button', { name: 'Add service' })).toBeFocused();
  await expectNoAxeViolations(page, 'the past-week question');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(week).toHaveAccessibleName(/No service/);

  // Add service does add it, and it is stored.
  await week.click();
  await question.getByRole('button', { name: 'Add service' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText('Service created')).toBeVisible();
  await expect(week).toHaveAccessibleName(/, Service/);
  const stored = await office.get<Calendar>(`/api/customers/${id}/calendar?year=${target.year}`);
  expect(stored.data.find((item) => item.week === target.week)?.customer.active).toBe(true);

  // The title follows the range chosen.
  await page.getByRole('button', { name: 'Only winter' }).click();
  await expect(page.getByRole('heading', { name: `Only winter ${target.year}` })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the calendar on Only winter');
  await page.getByRole('button', { name: 'Only in season' }).click();
  await expect(page.getByRole('heading', { name: `Only in season ${target.year}` })).toBeVisible();
});
