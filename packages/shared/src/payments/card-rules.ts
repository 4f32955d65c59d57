import type { CardType } from '../customers/customer.constants';
import { isoDate, toDayNumber, yearOf, monthOf, type IsoDate } from '../schedule/calendar-date';

/**
 * The rules a card number, a bank account and a card expiry must meet. The payment form checks them before it
 * encrypts anything, and the payment gateway checks them again once it has decrypted the numbers, so a bad number is
 * refused before any token is made. One copy, used by both sides.
 */

/** Card type codes by name: the code is the card number's first digit (Mastercard's 2-series reads as 5). */
export const CARD_TYPE = { americanExpress: 3, visa: 4, mastercard: 5, discover: 6 } as const;

/**
 * Valid lengths of each card brand: Visa 13 to 16 digits; Mastercard 16; American Express 15; Discover 16.
 */
export const CARD_NUMBER_LENGTHS: Readonly<Record<CardType, readonly number[]>> = {
  [CARD_TYPE.americanExpress]: [15],
  [CARD_TYPE.visa]: [13, 14, 15, 16],
  [CARD_TYPE.mastercard]: [16],
  [CARD_TYPE.discover]: [16],
};

/** Discover numbers start with 6011 or 65; other numbers starting with 6 are not Discover cards. */
const DISCOVER_PREFIX = /^(?:6011|65)/;

/** The digits of a card or account number as typed: spaces and dashes (the input mask's groups) are dropped. */
export function numberDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/**
 * The card type the first digit names: 4 Visa, 2 or 5 Mastercard, 3 American Express, 6 Discover; null for anything
 * else. The payment form selects the card type with it as the number is typed.
 */
export function cardTypeFromNumber(number: string): CardType | null {
  switch (numberDigits(number).charAt(0)) {
    case '2':
    case '5':
      return CARD_TYPE.mastercard;
    case '3':
      return CARD_TYPE.americanExpress;
    case '4':
      return CARD_TYPE.visa;
    case '6':
      return CARD_TYPE.discover;
    default:
      return null;
  }
}

/** The Luhn checksum every card number carries: a mistyped digit or two swapped digits fail it. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with a card number for its brand (and for the chosen card type, when one is given). */
export type CardNumberProblem = 'invalid' | 'typeMismatch';

/**
 * Why a card number cannot be used, or undefined when it can: digits only, a known brand, that brand's length (and
 * Discover's prefix), a valid Luhn checksum, and the same brand as the card type chosen on the form.
 */
export function cardNumberProblem(number: string, cardType?: number | null): CardNumberProblem | undefined {
  const digits = numberDigits(number);
  if (!/^\d+$/.test(digits)) return 'invalid';
  const brand = cardTypeFromNumber(digits);
  if (brand === null || !CARD_NUMBER_LENGTHS[brand].includes(digits.length)) return 'invalid';
  if (brand === CARD_TYPE.discover && !DISCOVER_PREFIX.test(digits)) return 'invalid';
  if (!isLuhnValid(digits)) return 'invalid';
  if (cardType !== undefined && cardType !== null && cardType !== brand) return 'typeMismatch';
  return undefined;
}

/**
 * Federal Reserve routing symbols: the first two digits of a real ABA routing number are 00-12 (banks), 21-32
 * (thrifts), 61-72 (electronic transactions) or 80 (traveller's cheques).
 */
function isRoutingPrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

const ROUTING_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/**
 * An ABA routing number: 9 digits, a Federal Reserve routing symbol first, and the 3-7-1 weighted checksum a multiple
 * of 10. A mistyped digit fails the checksum.
 */
export function isRoutingNumberValid(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  if (!isRoutingPrefix(Number(text.slice(0, 2)))) return false;
  const sum = ROUTING_WEIGHTS.reduce((total, weight, index) => total + weight * Number(text[index]), 0);
  return sum % 10 === 0;
}

/** US bank account numbers are 6 to 17 digits (the sign-up form asks for at least 6). */
export const BANK_ACCOUNT_LENGTH = { min: 6, max: 17 } as const;

export function isBankAccountNumberValid(text: string): boolean {
  const digits = numberDigits(text);
  return /^\d+$/.test(digits) && digits.length >= BANK_ACCOUNT_LENGTH.min && digits.length <= BANK_ACCOUNT_LENGTH.max;
}

/**
 * How many expiry years the payment form offers, from the current year on: ten on the staff and customer payment
 * pages, the current year plus five on the public sign-up.
 */
export const CARD_EXPIRY_YEAR_COUNT = { paymentPages: 10, signUp: 6 } as const;

/** The expiry years to offer on `today`, starting with the current year. */
export function cardExpiryYears(today: IsoDate, count: number = CARD_EXPIRY_YEAR_COUNT.paymentPages): number[] {
  const first = yearOf(today);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** A card works through the last day of its expiry month: the date kept for it. */
export function cardExpiryDate(month: number, year: number): IsoDate {
  return isoDate(year, month + 1, 0);
}

/** The expiry month and year of a kept expiry date ('2030-05-31' -> { month: 5, year: 2030 }). */
export function cardExpiryParts(expiry: IsoDate): { month: number; year: number } {
  return { month: monthOf(expiry), year: yearOf(expiry) };
}

/** Whether a card with this kept expiry date can no longer be charged on `day`. */
export function isCardExpired(expiry: IsoDate, day: IsoDate): boolean {
  return toDayNumber(expiry) < toDayNumber(day);
}

/**
 * Whether an expiry month and year can be saved on `today`: a real month, not past (this year's earlier months are
 * expired), and among the years the form offers.
 */
export function isCardExpiryValid(
  month: number,
  year: number,
  today: IsoDate,
  yearCount: number = CARD_EXPIRY_YEAR_COUNT.paymentPages,
): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (!cardExpiryYears(today, yearCount).includes(year)) return false;
  return !isCardExpired(cardExpiryDate(month, year), today);
}

/** The last four digits, the only part of a number the product keeps and shows. */
export function lastFour(number: string): string {
  return numberDigits(number).slice(-4);
}
