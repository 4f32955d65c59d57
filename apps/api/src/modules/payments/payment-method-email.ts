import { PAYMENT_MESSAGES } from '@lawn/shared';

type PaymentMethodEmail = {
  firstName: string;
  serviceAddress: string;
  /** The account number's last four digits only: the whole number opens the account-number look-up. */
  accountLastFour: string;
  /** How the new method reads to people, e.g. "Visa ending in 4242, expires 05/2030": never a number. */
  method: string;
};

/**
 * The e-mail a customer gets when the payment method of a property changes, whoever changed it: a change they did
 * not make is something they must hear about. It names the method by brand and last four only, and the account by
 * its last four digits.
 */
export function paymentMethodChangedEmail({ firstName, serviceAddress, accountLastFour, method }: PaymentMethodEmail) {
  const text = [
    `Hi ${firstName},`,
    '',
    `The payment method for your lawn service at ${serviceAddress} (account ending in ${accountLastFour}) was updated.`,
    `It is now: ${method}.`,
    '',
    PAYMENT_MESSAGES.billedNextBusinessDay,
    'If you did not make this change, please call our office right away.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>The payment method for your lawn service at ${escapeHtml(serviceAddress)} (account ending in ${escapeHtml(accountLastFour)}) was updated.<br>
It is now: <strong>${escapeHtml(method)}</strong>.</p>
<p>${escapeHtml(PAYMENT_MESSAGES.billedNextBusinessDay)}<br>If you did not make this change, please call our office right away.</p>`;
  return { subject: 'Your payment method was updated', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
