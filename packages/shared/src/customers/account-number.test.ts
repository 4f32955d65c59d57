import { describe, expect, it } from 'vitest';
import { isLuhnValid } from '../payments/card-rules';
import {
  accountNumberFromRandomDigits,
  isAccountNumberPlausible,
  luhnCheckDigit,
  olderAccountNumber,
} from './account-number';

describe('luhnCheckDigit', () => {
  it.each([
    ['7992739871', '3'],
    ['424242424242424', '2'],
    ['37828224631000', '5'],
    ['10000000000', '8'],
    ['99999999999', '1'],
    ['0', '0'],
  ])('%s takes %s', (digits, expected) => {
    expect(luhnCheckDigit(digits)).toBe(expected);
    expect(isLuhnValid(`${digits}${expected}`)).toBe(true);
  });

  it.each(['', '12a4', ' 123'])('refuses %j', (digits) => {
    expect(() => luhnCheckDigit(digits)).toThrow();
  });
});

describe('accountNumberFromRandomDigits', () => {
  it.each([
    ['10000000000', '100000000008'],
    ['48213377650', '482133776500'],
    ['99999999999', '999999999991'],
  ])('%s becomes %s', (randomDigits, expected) => {
    expect(accountNumberFromRandomDigits(randomDigits)).toBe(expected);
  });

  it.each([
    ['too short', '1234567890'],
    ['too long', '123456789012'],
    ['starting with 0', '01234567890'],
    ['not digits', '1234567890a'],
  ])('refuses a random part %s', (_case, randomDigits) => {
    expect(() => accountNumberFromRandomDigits(randomDigits)).toThrow();
  });
});

describe('isAccountNumberPlausible', () => {
  it.each([
    ['a new number', '482133776500', true],
    ['a new number with spaces around', ' 482133776500 ', true],
    ['a new number with a mistyped digit', '482133776510', false],
    ['a new number with two neighbours swapped', '428133776500', false],
    ['12 digits starting with 0', '082133776500', false],
    ['an older number (property id + 100000)', '100042', true],
    ['an older number of 10 digits', '2147583647', true],
    ['an imported number with letters', 'AUS-7001', true],
    ['13 digits', '4821337765001', true],
  ])('%s: %s', (_case, accountNumber, expected) => {
    expect(isAccountNumberPlausible(accountNumber)).toBe(expected);
  });
});

describe('olderAccountNumber', () => {
  it.each([
    [1, '100001'],
    [501, '100501'],
    [1_234_567, '1334567'],
  ])('property %i had %s, which isAccountNumberPlausible lets through to the look-up', (propertyId, expected) => {
    expect(olderAccountNumber(propertyId)).toBe(expected);
    expect(isAccountNumberPlausible(expected)).toBe(true);
  });
});
