type PropertyAddedEmail = {
  firstName: string;
  /** The new property's address as the sign-up gave it, with its city, state and zip code. */
  serviceAddress: string;
  /** The new account's last four digits only: the whole number opens the account-number look-up. */
  accountLastFour: string;
  /** The office's phone as people read it, or null when none is configured. */
  officePhone: string | null;
};

/**
 * The e-mail a current customer gets when the public sign-up adds a property to their account because it gave their
 * e-mail address: anyone can type an address, so the customer must hear of it. It says only what the sign-up added
 * (the address and the new account's last four digits), never what the sign-up typed as a name or a payment method.
 */
export function propertyAddedEmail({ firstName, serviceAddress, accountLastFour, officePhone }: PropertyAddedEmail) {
  const call = officePhone ? `please call our office at ${officePhone}` : 'please call our office';
  const lines = {
    added: `A new property, ${serviceAddress} (account ending in ${accountLastFour}), was added to your account through the sign-up on our website, which gave your e-mail address.`,
    confirm: 'We will call you to confirm it before its first mow.',
    notYou: `If you did not ask for it, ${call} right away.`,
  };
  const text = [`Hi ${firstName},`, '', lines.added, lines.confirm, '', lines.notYou].join('\n');
  const html = `<p>Hi ${escapeHtml(firstName)},</p>
<p>${escapeHtml(lines.added)}<br>${escapeHtml(lines.confirm)}</p>
<p>${escapeHtml(lines.notYou)}</p>`;
  return { subject: 'A property was added to your account', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
