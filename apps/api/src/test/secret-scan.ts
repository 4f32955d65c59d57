/**
 * Finds secrets in clear text: the exact secrets a test handled (passwords typed, tokens issued), and kinds of secret
 * recognised by their form (card numbers, routing numbers, signed tokens, reset links) whoever made them. Tests feed
 * it everything the product keeps (database rows, logs, sent e-mail); a finding says what leaked and where.
 */
import { isLuhnValid } from '@lawn/shared';

/** A text to search, named by where it comes from (`database:public.users`, `log:api`, `outbox:<file>`). */
export type TextSource = { name: string; text: string };

/** A secret the test knows by value, e.g. a password it typed or a token it was given. */
export type KnownSecret = { kind: string; value: string };

/** Recognises a kind of secret by its form; returns the matching values found in a text. */
export type SecretDetector = { kind: string; find: (text: string) => string[] };

export type SecretFinding = {
  kind: string;
  source: string;
  /** The text around the find, with the secret itself replaced by `<kind>` so the report does not repeat it. */
  excerpt: string;
  value: string;
};

type ScanOptions = {
  known?: readonly KnownSecret[];
  /** Defaults to `DEFAULT_DETECTORS`; add a money detector here, for instance. */
  detectors?: readonly SecretDetector[];
  /** Finds that are there by design (a reset link in its own e-mail); anything else is a leak. */
  isAllowed?: (finding: SecretFinding) => boolean;
};

/**
 * An ABA routing number: 9 digits whose first two are a Federal Reserve district (00-12, 21-32 for thrifts, 61-72
 * for electronic, 80 for traveller's cheques) and whose weighted sum 3-7-1 is a multiple of 10.
 */
export function isRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const isDistrict = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return isDistrict && sum % 10 === 0;
}

const matches = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((match) => match[0]);

/**
 * A payment card number: 13 to 19 digits passing Luhn, in one run or in groups of 4 (Amex 4-6-5) split by spaces or
 * dashes. Only issuer ranges starting 2 to 6 (Mastercard, Amex, Diners, JCB, Visa, Discover) count, so the 13-digit
 * millisecond timestamps in the logs are not taken for cards. The number must stand alone: digits inside a word
 * (a hex hash, a random token) or right after a `.` (a decimal fraction) are not a card.
 */
export const cardNumberDetector: SecretDetector = {
  kind: 'card number',
  find: (text) =>
    [
      ...matches(text, /(?<![\w.])[2-6]\d{12,18}(?!\w)/g),
      ...matches(text, /(?<![\w.])[2-6]\d{3}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?(?!\w)/g),
      ...matches(text, /(?<![\w.])3\d{3}([ -])\d{6}\1\d{5}(?!\w)/g),
    ].filter((found) => isLuhnValid(found.replace(/\D/g, ''))),
};

/**
 * A valid ABA routing number standing alone: 9 digits, not part of a longer number, a word (hex hashes and random
 * tokens are full of digit runs, and one in a few hundred would pass the checksum) or a decimal fraction.
 */
export const routingNumberDetector: SecretDetector = {
  kind: 'routing number',
  find: (text) => matches(text, /(?<![\w.])\d{9}(?!\w)/g).filter(isRoutingNumber),
};

/** A signed JSON Web Token (the staff access token and the external token both are). */
export const jwtDetector: SecretDetector = {
  kind: 'signed token',
  find: (text) => matches(text, /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{20,}/g),
};

/** A password-reset link with its token (the token, not the link, is what must not be readable). */
export const resetLinkDetector: SecretDetector = {
  kind: 'reset link',
  find: (text) => matches(text, /reset-password\?token=[\w%-]{16,}/g),
};

export const DEFAULT_DETECTORS: readonly SecretDetector[] = [
  cardNumberDetector,
  routingNumberDetector,
  jwtDetector,
  resetLinkDetector,
];

/** The forms a known secret takes when written into a URL or a JSON string. */
function spellings(value: string): string[] {
  return [...new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])];
}

/** The text around a find, with every spelling of the secret in it masked, so a report does not repeat it. */
function excerpt(text: string, index: number, length: number, kind: string, hidden: readonly string[]): string {
  const mask = (part: string) => hidden.reduce((masked, spelling) => masked.replaceAll(spelling, `<${kind}>`), part);
  const before = mask(text.slice(Math.max(0, index - 200), index)).slice(-60);
  const after = mask(text.slice(index + length, index + length + 200)).slice(0, 60);
  return `${before}<${kind}>${after}`.replace(/\s+/g, ' ');
}

/** Every secret found in the sources, once per source, kind and value. */
export function scanForSecrets(sources: readonly TextSource[], options: ScanOptions = {}): SecretFinding[] {
  const detectors = options.detectors ?? DEFAULT_DETECTORS;
  const findings: SecretFinding[] = [];
  const seen = new Set<string>();
  const record = (source: TextSource, kind: string, value: string, index: number, length: number) => {
    const key = JSON.stringify([source.name, kind, value]);
    if (seen.has(key)) return;
    seen.add(key);
    const hidden = spellings(value);
    const finding = { kind, source: source.name, value, excerpt: excerpt(source.text, index, length, kind, hidden) };
    if (!options.isAllowed?.(finding)) findings.push(finding);
  };
  for (const source of sources) {
    for (const secret of options.known ?? []) {
      if (secret.value.length === 0) continue;
      for (const spelling of spellings(secret.value)) {
        const index = source.text.indexOf(spelling);
        if (index !== -1) record(source, secret.kind, secret.value, index, spelling.length);
      }
    }
    for (const detector of detectors) {
      for (const value of detector.find(source.text)) {
        record(source, detector.kind, value, source.text.indexOf(value), value.length);
      }
    }
  }
  return findings;
}

/** One line per finding, for an assertion message that says what leaked and where. */
export function describeFindings(findings: readonly SecretFinding[]): string {
  return findings.map((finding) => `${finding.kind} in ${finding.source}: …${finding.excerpt}…`).join('\n');
}
