import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../tokens/access-token';
import {
  cardNumberDetector,
  DEFAULT_DETECTORS,
  describeFindings,
  isRoutingNumber,
  jwtDetector,
  resetLinkDetector,
  routingNumberDetector,
  scanForSecrets,
} from './secret-scan';

describe('card numbers', () => {
  it.each([
    ['a plain run', 'card=4111111111111111&x=1', ['4111111111111111']],
    ['a JSON value', '{"card":"5555555555554444"}', ['5555555555554444']],
    ['groups split by spaces', 'Card: 4111 1111 1111 1111.', ['4111 1111 1111 1111']],
    ['groups split by dashes', '6011-1111-1111-1117', ['6011-1111-1111-1117']],
    ['Amex grouping', 'amex 3782 822463 10005', ['3782 822463 10005']],
    ['a 13-digit Visa', 'v 4732212345676', ['4732212345676']],
  ])('finds %s', (_name, text, expected) => {
    expect(cardNumberDetector.find(text)).toEqual(expected);
  });

  it.each([
    ['a Luhn-invalid run', '4111111111111112'],
    ['a millisecond timestamp that passes Luhn', '{"time":1732212345679}'],
    ['a decimal fraction', '{"responseTime":0.4111111111111111}'],
    ['a longer digit run', '41111111111111111111111'],
    ['a phone number', '210-555-0100'],
    ['a date and time', '2026-11-21 10:04:11.5551+00'],
    ['a digit run inside a hex hash', '9ab4111111111111111ff0'],
  ])('ignores %s', (_name, text) => {
    expect(cardNumberDetector.find(text)).toEqual([]);
  });
});

describe('routing numbers', () => {
  it.each([
    ['021000021', true],
    ['011000015', true],
    ['322271627', true],
    ['021000022', false],
    ['990000009', false],
    ['12345678', false],
  ])('%s is a routing number: %s', (digits, valid) => {
    expect(isRoutingNumber(digits)).toBe(valid);
  });

  it('finds a routing number in text but not inside longer numbers or fractions', () => {
    expect(routingNumberDetector.find('routing 021000021, account 12345')).toEqual(['021000021']);
    expect(routingNumberDetector.find('2021000021 0.021000021 x021000021123 a3f021000021bc')).toEqual([]);
  });
});

describe('tokens and links', () => {
  it('finds a signed access token', async () => {
    const token = await signAccessToken(
      { userId: 7, role: 'Admin', sessionId: '5f0c6a4e-3b1d-4c2a-9e8f-7a6b5c4d3e2f' },
      'x'.repeat(40),
      900,
    );
    expect(jwtDetector.find(`{"authorization":"Bearer ${token}"}`)).toEqual([token]);
  });

  it('finds a password-reset link with its token', () => {
    const text = 'Open http://localhost:3000/reset-password?token=Zm9vYmFyYmF6cXV4cXV1eA now';
    expect(resetLinkDetector.find(text)).toEqual(['reset-password?token=Zm9vYmFyYmF6cXV4cXV1eA']);
    expect(resetLinkDetector.find('http://localhost:3000/reset-password')).toEqual([]);
  });
});

describe('scanForSecrets', () => {
  const known = [
    { kind: 'password', value: 'p@ss word&1' },
    { kind: 'refresh token', value: 'rT0k3n-abc_def' },
  ];

  it('finds known secrets as written, URL-encoded and JSON-escaped, and says where without repeating them', () => {
    const findings = scanForSecrets(
      [
        { name: 'log:api', text: '{"url":"/x?pw=p%40ss%20word%261","msg":"request"}' },
        { name: 'database:public.sessions', text: '{"token":"rT0k3n-abc_def"}\n{"token":"rT0k3n-abc_def"}' },
        { name: 'database:public.notes', text: '{"note":"said \\"p@ss word&1\\""}' },
        { name: 'outbox:1.eml', text: 'nothing to see' },
      ],
      { known },
    );
    expect(findings.map(({ kind, source }) => ({ kind, source }))).toEqual([
      { kind: 'password', source: 'log:api' },
      { kind: 'refresh token', source: 'database:public.sessions' },
      { kind: 'password', source: 'database:public.notes' },
    ]);
    expect(findings[0]?.excerpt).toBe('{"url":"/x?pw=<password>","msg":"request"}');
    expect(describeFindings(findings)).not.toContain('rT0k3n-abc_def');
  });

  it('runs the detectors, and leaves out what the caller allows', () => {
    const sources = [
      { name: 'outbox:reset.eml', text: 'http://app/reset-password?token=abcdefghijklmnopqrstuvwxyz' },
      { name: 'database:pgboss.job', text: '{"text":"http://app/reset-password?token=abcdefghijklmnopqrstuvwxyz"}' },
      { name: 'log:api', text: 'card 4111111111111111' },
    ];
    const findings = scanForSecrets(sources, { isAllowed: (finding) => finding.source.startsWith('outbox:') });
    expect(findings.map(({ kind, source }) => ({ kind, source }))).toEqual([
      { kind: 'reset link', source: 'database:pgboss.job' },
      { kind: 'card number', source: 'log:api' },
    ]);
  });

  it('takes extra detectors', () => {
    const accountNumber = { kind: 'bank account', find: (text: string) => text.match(/ACCT-\d+/g) ?? [] };
    const findings = scanForSecrets([{ name: 'x', text: 'ACCT-991 card 4111111111111111' }], {
      detectors: [...DEFAULT_DETECTORS, accountNumber],
    });
    expect(findings.map(({ kind, value }) => ({ kind, value }))).toEqual([
      { kind: 'card number', value: '4111111111111111' },
      { kind: 'bank account', value: 'ACCT-991' },
    ]);
  });
});
