import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expectOk, type OfficeApi } from '../support/office-api';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

const SAVED = 'The referrals were updated';

/** A no-resign market of the test's own with three referrals, made through the office's API. */
async function noResignMarket(office: OfficeApi, name: string): Promise<void> {
  const response = await office.fetch('/api/referral/changes', {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    data: {
      isResign: true,
      markets: [{ op: 'create', key: 'mine', name }],
      types: [
        { op: 'create', market: 'mine', name: 'Ana Lopez', phone: '2145550101', website: 'ana.example.com' },
        { op: 'create', market: 'mine', name: 'Bo Chen', phone: '2145550102' },
        { op: 'create', market: 'mine', name: 'Cy Diaz', phone: '2145550103' },
      ],
    },
  });
  await expectOk(response);
}

const market = (page: Page, name: string) => page.getByRole('region', { name });
const rowOf = (page: Page, marketName: string, name: string) =>
  market(page, marketName).getByRole('row').filter({ hasText: name });

/** Opens a row's (or the page's) referral dialog, types the fields key by key and closes it with Done. */
async function fillReferral(page: Page, title: string, fields: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  for (const [label, value] of Object.entries(fields)) {
    const box = dialog.getByRole('textbox', { name: label });
    await box.clear();
    await box.pressSequentially(value);
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test('a market added, two referrals changed and one deleted are saved by one Update', async ({ page, office }) => {
  const mine = uniqueName('Referral ');
  const added = uniqueName('Added ');
  await noResignMarket(office, mine);
  await page.goto('/customer-referral-panel');
  await expect(rowOf(page, mine, 'Cy Diaz')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Market' })).toBeDisabled();
  await expectNoAxeViolations(page, 'no-resign referrals, read');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add Market' })).toBeEnabled();
  await expectNoAxeViolations(page, 'no-resign referrals, edit');

  await page.getByRole('button', { name: 'Add Market' }).click();
  await fillReferral(page, 'Add Market', { 'Market name': added });
  await expect(market(page, added)).toContainText('No Referrals');
  await market(page, added).getByRole('button', { name: 'Add referral' }).click();
  await fillReferral(page, 'Add Referral', { Name: 'Di Evans', Phone: '(512) 555-0104' });

  await rowOf(page, mine, 'Ana Lopez').getByRole('button', { name: 'Edit Ana Lopez' }).click();
  await fillReferral(page, 'Edit Referral', { Phone: '214.555.0199' });
  await rowOf(page, mine, 'Bo Chen').getByRole('button', { name: 'Edit Bo Chen' }).click();
  await fillReferral(page, 'Edit Referral', { Website: 'https://bo.example.com' });
  await rowOf(page, mine, 'Cy Diaz').getByRole('button', { name: 'Delete Cy Diaz' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to delete this customer referral?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, mine, 'Ana Lopez')).toContainText('Changed, not sent');
  await expect(rowOf(page, mine, 'Cy Diaz')).toContainText('Deleted, not sent');
  await expect(rowOf(page, added, 'Di Evans')).toContainText('New, not sent');
  await expectNoAxeViolations(page, 'no-resign referrals, pending changes');

  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/referral/changes')) updates.push(request.method());
  });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  expect(updates).toEqual(['POST']);

  await page.reload();
  await expect(market(page, mine).getByRole('row')).toHaveText([
    /^Name\s*Phone\s*Website$/,
    /^Ana Lopez\s*\+1 \(214\) 555-0199\s*ana\.example\.com$/,
    /^Bo Chen\s*\+1 \(214\) 555-0102\s*https:\/\/bo\.example\.com$/,
  ]);
  await expect(market(page, added).getByRole('row')).toHaveText([
    /^Name\s*Phone\s*Website$/,
    /^Di Evans\s*\+1 \(512\) 555-0104\s*$/,
  ]);
});

test('an invalid phone is named at its row and nothing is saved', async ({ page, office }) => {
  const mine = uniqueName('Referral ');
  await noResignMarket(office, mine);
  await page.goto('/customer-referral-panel');
  await expect(rowOf(page, mine, 'Bo Chen')).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();

  // The form checks the phone as it is typed...
  await rowOf(page, mine, 'Ana Lopez').getByRole('button', { name: 'Edit Ana Lopez' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Referral' });
  const phone = dialog.getByRole('textbox', { name: 'Phone' });
  await phone.clear();
  await phone.pressSequentially('214-555-01');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByText('Phone number is not valid')).toBeVisible();
  await phone.pressSequentially('99');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await rowOf(page, mine, 'Bo Chen').getByRole('button', { name: 'Delete Bo Chen' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  // ...and the server checks every row again, whatever reaches it: a batch whose first row was altered on its way
  // is refused as a whole, the row named.
  await page.route('**/api/referral/changes', async (route) => {
    const body = route.request().postDataJSON() as { types: { phone?: string }[] };
    const [first] = body.types;
    if (first) first.phone = '555-01';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(market(page, mine).getByRole('alert')).toHaveText('Ana Lopez: Phone: Phone number is not valid');
  await expect(rowOf(page, mine, 'Bo Chen')).toContainText('Deleted, not sent');
  await expectNoAxeViolations(page, 'no-resign referrals, refused update');

  await page.unroute('**/api/referral/changes');
  await page.reload();
  await expect(market(page, mine).getByRole('row')).toHaveText([
    /^Name\s*Phone\s*Website$/,
    /^Ana Lopez\s*\+1 \(214\) 555-0101\s*ana\.example\.com$/,
    /^Bo Chen\s*\+1 \(214\) 555-0102\s*$/,
    /^Cy Diaz\s*\+1 \(214\) 555-0103\s*$/,
  ]);
});

test('the active customer referral page reads and edits each market’s partners', async ({ page, office }) => {
  const mine = uniqueName('Referral ');
  const response = await office.fetch('/api/referral/changes', {
    method: 'POST',
    headers: { 'idempotency-key': randomUUID() },
    data: {
      isResign: false,
      markets: [{ op: 'create', key: 'mine', name: mine }],
      types: [
        {
          op: 'create',
          market: 'mine',
          service: 'Pool cleaning',
          name: 'Blue Water',
          phone: '2145550181',
          comment: 'Ask for Mike',
          secondChoice: 'Clear Pool',
          secondPhone: '2145550182',
        },
      ],
    },
  });
  await expectOk(response);
  await page.goto('/referral-panel');
  await expect(rowOf(page, mine, 'Blue Water')).toHaveText(
    /^Pool cleaning\s*Blue Water\s*\+1 \(214\) 555-0181\s*Ask for Mike\s*Clear Pool\s*\+1 \(214\) 555-0182\s*$/,
  );
  await expectNoAxeViolations(page, 'active customer referrals, read');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(market(page, mine).getByRole('button', { name: 'Add referral' })).toBeVisible();
  await expectNoAxeViolations(page, 'active customer referrals, edit');
  await market(page, mine).getByRole('button', { name: 'Add referral' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Referral' })).toBeVisible();
  await expectNoAxeViolations(page, 'active customer referral dialog');
});
