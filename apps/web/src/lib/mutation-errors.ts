import type { MutationMeta } from '@tanstack/react-query';

/**
 * Who shows a failed mutation. The shared error handler does, as a snackbar, for every mutation: the app listens to
 * the mutation cache (MutationErrorNotifier), so no caller passes `onError: notifyError` and no failure goes unseen.
 * A mutation sent by a form that shows its own errors (next to its fields, or in an alert inside the form) opts out
 * with `meta: FORM_SHOWS_ERRORS`; that form then shows every error of it, the ones it has no place for through
 * useNotifyError.
 */
export const FORM_SHOWS_ERRORS: MutationMeta = { isErrorShownByForm: true };

export function isErrorShownByForm(meta: MutationMeta | undefined): boolean {
  return meta?.isErrorShownByForm === true;
}
