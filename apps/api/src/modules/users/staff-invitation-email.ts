/** The set-your-password e-mail of a new staff or crew user. The link is the only secret in it; it is never logged. */
export function staffInvitationEmail(options: { firstName: string; email: string; link: string; validHours: number }) {
  const { firstName, email, link, validHours } = options;
  const text = [
    `Hi ${firstName},`,
    '',
    'An account of the Lawn Care Office was made for you.',
    `It signs in with this e-mail address (${email}). Open this link to choose its password:`,
    '',
    link,
    '',
    `The link works once and expires in ${validHours} hours. After that, use "Forgot your password?" on the sign-in page.`,
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>An account of the Lawn Care Office was made for you.<br>It signs in with this e-mail address (${escapeHtml(email)}).</p>
<p><a href="${escapeHtml(link)}">Choose your password</a></p>
<p>The link works once and expires in ${validHours} hours. After that, use "Forgot your password?" on the sign-in page.</p>`;
  return { subject: 'Set the password of your account', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
