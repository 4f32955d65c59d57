import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { readFieldErrors } from './error-message';

/**
 * Puts a 400's per-field messages next to the matching inputs. Returns false when none matched,
 * so the caller shows the general message instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  const fieldErrors = readFieldErrors(error);
  let isApplied = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !isApplied });
      isApplied = true;
    }
  }
  return isApplied;
}

/** A form's errors as a page reads them: one message per field, by its path (`billing.zipcode`). */
export function flattenErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof error.message === 'string') flat[path] = error.message;
    else Object.assign(flat, flattenErrors(error as FieldErrors, path));
  }
  return flat;
}
