/** Text the server stores as typed but for the spaces around it ('5011 ' is stored '5011'). */
const isSameStoredText = (typed: unknown, stored: unknown) =>
  typeof typed === 'string' && typeof stored === 'string' && typed !== stored && typed.trim() === stored;

/**
 * A form's values once the server answered: the server's, except the fields the person is still changing (typed and
 * not yet stored, or waiting for their choice), which stay as typed. Nothing typed is replaced, not even the space
 * at the end of a word the server stored without it while the person goes on typing; everything else shows what is
 * stored now, other people's changes included.
 */
export function withServerValues<V extends object>(typed: V, server: V, isEditing: (field: keyof V) => boolean): V {
  const next = { ...server };
  for (const field of Object.keys(typed) as (keyof V)[]) {
    if (isEditing(field) || isSameStoredText(typed[field], server[field])) next[field] = typed[field];
  }
  return next;
}

/** The messages of the fields the person is changing: a field showing the stored value has nothing to answer for. */
export function onlyEdited<F extends string>(
  errors: Partial<Record<F, string>>,
  isEditing: (field: F) => boolean,
): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => isEditing(field as F))) as Partial<
    Record<F, string>
  >;
}

/** The message at each field: the rule its value breaks, else the server's refusal of it (an e-mail taken). */
export function withRefusals<F extends string>(
  errors: Partial<Record<F, string>>,
  refusals: Partial<Record<string, string>>,
): Partial<Record<F, string>> {
  const messages: Partial<Record<string, string>> = { ...refusals };
  for (const [field, message] of Object.entries(errors)) {
    if (message !== undefined) messages[field] = message as string;
  }
  return messages as Partial<Record<F, string>>;
}

/** A value as a conflict shows it: 'none' when blank, 'Yes' or 'No' for a switch. */
export function shownValue(value: string | boolean | null): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === null || value.trim() === '' ? 'none' : value;
}
