import { randomInt } from 'node:crypto';
import { test } from '@playwright/test';

/**
 * `prefix` and eight random letters: unique across tests, workers and runs. Letters only, because a run of digits in
 * a name reads as a card number and is refused.
 */
export function uniqueName(prefix: string): string {
  return prefix + Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** An address nobody else has: the e-mail of a live customer or user cannot be registered again. */
export function uniqueEmail(prefix = 'spec'): string {
  return `${uniqueName(prefix).toLowerCase()}@example.com`;
}

/** A house number for a street address of a test's own. */
export function uniqueHouseNumber(): number {
  return 1 + randomInt(99_999);
}

let phones = 0;
/**
 * A phone number no demo customer has (their exchanges are 200-999, these 010-099) and no other test of the run gave:
 * the exchange is the worker's (every worker of a run has its own index) and the last four digits count its calls.
 */
export function uniquePhone(): string {
  phones += 1;
  const exchange = 10 + (test.info().workerIndex % 90);
  return `2140${String(exchange).padStart(2, '0')}${String(phones % 10_000).padStart(4, '0')}`;
}
