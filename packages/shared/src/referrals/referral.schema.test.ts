import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activeReferralTypeSchema,
  isUsPhone,
  isWebsite,
  noResignReferralTypeSchema,
  REFERRAL_MESSAGES,
  referralChangesSchema,
  referralMarketNameSchema,
} from './referral.schema';

/** The first message for each refused field, as a form or the API shows it. */
function messagesOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

describe('referral market name', () => {
  it.each([
    ['a name', { name: 'Dallas' }, {}],
    ['empty', { name: '' }, { name: REFERRAL_MESSAGES.nameRequired }],
    ['blank', { name: '   ' }, { name: REFERRAL_MESSAGES.nameRequired }],
    ['missing', {}, { name: REFERRAL_MESSAGES.nameRequired }],
    ['50 characters', { name: 'x'.repeat(50) }, {}],
    ['51 characters', { name: 'x'.repeat(51) }, { name: REFERRAL_MESSAGES.nameMax }],
    ['a NUL', { name: 'a\u0000b' }, { name: 'Text cannot contain a NUL character' }],
  ])('%s', (_case, value, expected) => {
    expect(messagesOf(referralMarketNameSchema, value)).toEqual(expected);
  });
});

describe('active-customer referral', () => {
  it.each([
    ['a name only', { name: 'Pool Pros' }, {}],
    ['no name', { service: 'Pools' }, { name: REFERRAL_MESSAGES.nameRequired }],
    ['a long name', { name: 'x'.repeat(51) }, { name: REFERRAL_MESSAGES.nameMax }],
    ['a long service', { name: 'A', service: 'x'.repeat(51) }, { service: REFERRAL_MESSAGES.nameMax }],
    ['a masked phone', { name: 'A', phone: '+1 (214) 555-0101' }, {}],
    ['a short phone', { name: 'A', phone: '214555010' }, { phone: REFERRAL_MESSAGES.phoneInvalid }],
    [
      'letters in the second phone',
      { name: 'A', secondPhone: '214-555-O101' },
      {
        secondPhone: REFERRAL_MESSAGES.phoneInvalid,
      },
    ],
    ['a long comment', { name: 'A', comment: 'x'.repeat(256) }, { comment: 'Max. 255 characters' }],
    ['a website (the other page)', { name: 'A', website: 'a.com' }, { '': 'Unrecognized key: "website"' }],
  ])('%s', (_case, value, expected) => {
    expect(messagesOf(activeReferralTypeSchema, value)).toEqual(expected);
  });

  it('keeps phones as their 10 digits and fills what was left out', () => {
    expect(activeReferralTypeSchema.parse({ name: ' Pool Pros ', phone: '(214) 555-0101' })).toEqual({
      service: '',
      name: 'Pool Pros',
      phone: '2145550101',
      comment: '',
      secondChoice: '',
      secondPhone: '',
      secondComment: '',
    });
  });
});

describe('no-resign referral', () => {
  it.each([
    ['name and phone', { name: 'Ana', phone: '2145550101' }, {}],
    ['no phone', { name: 'Ana' }, { phone: REFERRAL_MESSAGES.phoneRequired }],
    ['an empty phone', { name: 'Ana', phone: '' }, { phone: REFERRAL_MESSAGES.phoneRequired }],
    ['a bad phone', { name: 'Ana', phone: '555-0101' }, { phone: REFERRAL_MESSAGES.phoneInvalid }],
    ['no name', { phone: '2145550101' }, { name: REFERRAL_MESSAGES.nameRequired }],
    ['a website', { name: 'Ana', phone: '2145550101', website: 'https://ana.example.com/x' }, {}],
    [
      'a bad website',
      { name: 'Ana', phone: '2145550101', website: 'not a site' },
      {
        website: REFERRAL_MESSAGES.websiteInvalid,
      },
    ],
  ])('%s', (_case, value, expected) => {
    expect(messagesOf(noResignReferralTypeSchema, value)).toEqual(expected);
  });
});

describe('isUsPhone', () => {
  it.each([
    ['2145550101', true],
    ['(214) 555-0101', true],
    ['+1 214 555 0101', true],
    ['214.555.0101', true],
    ['1-214-555-0101', true],
    ['214555010', false],
    ['21455501011', false],
    ['214-555-O101', false],
    ['', false],
  ])('%s: %s', (text, expected) => {
    expect(isUsPhone(text)).toBe(expected);
  });
});

describe('isWebsite', () => {
  it.each([
    ['https://example.com', true],
    ['http://www.example.com/path?x=1', true],
    ['example.com', true],
    ['www.lawn-care.co.uk', true],
    ['ftp://example.com', false],
    ['example', false],
    ['https://', false],
    ['exa mple.com', false],
  ])('%s: %s', (text, expected) => {
    expect(isWebsite(text)).toBe(expected);
  });
});

describe('referral changes', () => {
  it('names the refused row by its place in the list', () => {
    const changes = {
      isResign: true,
      markets: [{ op: 'create', key: 'new-1', name: 'Austin' }],
      types: [
        { op: 'create', market: 'new-1', name: 'Ana', phone: '2145550101' },
        { op: 'delete', id: 4, version: 1 },
        { op: 'update', id: 5, version: 2, name: 'Bo', phone: '12' },
      ],
    };
    expect(messagesOf(referralChangesSchema, changes)).toEqual({ 'types.2.phone': REFERRAL_MESSAGES.phoneInvalid });
  });

  it("checks a referral by its page's rules", () => {
    const active = { isResign: false, types: [{ op: 'create', market: 3, name: 'Pool Pros' }] };
    expect(messagesOf(referralChangesSchema, active)).toEqual({});
    expect(messagesOf(referralChangesSchema, { ...active, isResign: true })).toEqual({
      'types.0.phone': REFERRAL_MESSAGES.phoneRequired,
    });
  });

  it('refuses a change without the version it started from', () => {
    const changes = { isResign: false, markets: [{ op: 'update', id: 3, name: 'Dallas' }] };
    expect(messagesOf(referralChangesSchema, changes)).toEqual({ 'markets.0.version': 'Send the version you edited' });
  });
});
