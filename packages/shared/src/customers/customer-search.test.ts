import { describe, expect, it } from 'vitest';
import { customerSearchTerm, isSearchableText, tidySearchText } from './customer-search';

describe('customerSearchTerm', () => {
  it.each([
    ['smith', { kind: 'text', text: 'smith' }],
    ['  Ann   Zed ', { kind: 'text', text: 'Ann Zed' }],
    ['12 Oak', { kind: 'text', text: '12 Oak' }],
    ['ann.zed@EXAMPLE', { kind: 'email', text: 'ann.zed@EXAMPLE' }],
    ['@example', { kind: 'email', text: '@example' }],
    ['100234', { kind: 'number', digits: '100234', phoneDigits: '100234' }],
    ['(214) 555-0101', { kind: 'number', digits: '2145550101', phoneDigits: '2145550101' }],
    ['1 214 555 0101', { kind: 'number', digits: '12145550101', phoneDigits: '2145550101' }],
    ['+1 214', { kind: 'number', digits: '1214', phoneDigits: '214' }],
    ['214.555', { kind: 'number', digits: '214555', phoneDigits: '214555' }],
  ])('reads %j', (text, term) => {
    expect(customerSearchTerm(text)).toEqual(term);
  });

  it.each(['', '  ', 'ab', ' a b', '12', '(21)', '+1 2', 'x'.repeat(101)])('does not search %j', (text) => {
    expect(customerSearchTerm(text)).toBeNull();
    expect(isSearchableText(text)).toBe(false);
  });

  it('tidies spaces', () => {
    expect(tidySearchText('  John \t  Smith ')).toBe('John Smith');
  });
});
