import { describe, expect, it } from 'vitest';
import { retryScheduleSchema, SETTINGS_MESSAGES } from './settings.schema';

describe('the retry schedule typed on the admin panel', () => {
  it.each([
    ['3,5,7', [3, 5, 7]],
    [' 2, 4 ,10 ', [2, 4, 10]],
    ['60', [60]],
  ])('reads %j as %j', (text, days) => {
    expect(retryScheduleSchema.parse(text)).toEqual(days);
  });

  it.each([
    ['', SETTINGS_MESSAGES.retryScheduleInvalid],
    ['3,,5', SETTINGS_MESSAGES.retryScheduleInvalid],
    ['3;5', SETTINGS_MESSAGES.retryScheduleInvalid],
    ['-3', SETTINGS_MESSAGES.retryScheduleInvalid],
    ['3,0', SETTINGS_MESSAGES.retryScheduleRange],
    ['61', SETTINGS_MESSAGES.retryScheduleRange],
    ['1,1,1,1,1,1,1,1,1,1,1', SETTINGS_MESSAGES.retryScheduleRange],
  ])('refuses %j with its message', (text, message) => {
    expect(retryScheduleSchema.safeParse(text).error?.issues[0]?.message).toBe(message);
  });
});
