import { describe, expect, it } from 'vitest';
import { exampleFor, freeTextPaths, isFreeText, markedJson, PROBE_USER, queryCandidates } from './examples.mjs';

const year = new Date().getFullYear();

describe('exampleFor', () => {
  it('gives required properties and optional free text, leaving optional enums, numbers and booleans out', () => {
    const schema = {
      type: 'object',
      required: ['status', 'week'],
      properties: {
        status: { type: 'string', enum: ['skip', 'write'] },
        week: { type: 'integer', minimum: 1, maximum: 53 },
        message: { type: 'string', maxLength: 200 },
        isCellphone: { type: 'boolean' },
        mailPreferences: { type: 'number', enum: [1, 2] },
      },
    };
    expect(exampleFor(schema)).toEqual({ status: 'skip', week: 1, message: 'scan probe' });
  });

  it('picks values by format and name, and fits text to its length bounds', () => {
    expect(exampleFor({ type: 'string', format: 'email' })).toBe(PROBE_USER.email);
    expect(exampleFor({ type: 'string' }, 'serviceDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(exampleFor({ type: 'string', minLength: 8 }, 'password')).toBe('not-the-password');
    expect(exampleFor({ type: 'string', maxLength: 5 }, 'nameDoc')).toBe('scan ');
    expect(exampleFor({ type: 'string', minLength: 12 }, 'nameDoc')).toBe('scan probexx');
  });

  it('meets a text pattern: times by name, then the first plain value that fits', () => {
    const hour = { type: 'string', maxLength: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' };
    expect(exampleFor(hour, 'serviceHour')).toBe('10:00');
    expect(exampleFor({ type: 'string', pattern: '^[A-Za-z0-9-]{1,20}$' }, 'accountNumber')).toBe('scan-probe');
    expect(exampleFor({ type: 'string', pattern: '^\\d{5}$' }, 'code')).toBe('78701');
    expect(exampleFor({ type: 'string', pattern: '^[a-z]$' }, 'letter')).toBe('scan probe');
  });

  it('gives the current year to year-like numbers, within their bounds', () => {
    expect(exampleFor({ type: 'integer', minimum: 2020, maximum: 2040 }, 'year')).toBe(Math.min(year, 2040));
    expect(exampleFor({ type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 }, 'id')).toBe(1);
  });

  it('takes the real option of a union, not null or the empty string', () => {
    const schema = {
      anyOf: [
        {
          anyOf: [
            { type: 'string', enum: [''] },
            { type: 'string', format: 'email' },
          ],
        },
        { type: 'null' },
      ],
    };
    expect(exampleFor(schema, 'email')).toBe(PROBE_USER.email);
    expect(isFreeText(schema)).toBe(true);
  });

  it('gives a list one item when it must have one or holds free text, and an empty list otherwise', () => {
    const week = { type: 'object', required: ['week'], properties: { week: { type: 'integer', minimum: 1 } } };
    expect(exampleFor({ type: 'array', items: week })).toEqual([]);
    expect(exampleFor({ type: 'array', minItems: 1, items: { type: 'integer', minimum: 1 } })).toEqual([1]);
    expect(exampleFor({ type: 'array', items: { type: 'string', format: 'email' } })).toEqual([PROBE_USER.email]);
  });
});

describe('queryCandidates', () => {
  it('tries the value of the filtered field in a real row first, then plain values', () => {
    const row = { id: 7, city: 'Austin', isCardExpired: false };
    expect(queryCandidates('filter[city]', { type: 'string' }, row, [])).toEqual(['Austin', 'scan probe', '1', 'a']);
    expect(queryCandidates('filter[isCardExpired]', { type: 'string' }, row, [])[0]).toBe('false');
  });

  it('offers sort directions and the includes a single object has', () => {
    expect(queryCandidates('sort', { type: 'string' }, undefined, []).slice(0, 2)).toEqual(['-id', 'id']);
    expect(queryCandidates('include', { type: 'string' }, undefined, ['userEdit'])[0]).toBe('userEdit');
  });
});

describe('markedJson and freeTextPaths', () => {
  const schema = {
    type: 'object',
    properties: {
      firstName: { type: 'string' },
      type: { type: 'string', enum: ['skip'] },
      emails: { type: 'array', items: { type: 'string', format: 'email' } },
      week: { type: 'integer' },
    },
  };
  const body = { firstName: 'Lucia*', type: 'skip', emails: ['a@example.com'], week: 3 };

  it('finds the free-text values, inside lists too', () => {
    expect(freeTextPaths(schema, body)).toEqual([['firstName'], ['emails', 0]]);
  });

  it('puts an injection marker after each of them and removes stray markers from values', () => {
    expect(markedJson(body, freeTextPaths(schema, body))).toBe(
      '{"firstName":"Lucia*","type":"skip","emails":["a@example.com*"],"week":3}',
    );
    expect(markedJson(body, [])).toBe('{"firstName":"Lucia","type":"skip","emails":["a@example.com"],"week":3}');
  });
});
