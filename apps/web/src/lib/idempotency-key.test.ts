import { IDEMPOTENCY_KEY_PATTERN } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('newIdempotencyKey', () => {
  it('makes a fresh version-4 UUID every time, one the API accepts', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(new Set(keys).size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true);
    }
  });
});
