/** The password-reset e-mail. The link is the only secret in it; it is never logged. */
export function passwordResetEmail(options: { firstName: string; link: string; validMinutes: number }) {
  const { firstName, link, validMinutes } = options;
  const text = [
    `Hi ${firstName},`,
    '',
    'We received a request to reset the password of your Lawn Care Office account.',
    'Open this link to choose a new password:',
    '',
    link,
    '',
    `The link works once and expires in ${validMinutes} minutes.`,
    'If you did not ask for it, ignore this e-mail: your password stays the same.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>We received a request to reset the password of your Lawn Care Office account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once and expires in ${validMinutes} minutes.<br>If you did not ask for it, ignore this e-mail: your password stays the same.</p>`;
  return { subject: 'Reset your password', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
