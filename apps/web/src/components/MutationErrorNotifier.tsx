import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isErrorShownByForm } from '../lib/mutation-errors';
import { useNotifyError } from './notifier-context';

/**
 * Shows every failed mutation through the shared error handler, unless its form shows it (FORM_SHOWS_ERRORS). It
 * listens to the query client's mutation cache, so it also covers a mutation whose screen has been left meanwhile.
 */
export function MutationErrorNotifier() {
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!isErrorShownByForm(event.mutation.options.meta)) notifyError(event.action.error);
      }),
    [queryClient, notifyError],
  );
  return null;
}
