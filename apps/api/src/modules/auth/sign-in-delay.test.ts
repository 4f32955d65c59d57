import { describe, expect, it } from 'vitest';
import { secondsUntilNextAttempt, SIGN_IN_WAIT, waitAfterFailures } from './sign-in-delay';

describe('the wait after failed sign-ins', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 16],
    [6, 32],
    [7, 64],
    [8, 128],
    [9, 256],
    [10, 300],
    [50, 300],
    [Number.MAX_SAFE_INTEGER, 300],
  ])('after %i failures with 5 free, waits %i seconds', (failures, seconds) => {
    expect(waitAfterFailures(failures, 5)).toBe(seconds);
  });

  it('never waits longer than the cap', () => {
    expect(SIGN_IN_WAIT.maxSeconds).toBe(300);
    for (let failures = 0; failures < 100; failures += 1) {
      expect(waitAfterFailures(failures, 1)).toBeLessThanOrEqual(SIGN_IN_WAIT.maxSeconds);
    }
  });
});

describe('seconds until the next attempt', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    ['no failures', { failures: 0, lastFailureAt: null }, 0],
    ['free failures only', { failures: 4, lastFailureAt: secondsAgo(0) }, 0],
    ['the first wait, just begun', { failures: 5, lastFailureAt: secondsAgo(0) }, 16],
    ['the first wait, part gone (rounded up)', { failures: 5, lastFailureAt: secondsAgo(10.5) }, 6],
    ['the first wait, over', { failures: 5, lastFailureAt: secondsAgo(16) }, 0],
    ['the second wait', { failures: 6, lastFailureAt: secondsAgo(20) }, 12],
    ['the cap', { failures: 40, lastFailureAt: secondsAgo(299) }, 1],
    ['the cap, over', { failures: 40, lastFailureAt: secondsAgo(300) }, 0],
  ])('%s', (_name, recent, seconds) => {
    expect(secondsUntilNextAttempt(recent, 5, now)).toBe(seconds);
  });
});
