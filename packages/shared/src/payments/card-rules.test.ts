import { describe, expect, it } from 'vitest';
import {
  cardExpiryDate,
  cardExpiryParts,
  cardExpiryYears,
  cardNumberProblem,
  cardTypeFromNumber,
  isBankAccountNumberValid,
  isCardExpired,
  isCardExpiryValid,
  isLuhnValid,
  isRoutingNumberValid,
  lastFour,
  numberDigits,
} from './card-rules';

describe('cardTypeFromNumber', () => {
  it.each([
    ['4242424242424242', 4],
    ['5555555555554444', 5],
    ['2223003122003222', 5],
    ['378282246310005', 3],
    ['6011111111111117', 6],
    ['6500000000000002', 6],
    ['4', 4],
    ['3', 3],
    ['1234567890123456', null],
    ['7000000000000000', null],
    ['9', null],
    ['', null],
    [' 4242', 4],
  ] as const)('%s is type %s', (number, expected) => {
    expect(cardTypeFromNumber(number)).toBe(expected);
  });
});

describe('isLuhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['4222222222222', true],
    ['378282246310005', true],
    ['378282246310006', false],
    ['0', true],
    ['', false],
    ['42424242x4242424', false],
  ] as const)('%s: %s', (digits, expected) => {
    expect(isLuhnValid(digits)).toBe(expected);
  });
});

describe('cardNumberProblem', () => {
  it.each<[string, string, number | undefined, string | undefined]>([
    ['Visa, 13 digits', '4222222222222', undefined, undefined],
    ['Visa, 14 digits', '40000000000002', undefined, undefined],
    ['Visa, 15 digits', '400000000000006', undefined, undefined],
    ['Visa, 16 digits', '4242424242424242', 4, undefined],
    ['Visa, 17 digits', '40000000000000006', undefined, 'invalid'],
    ['Visa, 12 digits', '422222222222', undefined, 'invalid'],
    ['Mastercard starting 5', '5555555555554444', 5, undefined],
    ['Mastercard starting 2', '2223003122003222', 5, undefined],
    ['Mastercard, 15 digits', '555555555555442', undefined, 'invalid'],
    ['American Express, 15 digits', '378282246310005', 3, undefined],
    ['American Express, 16 digits', '3782822463100003', undefined, 'invalid'],
    ['Discover starting 6011', '6011111111111117', 6, undefined],
    ['Discover starting 65', '6500000000000002', 6, undefined],
    ['6 but not Discover (62)', '6200000000000005', undefined, 'invalid'],
    ['Discover, 15 digits', '601111111111111', undefined, 'invalid'],
    ['failing Luhn', '4242424242424241', undefined, 'invalid'],
    ['unknown first digit', '7000000000000000', undefined, 'invalid'],
    ['letters', '4242abcd42424242', undefined, 'invalid'],
    ['empty', '', undefined, 'invalid'],
    ['grouped with spaces', '4242 4242 4242 4242', 4, undefined],
    ['grouped with dashes', '3782-822463-10005', 3, undefined],
    ['Visa number, Mastercard chosen', '4242424242424242', 5, 'typeMismatch'],
    ['Amex number, Visa chosen', '378282246310005', 4, 'typeMismatch'],
    ['2-series Mastercard, Mastercard chosen', '2223003122003222', 5, undefined],
  ])('%s', (_rule, number, cardType, expected) => {
    expect(cardNumberProblem(number, cardType)).toBe(expected);
  });
});

describe('isRoutingNumberValid', () => {
  it.each([
    ['110000000', true],
    ['011000015', true],
    ['021000021', true],
    ['111000025', true],
    ['011000016', false],
    ['123456789', false],
    // The checksum passes, but 99 is no Federal Reserve routing symbol.
    ['990000000', false],
    ['11000000', false],
    ['1100000000', false],
    ['11000000a', false],
    ['', false],
  ] as const)('%s: %s', (routing, expected) => {
    expect(isRoutingNumberValid(routing)).toBe(expected);
  });
});

describe('isBankAccountNumberValid', () => {
  it.each([
    ['000123456789', true],
    ['123456', true],
    ['12345', false],
    ['12345678901234567', true],
    ['123456789012345678', false],
    ['1234 5678', true],
    ['12345a', false],
  ] as const)('%s: %s', (account, expected) => {
    expect(isBankAccountNumberValid(account)).toBe(expected);
  });
});

describe('card expiry', () => {
  it('offers the current year and the nine after it on the payment pages, six years on the sign-up', () => {
    expect(cardExpiryYears('2026-11-22')).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035]);
    expect(cardExpiryYears('2026-01-01', 6)).toEqual([2026, 2027, 2028, 2029, 2030, 2031]);
  });

  it.each([
    [12, 2026, '2026-12-31'],
    [2, 2028, '2028-02-29'],
    [2, 2027, '2027-02-28'],
    [1, 2030, '2030-01-31'],
  ] as const)('a card expiring %s/%s works through %s', (month, year, expected) => {
    expect(cardExpiryDate(month, year)).toBe(expected);
    expect(cardExpiryParts(expected)).toEqual({ month, year });
  });

  it.each<[string, number, number, string, boolean]>([
    ['this month', 11, 2026, '2026-11-22', true],
    ['last month', 10, 2026, '2026-11-22', false],
    ['later this year', 12, 2026, '2026-11-22', true],
    ['an earlier month of next year', 1, 2027, '2026-11-22', true],
    ['last year', 12, 2025, '2026-11-22', false],
    ['the last year offered', 12, 2035, '2026-11-22', true],
    ['beyond the years offered', 1, 2036, '2026-11-22', false],
    ['month 0', 0, 2027, '2026-11-22', false],
    ['month 13', 13, 2027, '2026-11-22', false],
  ])('%s', (_rule, month, year, today, expected) => {
    expect(isCardExpiryValid(month, year, today)).toBe(expected);
  });

  it('counts a card as expired from the day after its expiry month', () => {
    expect(isCardExpired('2026-10-31', '2026-10-31')).toBe(false);
    expect(isCardExpired('2026-10-31', '2026-11-01')).toBe(true);
  });
});

describe('numbers as typed', () => {
  it('keeps digits and drops the mask', () => {
    expect(numberDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(lastFour('4242 4242 4242 1234')).toBe('1234');
  });
});
