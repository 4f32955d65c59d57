import { describe, expect, it } from 'vitest';
import { isValidRedoDate, isValidWriteInDate, writeInWindow } from './write-in';

// Mow year 2026 week 2 is Monday 2026-03-02 .. Sunday 2026-03-08; the window runs to Sunday 2026-03-15.
describe('writeInWindow', () => {
  it('runs from the week start to the week end plus 7 days', () => {
    expect(writeInWindow(2026, 2)).toEqual({ from: '2026-03-02', to: '2026-03-15' });
    expect(writeInWindow(2026, 52)).toEqual({ from: '2027-02-15', to: '2027-02-28' });
  });

  it('rejects weeks outside the year', () => {
    expect(() => writeInWindow(2026, 0)).toThrow(RangeError);
    expect(() => writeInWindow(2026, 54)).toThrow(RangeError);
  });
});

describe('isValidWriteInDate', () => {
  it.each([
    ['2026-03-02', true], // the week's Monday
    ['2026-03-06', true],
    ['2026-03-13', true], // last weekday of the extra 7 days
    ['2026-03-07', false], // Saturday
    ['2026-03-15', false], // the window's last day, but a Sunday
    ['2026-03-16', false], // after the window
    ['2026-02-27', false], // before the week
    ['2026-03-03', true],
  ])('%s: %s', (date, expected) => {
    expect(isValidWriteInDate(date, 2026, 2)).toBe(expected);
  });

  it('does not rule out holidays (the spec only rules out weekends)', () => {
    expect(isValidWriteInDate('2026-07-03', 2026, 19)).toBe(true);
  });

  it('answers false for a week that does not exist', () => {
    expect(isValidWriteInDate('2026-03-02', 2026, 0)).toBe(false);
    expect(isValidWriteInDate('2027-02-22', 2026, 53)).toBe(false);
    expect(isValidWriteInDate('2026-03-02', 2026, 54)).toBe(false);
  });
});

describe('isValidRedoDate', () => {
  it.each([
    ['2026-03-09', '2026-03-10', false], // in the past
    ['2026-03-10', '2026-03-10', true], // today is allowed
    ['2026-03-13', '2026-03-10', true],
    ['2026-03-14', '2026-03-10', false], // weekend
    ['2026-03-16', '2026-03-10', false], // after the window
    ['2026-03-02', '2026-02-25', true], // booked ahead
  ])('%s with today %s: %s', (date, today, expected) => {
    expect(isValidRedoDate(date, 2026, 2, today)).toBe(expected);
  });
});
