import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, extractError, readFieldErrors, rewriteMessage } from './error-message';

describe('extractError', () => {
  const long = 'x'.repeat(101);
  it.each([
    ['plain string body', { status: 404, body: 'Customer not found' }, { status: 404, message: 'Customer not found' }],
    [
      'body.message',
      { status: 422, body: { message: 'Zip code is not valid' } },
      { status: 422, message: 'Zip code is not valid' },
    ],
    [
      'body.message before body.msg',
      { status: 400, body: { message: 'first', msg: 'second' } },
      { status: 400, message: 'first' },
    ],
    [
      'body.msg when no message',
      { status: 409, body: { msg: 'Already exists' } },
      { status: 409, message: 'Already exists' },
    ],
    ["the error's own message", new Error('Failed to fetch'), { status: 500, message: 'Failed to fetch' }],
    ['a bare string', 'Something broke', { status: 500, message: 'Something broke' }],
    ['nothing usable', {}, { status: 500, message: 'Unknown error' }],
    ['null', null, { status: 500, message: 'Unknown error' }],
    [
      'empty body falls through to own message',
      { status: 502, body: '', message: 'Bad gateway' },
      { status: 502, message: 'Bad gateway' },
    ],
    [
      'ApiError from the client',
      new ApiError(401, { message: 'unauthorized' }),
      { status: 401, message: 'Your session has expired' },
    ],
    [
      "'Error:' prefix",
      { status: 500, body: { message: 'Error: chart 12 missing' } },
      { status: 500, message: 'Chart not found' },
    ],
    ['longer than 100 characters', { status: 500, body: long }, { status: 500, message: 'Server Error' }],
    [
      'exactly 100 characters is kept',
      { status: 500, body: 'y'.repeat(100) },
      { status: 500, message: 'y'.repeat(100) },
    ],
  ])('%s', (_name, input, expected) => {
    expect(extractError(input)).toEqual(expected);
  });
});

describe('rewriteMessage', () => {
  it.each([
    ['unauthorized', 'Your session has expired'],
    ['Unauthorized', 'Your session has expired'],
    ['Error: boom', 'Chart not found'],
    ['These credentials do not match our records.', 'These credentials do not match our records.'],
  ])('%s -> %s', (input, expected) => {
    expect(rewriteMessage(input)).toBe(expected);
  });

  it('returns the message through errorMessage', () => {
    expect(errorMessage({ body: { message: 'Too Tall' } })).toBe('Too Tall');
  });
});

describe('readFieldErrors', () => {
  it.each([
    [
      'first message per field',
      { body: { errors: { email: ['Invalid email', 'other'], password: ['Minimum 8 characters'] } } },
      { email: 'Invalid email', password: 'Minimum 8 characters' },
    ],
    ['no errors object', { body: { message: 'x' } }, {}],
    ['not an object', 'oops', {}],
    ['empty lists are skipped', { body: { errors: { email: [] } } }, {}],
  ])('%s', (_name, input, expected) => {
    expect(readFieldErrors(input)).toEqual(expected);
  });
});
