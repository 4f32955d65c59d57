/** The set-your-password e-mail of a customer's web account. The link is the only secret in it; it is never logged. */
export function webAccountInvitationEmail(options: {
  firstName: string;
  email: string;
  link: string;
  validHours: number;
}) {
  const { firstName, email, link, validHours } = options;
  const text = [
    `Hi ${firstName},`,
    '',
    'You can now see your properties and update your payment method online.',
    `Your web account signs in with this e-mail address (${email}). Open this link to choose its password:`,
    '',
    link,
    '',
    `The link works once and expires in ${validHours} hours. After that, use "Forgot your password?" on the sign-in page.`,
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>You can now see your properties and update your payment method online.<br>Your web account signs in with this e-mail address (${escapeHtml(email)}).</p>
<p><a href="${escapeHtml(link)}">Choose your password</a></p>
<p>The link works once and expires in ${validHours} hours. After that, use "Forgot your password?" on the sign-in page.</p>`;
  return { subject: 'Set the password of your web account', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
