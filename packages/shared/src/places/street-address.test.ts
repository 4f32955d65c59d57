import { describe, expect, it } from 'vitest';
import { addressKey, HOUSE_NUMBER_PATTERN, parseStreetAddress } from './street-address';

describe('parseStreetAddress', () => {
  it.each([
    ['1204 Oak Lawn Ave', { houseNumber: '1204', street: 'Oak Lawn Ave' }],
    ['  1204   Oak  Lawn Ave ', { houseNumber: '1204', street: 'Oak Lawn Ave' }],
    ['1204b Oak Lawn Ave', { houseNumber: '1204B', street: 'Oak Lawn Ave' }],
    ['1204 ', { houseNumber: '1204', street: '' }],
    ['1204', { houseNumber: '1204', street: '' }],
    ['12', { houseNumber: '12', street: '' }],
    ['Oak Lawn', { houseNumber: null, street: 'Oak Lawn' }],
    ['1204Oak Lawn', { houseNumber: null, street: '1204Oak Lawn' }],
    ['12 34th Street', { houseNumber: '12', street: '34th Street' }],
    ['', { houseNumber: null, street: '' }],
  ])('%j', (text, expected) => {
    expect(parseStreetAddress(text)).toEqual(expected);
  });

  it('uses the pattern the database indexes the street part with', () => {
    expect(new RegExp(HOUSE_NUMBER_PATTERN).exec('4821 Maple Avenue')?.[0]).toBe('4821 ');
  });
});

describe('addressKey', () => {
  it.each([
    ['1204 North Oak Lawn Avenue', '1204 n oak lawn ave'],
    ['1204 n. oak lawn ave', '1204 n oak lawn ave'],
    ['  1204   N Oak Lawn   Ave  ', '1204 n oak lawn ave'],
    ['4821 Maple Street, Apt #3', '4821 maple st apt 3'],
    ['10 Kihn Flat', '10 kihn flat'],
    ['7 Avenue Road', '7 ave rd'],
    ['', ''],
  ])('%j -> %j', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
