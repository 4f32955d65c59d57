import { describe, expect, it } from 'vitest';
import { paymentTypeLabel, poBoxProblems } from './billing-info';

const box = { billingPoBox: '123', billingPoBoxCity: 'Dallas', billingPoBoxState: 'TX', billingPoBoxZipcode: '75201' };

describe('poBoxProblems', () => {
  it.each([
    ['a whole PO box', box, {}],
    ['no PO box at all', { ...box, billingPoBox: null, billingPoBoxCity: null }, {}],
    [
      'a blank PO box',
      { billingPoBox: '  ', billingPoBoxCity: null, billingPoBoxState: null, billingPoBoxZipcode: null },
      {},
    ],
    ['a box without its city', { ...box, billingPoBoxCity: '' }, { billingPoBoxCity: 'Field is required' }],
    [
      'a box alone',
      { ...box, billingPoBoxCity: null, billingPoBoxState: ' ', billingPoBoxZipcode: null },
      {
        billingPoBoxCity: 'Field is required',
        billingPoBoxState: 'Field is required',
        billingPoBoxZipcode: 'Field is required',
      },
    ],
  ])('%s', (_name, values, expected) => {
    expect(poBoxProblems(values)).toEqual(expected);
  });
});

describe('paymentTypeLabel', () => {
  it.each([
    [1, 'Credit/Debit Card'],
    [2, 'E-Check'],
    [null, 'E-Check'],
  ])('%s is %s', (paymentType, label) => {
    expect(paymentTypeLabel(paymentType)).toBe(label);
  });
});
