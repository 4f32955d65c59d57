import { describe, expect, it } from 'vitest';
import { checkCrewPaymentRow, CREW_PAYMENT_MESSAGES, isCrewPaymentFileName, paymentDate } from './crew-payment.schema';

const row = (overrides: Partial<Record<'crewNumber' | 'date' | 'amount' | 'note', string>> = {}) => ({
  crewNumber: '101',
  date: '11/27/2026',
  amount: '125.50',
  note: 'Week 48',
  ...overrides,
});

describe('checkCrewPaymentRow', () => {
  it.each([
    [row(), { crewNumber: 101, paidOn: '2026-11-27', amount: 125.5, note: 'Week 48' }],
    [
      row({ amount: '$1,200', date: '2026-01-05', note: '' }),
      { crewNumber: 101, paidOn: '2026-01-05', amount: 1200, note: '' },
    ],
  ])('accepts %o', (cells, expected) => {
    expect(checkCrewPaymentRow(cells, 2)).toEqual({ row: expected });
  });

  it.each([
    [row({ crewNumber: '0' }), [CREW_PAYMENT_MESSAGES.badCrew(2)]],
    [row({ crewNumber: '100000' }), [CREW_PAYMENT_MESSAGES.badCrew(2)]],
    [row({ crewNumber: '1.5' }), [CREW_PAYMENT_MESSAGES.badCrew(2)]],
    [row({ date: '02/29/2027' }), [CREW_PAYMENT_MESSAGES.badDate(2)]],
    [row({ date: '01/01/2051' }), [CREW_PAYMENT_MESSAGES.badDate(2)]],
    [row({ amount: '0' }), [CREW_PAYMENT_MESSAGES.badAmount(2)]],
    [row({ amount: '-3' }), [CREW_PAYMENT_MESSAGES.badAmount(2)]],
    [row({ amount: '1.234' }), [CREW_PAYMENT_MESSAGES.badAmount(2)]],
    [row({ amount: '100000000' }), [CREW_PAYMENT_MESSAGES.badAmount(2)]],
    [row({ note: 'a\u0000b' }), [CREW_PAYMENT_MESSAGES.badNote(2)]],
    [row({ note: 'x'.repeat(256) }), [CREW_PAYMENT_MESSAGES.badNote(2)]],
    [row({ date: '', amount: '' }), [CREW_PAYMENT_MESSAGES.badDate(2), CREW_PAYMENT_MESSAGES.badAmount(2)]],
  ])('refuses %o', (cells, problems) => {
    expect(checkCrewPaymentRow(cells, 2)).toEqual({ problems });
  });
});

describe('paymentDate and isCrewPaymentFileName', () => {
  it('reads US and ISO dates, real days only', () => {
    expect(paymentDate('1/5/2026')).toBe('2026-01-05');
    expect(paymentDate('2024-02-29')).toBe('2024-02-29');
    expect(paymentDate('2026-13-01')).toBeNull();
    expect(paymentDate('yesterday')).toBeNull();
  });

  it('takes .csv and .xlsx in any letter case', () => {
    expect(['a.csv', 'B.XLSX', 'c.xls', 'd.csv.exe'].map(isCrewPaymentFileName)).toEqual([true, true, false, false]);
  });
});
