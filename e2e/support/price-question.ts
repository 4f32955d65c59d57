import { expect, type Page, type Response } from '@playwright/test';

/**
 * Makes a change of the record's lot size or frequency and, when the server asks which base price to keep (the
 * agreed price is not the price table's for the new combination), takes the table's.
 */
export async function changeTakingTablePrice(page: Page, change: () => Promise<void>): Promise<void> {
  const first = recordSaved(page);
  await change();
  if ((await first).status() !== 409) return;
  // The answer is saved again with the price chosen: the change is stored once that save is.
  const second = recordSaved(page);
  await page
    .getByRole('dialog', { name: 'Which base price?' })
    .getByRole('button', { name: /^Take the table's/ })
    .click();
  expect((await second).ok()).toBe(true);
}

/** The next answer to a save of a record. */
function recordSaved(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && /\/api\/customers\/\d+$/.test(response.url()),
  );
}
