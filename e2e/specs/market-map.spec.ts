import { randomInt } from 'node:crypto';
import { expectNoAxeViolations } from '../support/axe';
import { scheduleForCrewToday } from '../support/crew';
import { typeDate } from '../support/keyboard-input';
import { expectOk } from '../support/office-api';
import { expect, test } from '../support/test';

// The date and time fields are typed part by part in the en-US order (month/day/year, hh:mm AM/PM).
test.use({ signedInAs: 'admin', locale: 'en-US' });

/** Today in the business's time zone, as the map's date field takes it. */
const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

test('the office assigns three stops to a crew, filters the map by it and orders its route', async ({
  page,
  office,
  newCustomer,
}) => {
  // Crews of this test alone: the stops start on one and are moved to the next.
  const firstCrew = 90_000 + 2 * randomInt(4_999);
  const nextCrew = firstCrew + 1;
  const addresses: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const customer = await newCustomer();
    test.skip(!(await scheduleForCrewToday(office, customer.id, firstCrew)), 'no mow can be scheduled on a Sunday');
    const { version } = await office.get<{ version: number }>(`/api/customers/${customer.id}`);
    // Around downtown Dallas, a few km apart.
    const position = { lat: 32.78 + index * 0.02, lng: -96.8 - ((index * 7) % 3) * 0.02 };
    await expectOk(
      await office.fetch(`/api/customers/${customer.id}`, { method: 'PATCH', data: { version, ...position } }),
    );
    addresses.push(customer.serviceAddress);
  }

  await page.goto('/market-map');
  await page.getByRole('combobox', { name: 'Market' }).click();
  await page.getByRole('option', { name: 'Dallas' }).click();
  await typeDate(page.getByLabel('Date'), businessToday());
  await page.getByLabel('Crew filter').pressSequentially(String(firstCrew));
  const list = page.getByRole('list', { name: 'Stops of the day' });
  await expect(list.getByRole('button')).toHaveCount(3);
  await expect(page.getByText('Total customers: 3')).toBeVisible();
  await expectNoAxeViolations(page, 'the market map');

  // The address search narrows the stops, then clearing it brings them all back.
  const search = page.getByLabel('Search address');
  await search.pressSequentially(addresses[0] ?? '');
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.getByRole('button', { name: new RegExp(addresses[0] ?? '') })).toBeVisible();
  await search.clear();
  await expect(list.getByRole('button')).toHaveCount(3);

  // Multi-select is on: each click adds a stop.
  for (const address of addresses) await list.getByRole('button', { name: new RegExp(address) }).click();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByLabel('Crew number').pressSequentially(String(nextCrew));
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('3 customers assigned')).toBeVisible();

  await page.getByLabel('Crew filter').clear();
  await page.getByLabel('Crew filter').pressSequentially(String(nextCrew));
  await expect(list.getByRole('button')).toHaveCount(3);
  await expect(list).toContainText(`Crew ${nextCrew}`);

  await page.getByRole('button', { name: `Order route of crew ${nextCrew}` }).click();
  await expect(page.getByText(/^Route ordered: /)).toBeVisible();
  // The list and the markers show the stops' numbers in the route, from the depot and back.
  await expect(list.getByRole('button', { name: /^1\. / })).toBeVisible();
  await expect(list.getByRole('button', { name: /^3\. / })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Depot: / })).toBeVisible();
  await expectNoAxeViolations(page, 'the market map with an ordered route');
});
