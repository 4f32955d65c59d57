import { APP_PATHS, formatUsDate, type IsoDate } from '@lawn/shared';

type DeclinedChargeEmail = {
  firstName: string;
  serviceAddress: string;
  serviceDate: IsoDate;
  total: number;
  reason: string;
  /** The web app's address (APP_URL): the link opens the customer's payment page there. */
  appUrl: string;
};

/**
 * The e-mail a customer gets when the charge of a service is declined: what was declined and why, and a link to the
 * payment page of their web account, where a new card or bank account is retried at once. No number is in it.
 */
export function declinedChargeEmail({
  firstName,
  serviceAddress,
  serviceDate,
  total,
  reason,
  appUrl,
}: DeclinedChargeEmail) {
  const link = `${appUrl}${APP_PATHS.customerPaymentList}`;
  const amount = `$${total.toFixed(2)}`;
  const text = [
    `Hi ${firstName},`,
    '',
    `We could not charge ${amount} for the lawn service of ${formatUsDate(serviceDate)} at ${serviceAddress}: ${reason}.`,
    'Your service is on hold until the payment goes through.',
    '',
    `Update your payment method here: ${link}`,
    'We will charge the service again as soon as you do.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>We could not charge ${escapeHtml(amount)} for the lawn service of ${escapeHtml(formatUsDate(serviceDate))} at ${escapeHtml(serviceAddress)}: ${escapeHtml(reason)}.<br>
Your service is on hold until the payment goes through.</p>
<p><a href="${escapeHtml(link)}">Update your payment method</a>. We will charge the service again as soon as you do.</p>`;
  return { subject: 'Your lawn service payment was declined', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
