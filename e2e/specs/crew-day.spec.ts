import { expectNoAxeViolations } from '../support/axe';
import { PHOTO_PNG, scheduleForCrewToday } from '../support/crew';
import { openRecord } from '../support/customers';
import { expect, test } from '../support/test';
import { uniquePhone } from '../support/unique';

const NOTE = 'Mowed front and back, gate closed';

test('the crew checks a stop in and out on a phone, and the office and the customer see the proof', async ({
  office,
  newCustomer,
  staffPage,
  page,
}) => {
  const customer = await newCustomer({ firstName: 'Carla', contactNumber: uniquePhone() });
  test.skip(!(await scheduleForCrewToday(office, customer.id)), 'no mow can be scheduled on a Sunday');
  const address = customer.serviceAddress;

  // The demo crew member on a phone-sized page.
  const phone = await staffPage('crew');
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/crew/today');
  await expect(phone.getByRole('heading', { name: "Today's stops", level: 1 })).toBeVisible();
  const card = phone.getByRole('article', { name: address });
  await expect(card.getByRole('link', { name: address })).toHaveAttribute('href', /google\.com\/maps/);
  await expectNoAxeViolations(phone, "the crew's day");

  await card
    .getByLabel(`Check in at ${address}`)
    .setInputFiles({ name: 'arrival.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(card.getByText('Checked in')).toBeVisible();
  await card.getByRole('button', { name: 'Check out' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Check out' });
  await dialog.getByRole('textbox', { name: 'Note' }).pressSequentially(NOTE);
  await dialog
    .getByLabel(`Photo of ${address}`)
    .setInputFiles({ name: 'finished.png', mimeType: 'image/png', buffer: PHOTO_PNG });
  await expect(dialog.getByText('finished.png')).toBeVisible();
  await expectNoAxeViolations(phone, 'the check-out dialog');
  await dialog.getByRole('button', { name: 'Check out' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Done')).toBeVisible();
  await expect(card.getByText('Waiting to send')).toHaveCount(0);
  await expectNoAxeViolations(phone, "the crew's day after the check-out");

  // Staff see it in the record's Completed services, with both photos.
  const staff = await staffPage('admin');
  await openRecord(staff, customer.lastName);
  await staff.getByRole('tab', { name: 'Completed services' }).click();
  const services = staff.getByRole('table', { name: 'Completed services' });
  const row = services.getByRole('row').filter({ hasText: NOTE });
  await expect(row).toContainText('arrival.png');
  await expect(row).toContainText('finished.png');
  await expectNoAxeViolations(staff, 'completed services');
  await row.getByRole('button', { name: /^View the service of/ }).click();
  const details = staff.getByRole('dialog', { name: /^Service of/ });
  await expect(details.getByRole('img', { name: /^Check-in photo/ })).toBeVisible();
  await expect(details.getByRole('img', { name: /^Check-out photo/ })).toBeVisible();
  await expectNoAxeViolations(staff, 'a completed service with its photos');

  // The customer sees it on their calendar, through the phone look-up.
  await page.goto('/external-search-phone');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).pressSequentially(customer.contactNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/external-calendar$/);
  const proof = page.getByRole('region', { name: 'Completed services' });
  await expect(proof.getByText(NOTE)).toBeVisible();
  await proof.getByRole('button', { name: /^Photos of the service of/ }).click();
  const photos = page.getByRole('dialog', { name: /^Service of/ });
  await expect(photos.getByRole('img', { name: /^Check-out photo/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the customer calendar with the proof of service');
});

test('a mow nobody checked out of waits on the office list, not on an invoice, until the office settles it', async ({
  office,
  staffPage,
}) => {
  // The demo data leaves some demo mows unchecked past their deadline, as the daily billing leaves them.
  const waiting = await office.get<{ id: number; propertyId: number; workday: string; serviceAddress: string }[]>(
    '/api/billing/visits-to-confirm?limit=100',
  );
  const visit = waiting.at(-1);
  if (!visit) throw new Error('the demo data has no visit to confirm');
  const billed = await office.get<{ serviceDate: string }[]>(
    `/api/invoices?filter[propertyId]=${visit.propertyId}&limit=100`,
  );
  expect(billed.map((invoice) => invoice.serviceDate)).not.toContain(visit.workday);

  const page = await staffPage('admin');
  await page.goto('/invoices');
  const list = page.getByRole('table', { name: 'Visits to confirm' });
  const address = visit.serviceAddress.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const skip = list.getByRole('button', { name: new RegExp(`^Skipped: ${address} on `) });
  await expect(skip).toBeVisible();
  await expectNoAxeViolations(page, 'the invoices with the visits to confirm');
  await skip.click();
  await expect(skip).toHaveCount(0);
});
