/**
 * A house number at the start of a street address: digits with an optional letter ("1204", "1204B"), then spaces.
 * Written as a regular-expression source that both JavaScript and PostgreSQL read the same way, because the
 * database indexes the street part of every known address with it (properties_street_key_idx) and the API splits
 * what a person types with it: both sides must agree on where the number ends and the street begins.
 */
export const HOUSE_NUMBER_PATTERN = '^\\s*([0-9]+[A-Za-z]?)\\s+';

const HOUSE_NUMBER = new RegExp(HOUSE_NUMBER_PATTERN);
const ONLY_HOUSE_NUMBER = /^\s*([0-9]+[A-Za-z]?)\s*$/;

export type StreetAddressParts = {
  /** The leading house number as typed ("1204B"), or null when the text does not start with one. */
  houseNumber: string | null;
  /** The rest: the street name and what follows, spaces collapsed ('' when only a number was typed). */
  street: string;
};

const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');

/** Splits "1204 Oak Lawn Ave" into its house number and street, so a known street can be offered with any number. */
export function parseStreetAddress(text: string): StreetAddressParts {
  const onlyNumber = ONLY_HOUSE_NUMBER.exec(text);
  if (onlyNumber?.[1]) return { houseNumber: onlyNumber[1].toUpperCase(), street: '' };
  const match = HOUSE_NUMBER.exec(text);
  if (!match?.[1]) return { houseNumber: null, street: collapseSpaces(text) };
  return { houseNumber: match[1].toUpperCase(), street: collapseSpaces(text.slice(match[0].length)) };
}

/** Street-type and direction words as the US Postal Service abbreviates them, so "Street" and "St." are one key. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  circle: 'cir',
  place: 'pl',
  parkway: 'pkwy',
  trail: 'trl',
  terrace: 'ter',
  highway: 'hwy',
  square: 'sq',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
};

/**
 * The form of a street address that records are matched on: lower case, punctuation dropped, spaces collapsed and
 * street types and directions abbreviated, so "1204 North Oak Lawn Avenue" and "1204 n. oak lawn ave" are the same
 * address. County records are stored under this key; a look-up computes it from what was typed.
 */
export function addressKey(address: string): string {
  return address
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}
