const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** Dollars with cents, e.g. `$1,234.50`; an empty string for a missing amount. */
export function formatMoney(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '' : money.format(amount);
}

/** A tax rate held as a percentage (8.25 means 8.25 %). */
export function formatPercent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '' : `${Number(rate.toFixed(4))}%`;
}

export function formatCount(value: number): string {
  return count.format(value);
}

/** The spec's phone mask `+1 (###) ###-####` (one rule for the pages and the API's e-mails). */
export { formatPhone } from '@lawn/shared';

/** `1 record`, `2 records`. */
export function plural(value: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : pluralForm}`;
}
