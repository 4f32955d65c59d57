import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/customer?page=2', '/customer?page=2'],
    ['/dashboard', '/dashboard'],
    [undefined, '/dashboard'],
    [42, '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/login?et=1', '/dashboard'],
  ])('%s -> %s', (from, expected) => {
    expect(safeRedirectPath(from)).toBe(expected);
  });
});
