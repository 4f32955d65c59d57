import type { Page } from '@playwright/test';

/**
 * Makes a change of the record's lot size or frequency and, when the server asks which base price to keep (the
 * agreed price is not the price table's for the new combination), takes the table's.
 */
export async function changeTakingTablePrice(page: Page, change: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && /\/api\/customers\/\d+$/.test(response.url()),
  );
  await change();
  if ((await answered).status() !== 409) return;
  await page
    .getByRole('dialog', { name: 'Which base price?' })
    .getByRole('button', { name: /^Take the table's/ })
    .click();
}
