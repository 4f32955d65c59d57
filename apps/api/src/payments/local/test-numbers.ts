import type { InstrumentBehaviour } from './vault.schema';

/**
 * The local gateway's test numbers (README "Payments"): any number passing the card or account rules is kept and
 * charged successfully, except these, which behave like the failures a real gateway answers. They make every outcome
 * reproducible in development, tests and demos.
 */

/** Refused when saved: the gateway's verification declines the card or account, so no token is made. */
export const REFUSED = 'refused';

type TestOutcome = Exclude<InstrumentBehaviour, 'approve'> | typeof REFUSED;

/** Cards, by number. */
export const CARD_TEST_NUMBERS: Readonly<Record<string, TestOutcome>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'processing_error',
  '4000000000000101': REFUSED,
};

/** Checking accounts, by account number (with any valid routing number). */
export const BANK_TEST_ACCOUNTS: Readonly<Record<string, TestOutcome>> = {
  '000111111116': 'account_closed',
  '000111111113': 'insufficient_funds',
  '000222222227': REFUSED,
};
