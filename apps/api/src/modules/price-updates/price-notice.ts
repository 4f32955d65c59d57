import type { MailMessage } from '../../mail/mailer';

type PriceNotice = { email: string; firstName: string; serviceAddress: string; oldTotal: number; newTotal: number };

const money = (value: number) => `$${value.toFixed(2)}`;

/**
 * The e-mail a customer gets when a bulk price update changes the price of their mow: the new price per service
 * (with tax), before the next visit is billed, so the charge is never a surprise. Plain text only: nothing to escape.
 */
export function priceNoticeMail({ email, firstName, serviceAddress, oldTotal, newTotal }: PriceNotice): MailMessage {
  const text = [
    `Hi ${firstName},`,
    '',
    `The price of your lawn service at ${serviceAddress} changes from ${money(oldTotal)} to ${money(newTotal)} per service (tax included).`,
    'The new price applies from your next visit.',
    '',
    'If you have a question about it, please call our office.',
  ].join('\n');
  return { to: email, subject: 'Your lawn service price is changing', text };
}
