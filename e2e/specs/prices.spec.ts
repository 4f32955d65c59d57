import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** The amount the calculator shows on one of its lines (Base price, Subtotal, Total, ...). */
const calculatorLine = (page: Page, label: string) =>
  page
    .getByLabel('Calculated price')
    .locator('dt', { hasText: new RegExp(`^${label}`) })
    .locator('xpath=following-sibling::dd[1]');

test('an edited price shows in the tiers, the history and the calculator, each state passing the accessibility check', async ({
  page,
}) => {
  await page.goto('/prices');
  await expect(page.getByRole('heading', { name: 'Prices', exact: true })).toBeVisible();

  // Fort Worth prices with the default table until its first edit gives it its own.
  await page.getByRole('combobox', { name: 'Market' }).click();
  await page.getByRole('option', { name: 'Fort Worth' }).click();
  await expect(page.getByText('Uses the default table')).toBeVisible();
  const tiers = page.getByRole('table', { name: 'Lot sizes and prices' });
  await expect(tiers.getByRole('row', { name: /^Medium / })).toContainText('$35.00');
  await expect(page.getByRole('textbox', { name: 'Tax rate (%)' })).toHaveValue('8.25');
  await expect(calculatorLine(page, 'Base price')).toHaveText('$35.00');
  await expect(calculatorLine(page, 'Total')).toHaveText('$37.89');
  await expectNoAxeViolations(page, 'prices of a market on the default table');

  await tiers.getByRole('button', { name: 'Edit Medium' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Medium' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'tier edit dialog open');
  await dialog.getByRole('textbox', { name: 'Weekly', exact: true }).fill('36.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Prices saved')).toBeVisible();

  await expect(page.getByText('Has its own prices')).toBeVisible();
  await expect(tiers.getByRole('row', { name: /^Medium / })).toContainText('$36.50');
  await expect(calculatorLine(page, 'Base price')).toHaveText('$36.50');
  await expect(calculatorLine(page, 'Total')).toHaveText('$39.51');
  await expect(page.getByRole('table', { name: 'Price changes' }).getByRole('row', { name: /Medium/ })).toContainText(
    '35.0036.50',
  );
  await expectNoAxeViolations(page, 'after the save');

  // An address prices with its zip's market: a Dallas zip brings the default table, a Fort Worth one its own prices,
  // and the zip look-up fills city, state, market and tax rate on the way.
  const calculator = page.getByRole('region', { name: 'Price calculator' });
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await calculator.getByRole('textbox', { name: 'Zip code' }).fill('75201');
  await expect(calculator.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
  await expect(calculator.getByRole('textbox', { name: 'State' })).toHaveValue('TX');
  await expect(calculator.getByRole('textbox', { name: 'Market' })).toHaveValue('Dallas');
  await expect(calculator.getByRole('textbox', { name: 'Tax rate', exact: true })).toHaveValue('8.25%');
  await expect(page.getByRole('combobox', { name: 'Market' })).toHaveText('Dallas');
  await expect(calculatorLine(page, 'Base price')).toHaveText('$35.00');
  await expect(calculatorLine(page, 'Total')).toHaveText('$37.89');
  await calculator.getByRole('textbox', { name: 'Zip code' }).fill('76102');
  await expect(calculator.getByRole('textbox', { name: 'City' })).toHaveValue('Fort Worth');
  await expect(page.getByRole('combobox', { name: 'Market' })).toHaveText('Fort Worth');
  await expect(calculatorLine(page, 'Base price')).toHaveText('$36.50');
  await expect(calculatorLine(page, 'Total')).toHaveText('$39.51');
  await expectNoAxeViolations(page, 'an address priced');

  // The calculator follows the rules as well: no bag grass on a Jumbo lot.
  await page.getByRole('textbox', { name: 'Lot size (sq ft)' }).fill('25000');
  await expect(page.getByRole('checkbox', { name: 'Bag grass' })).toBeDisabled();
  await expect(calculatorLine(page, 'Lot size')).toHaveText('Jumbo');
});
