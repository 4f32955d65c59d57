import { describe, expect, it } from 'vitest';
import { ExportError } from '../../exports/export-types';
import { badRequest } from '../../http/errors';
import { StorageUnavailableError } from '../../storage/file-storage';
import { failureReason, REPORT_FAILURE_MESSAGES } from './report-run';

const withCode = (code: string) => Object.assign(new Error(`${code}: some path`), { code });

describe('failureReason', () => {
  it.each([
    ['a format that refuses the data', new ExportError('Too many rows'), 'Too many rows'],
    [
      'a saved selection that is no longer valid',
      badRequest('Invalid', { sort: ['Unknown sort: shoeSize'] }),
      'The saved selection is no longer valid: Unknown sort: shoeSize',
    ],
    [
      'a store that cannot be reached',
      new StorageUnavailableError('put', 'reports/1/2-x.csv', new Error('ECONNREFUSED')),
      REPORT_FAILURE_MESSAGES.storeUnavailable,
    ],
    ['a full temporary disk', withCode('ENOSPC'), REPORT_FAILURE_MESSAGES.notWritten],
    ['a temporary folder it may not write', withCode('EACCES'), REPORT_FAILURE_MESSAGES.notWritten],
    ['anything else', new Error('select failed: relation "x" does not exist'), REPORT_FAILURE_MESSAGES.unexpected],
  ])('tells the owner about %s in plain words', (_case, error, reason) => {
    expect(failureReason(error)).toBe(reason);
  });
});
