import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord, upperTabPanel } from '../support/customers';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** A real 1x1 PNG image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('staff add a call note with an image and download it', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer();
  await openRecord(page, lastName);
  await expect(page.getByRole('tablist', { name: 'Customer record' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const tab = upperTabPanel(page);
  await tab.getByRole('button', { name: 'Add note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Call note' });
  const text = `Photo of the back gate ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Description' }).fill(text);

  const input = dialog.getByLabel('Files to attach', { exact: true });
  await input.setInputFiles([
    { name: 'gate.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
  ]);
  await expect(dialog.getByRole('alert')).toHaveText(
    'notes.png: only JPEG or PNG images and audio files can be attached.',
  );
  const chosen = dialog.getByRole('list', { name: 'Files to attach when saving' });
  await expect(chosen.getByText('gate.png')).toBeVisible();
  await expect(chosen.getByText(`${PNG.length} B`)).toBeVisible();
  await expectNoAxeViolations(page, 'note dialog with a file to attach');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your note has been created.')).toBeVisible();
  await tab.getByRole('button', { name: text }).click();
  const attachments = dialog.getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByText('gate.png')).toBeVisible();
  await expect(attachments.getByRole('img', { name: 'Preview of gate.png' })).toBeVisible();
  await expectNoAxeViolations(page, 'a note with an attached image');

  const downloading = page.waitForEvent('download');
  await attachments.getByRole('button', { name: 'Download gate.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('gate.png');
  expect((await readFile(await download.path())).equals(PNG)).toBe(true);
});
