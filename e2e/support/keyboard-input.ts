import type { Locator } from '@playwright/test';

/**
 * Types a date into an `<input type="date">` as a keyboard user of an en-US browser does: the month, day and year
 * digits, the field moving to its next part by itself. `fill()` would set the value without a key being pressed.
 */
export async function typeDate(input: Locator, isoDate: string): Promise<void> {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  // Focus (not a click, which lands on whichever part is under the pointer) starts at the month.
  await input.focus();
  await input.pressSequentially(`${month}${day}${year}`);
}

/** Types `HH:MM` (24-hour) into an `<input type="time">` the same way: hour and minute digits, then A or P. */
export async function typeTime(input: Locator, time: string): Promise<void> {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = String(hours % 12 || 12).padStart(2, '0');
  await input.focus();
  await input.pressSequentially(`${hour12}${String(minutes).padStart(2, '0')}${hours < 12 ? 'A' : 'P'}`);
}
