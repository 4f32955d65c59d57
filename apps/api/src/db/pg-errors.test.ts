import { describe, expect, it } from 'vitest';
import { isServerShutdown, isUniqueViolation } from './pg-errors';

const violation = { code: '23505', constraint: 'customers_email_lower_unique' };

describe('isUniqueViolation', () => {
  it('recognises the driver error itself and one wrapped in causes (as Drizzle throws it)', () => {
    expect(isUniqueViolation(violation, 'customers_email_lower_unique')).toBe(true);
    const wrapped = new Error('Failed query', { cause: new Error('outer', { cause: violation }) });
    expect(isUniqueViolation(wrapped, 'customers_email_lower_unique')).toBe(true);
  });

  it('is false for another constraint, another code or something that is not an error object', () => {
    expect(isUniqueViolation(violation, 'schedule_runs_one_active')).toBe(false);
    expect(isUniqueViolation({ ...violation, code: '23503' }, 'customers_email_lower_unique')).toBe(false);
    expect(isUniqueViolation(null, 'customers_email_lower_unique')).toBe(false);
    expect(isUniqueViolation('23505', 'customers_email_lower_unique')).toBe(false);
  });
});

describe('isServerShutdown', () => {
  it('is true for admin_shutdown only', () => {
    expect(isServerShutdown({ code: '57P01' })).toBe(true);
    expect(isServerShutdown({ code: '57P02' })).toBe(false);
    expect(isServerShutdown(undefined)).toBe(false);
  });
});
