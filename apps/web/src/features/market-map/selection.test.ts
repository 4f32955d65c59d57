import { describe, expect, it } from 'vitest';
import { nextSelection } from './selection';

describe('nextSelection', () => {
  it('toggles a stop in and out with multi-select on', () => {
    expect([...nextSelection(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...nextSelection(new Set([1, 2]), 1, true)]).toEqual([2]);
  });

  it('replaces the selection with multi-select off', () => {
    expect([...nextSelection(new Set([1, 2]), 3, false)]).toEqual([3]);
    expect([...nextSelection(new Set([3]), 3, false)]).toEqual([]);
  });
});
