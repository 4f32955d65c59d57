/**
 * Exact money arithmetic. Amounts travel as dollars with at most 2 decimals (numeric(10,2) in the database, JSON
 * numbers on the wire); every sum and percentage is worked out in whole cents, so no binary-fraction error ever
 * reaches a total. Results are rounded half up to the cent: 0.005 becomes 0.01.
 */

/** Tax rates are percentages with at most this many decimals (8.25, 6.875); finer rates are rounded to it. */
const RATE_DECIMALS = 4;
const RATE_SCALE = 10 ** RATE_DECIMALS;
/** Cents times a rate scaled by RATE_SCALE, divided by this, is the percentage in cents. */
const PERCENT_DIVISOR = BigInt(100 * RATE_SCALE);

/**
 * Whole cents of a dollar amount. Amounts are validated to at most 2 decimals before they get here, so the product
 * with 100 lies within a hair of a whole number and rounding it is exact.
 */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`not an amount: ${dollars}`);
  return Math.round(dollars * 100);
}

/** Dollars of a whole number of cents: the nearest JSON number to the exact amount, e.g. 4871 -> 48.71. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `numerator / divisor` rounded half away from zero (half up for the non-negative amounts of a price). */
function divideHalfUp(numerator: bigint, divisor: bigint): bigint {
  const isNegative = numerator < 0n;
  const magnitude = isNegative ? -numerator : numerator;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return isNegative ? -rounded : rounded;
}

/**
 * `ratePercent` percent of an amount in cents, rounded half up to the cent: 8.25 % of 4500 is 371 (371.25), 0.5 % of
 * 100 is 1 (0.5 rounds up). The product is taken in BigInt, so even the largest numeric(10,2) amount stays exact.
 */
export function percentOfCents(cents: number, ratePercent: number): number {
  if (!Number.isFinite(ratePercent)) throw new RangeError(`not a rate: ${ratePercent}`);
  const scaledRate = BigInt(Math.round(ratePercent * RATE_SCALE));
  return Number(divideHalfUp(BigInt(cents) * scaledRate, PERCENT_DIVISOR));
}

/** Whether a number has at most `decimals` decimals, as typed: 40.5 and 40.55 have at most 2, 40.555 has not. */
export function hasDecimalsAtMost(value: number, decimals: number): boolean {
  // toFixed gives the shortest correctly rounded text; a value typed with fewer decimals reads back as itself.
  return Number.isFinite(value) && Number(value.toFixed(decimals)) === value;
}
