import { normalizePhone } from './customer.schema';

/**
 * The customer list's search box: one text that finds a customer by name, service address, account number, phone or
 * e-mail. A text with fewer than three letters or digits is not searched: it matches too much to help, and the text
 * indexes need three characters in a row to narrow anything down.
 */
export const CUSTOMER_SEARCH_MIN_LENGTH = 3;
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

export const CUSTOMER_SEARCH_MESSAGES = {
  label: 'Search customers',
  placeholder: 'Name, address, account number, phone or e-mail',
  tooShort: `Type at least ${CUSTOMER_SEARCH_MIN_LENGTH} letters or digits to search`,
} as const;

/**
 * What a search text is read as:
 * - `number`: only digits and phone punctuation (`(214) 555-0101`, `+1 214`, `100234`): account numbers and phone
 *   numbers that start with those digits;
 * - `email`: a text with an `@`: e-mail addresses that contain it;
 * - `text`: anything else: names ("first last"), service addresses and e-mail addresses that contain it.
 */
export type CustomerSearchTerm =
  | { kind: 'number'; digits: string; phoneDigits: string }
  | { kind: 'email'; text: string }
  | { kind: 'text'; text: string };

const NUMBER_TEXT = /^[\d\s().+-]+$/;

/** The search text with its spaces tidied: what the list URL keeps and the API receives. */
export function tidySearchText(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** Whether a text can be searched: at least three letters or digits, at most 100 characters (after tidying). */
export function isSearchableText(text: string): boolean {
  const tidy = tidySearchText(text);
  return (
    tidy.length <= CUSTOMER_SEARCH_MAX_LENGTH &&
    (tidy.match(LETTER_OR_DIGIT)?.length ?? 0) >= CUSTOMER_SEARCH_MIN_LENGTH
  );
}

/** How a search text is searched, or null when it is too short or too long to search. */
export function customerSearchTerm(text: string): CustomerSearchTerm | null {
  if (!isSearchableText(text)) return null;
  const tidy = tidySearchText(text);
  if (NUMBER_TEXT.test(tidy)) {
    const digits = tidy.replace(/\D/g, '');
    // '+1 214' is a phone with its country code; bare digits may be an account number or a phone's beginning.
    const phoneDigits = tidy.startsWith('+1') ? digits.slice(1) : normalizePhone(digits);
    return { kind: 'number', digits, phoneDigits };
  }
  if (tidy.includes('@')) return { kind: 'email', text: tidy };
  return { kind: 'text', text: tidy };
}
