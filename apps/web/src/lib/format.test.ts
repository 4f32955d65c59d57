import { describe, expect, it } from 'vitest';
import { formatDate, formatIsoDate, formatPlainDate } from './dates';
import { formatMoney, formatPercent, formatPhone, plural } from './format';

describe('formatting', () => {
  it('shows money in dollars with cents', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('');
  });

  it('shows a tax rate as a percentage', () => {
    expect(formatPercent(8.25)).toBe('8.25%');
    expect(formatPercent(8)).toBe('8%');
  });

  it("masks a US phone number as '+1 (###) ###-####'", () => {
    expect(formatPhone('5125550100')).toBe('+1 (512) 555-0100');
    expect(formatPhone('+1 512-555-0100')).toBe('+1 (512) 555-0100');
    expect(formatPhone('555')).toBe('555');
    expect(formatPhone(null)).toBe('');
  });

  it('pluralises counts', () => {
    expect(plural(1, 'record')).toBe('1 record');
    expect(plural(5000, 'record')).toBe('5,000 records');
  });

  it('shows instants as the date in Chicago and plain dates unshifted', () => {
    // 03:00 UTC on Nov 22 is still Nov 21 in Chicago.
    expect(formatDate(new Date('2026-11-22T03:00:00Z'))).toBe('11/21/2026');
    expect(formatIsoDate('2026-11-22T03:00:00Z')).toBe('11/21/2026');
    expect(formatIsoDate('garbage')).toBe('');
    expect(formatPlainDate('2026-03-02')).toBe('03/02/2026');
    expect(formatPlainDate(null)).toBe('');
  });
});
