import { isLuhnValid } from '../payments/card-rules';

/**
 * Account numbers given from now on: 12 digits, 11 drawn at random (the first never 0, so the number keeps its width
 * wherever it is read as a number) and a Luhn check digit. Random, so one customer's number tells nothing of the
 * next customer's; the check digit catches a mistyped digit or two swapped neighbours before anything is looked up.
 * Older numbers (see `olderAccountNumber`, or whatever an import brought) have other shapes and keep working.
 */
export const ACCOUNT_NUMBER_LENGTH = 12;

/** Numbers given before the random ones were the property id offset by this, so each was unique and never reused. */
const OLDER_ACCOUNT_NUMBER_BASE = 100_000;

/**
 * The account number a property was given before numbers were drawn at random (its id plus 100000): the shape the
 * generated demo and bench data still carry.
 */
export function olderAccountNumber(propertyId: number): string {
  return String(OLDER_ACCOUNT_NUMBER_BASE + propertyId);
}
/** The random part: every digit of the number but its check digit. */
export const ACCOUNT_NUMBER_RANDOM_DIGITS = ACCOUNT_NUMBER_LENGTH - 1;

const NEW_FORMAT = new RegExp(`^[1-9]\\d{${ACCOUNT_NUMBER_LENGTH - 1}}$`);

/** The digit that, appended to `digits`, makes the whole pass the Luhn checksum. */
export function luhnCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('a Luhn check digit is computed over digits only');
  for (let candidate = 0; candidate <= 9; candidate += 1) {
    if (isLuhnValid(`${digits}${candidate}`)) return String(candidate);
  }
  // Unreachable: exactly one of the ten digits completes any checksum.
  throw new Error('no Luhn check digit');
}

/** A new account number made of its random part (11 digits, the first not 0) and its check digit. */
export function accountNumberFromRandomDigits(randomDigits: string): string {
  const accountNumber = `${randomDigits}${luhnCheckDigit(randomDigits)}`;
  if (!NEW_FORMAT.test(accountNumber)) {
    throw new Error(`an account number is made of ${ACCOUNT_NUMBER_RANDOM_DIGITS} digits not starting with 0`);
  }
  return accountNumber;
}

/**
 * Whether a typed account number can exist: a number of the new shape (12 digits) must carry its check digit; any
 * other shape is an older number, which has none, and is left to the look-up.
 */
export function isAccountNumberPlausible(accountNumber: string): boolean {
  const trimmed = accountNumber.trim();
  if (!/^\d+$/.test(trimmed) || trimmed.length !== ACCOUNT_NUMBER_LENGTH) return true;
  return NEW_FORMAT.test(trimmed) && isLuhnValid(trimmed);
}
