import type { AlertColor } from '@mui/material/Alert';
import { createContext, useCallback, useContext } from 'react';
import { errorMessage } from '../lib/error-message';

export type NotifyOptions = {
  /** A bold first line, with the message under it (e.g. 'Successfully deleted' / 'This process cannot be reversed'). */
  title?: string;
};

export type Notify = (message: string, severity?: AlertColor, options?: NotifyOptions) => void;

export const NotifierContext = createContext<Notify | null>(null);

export function useNotify(): Notify {
  const notify = useContext(NotifierContext);
  if (!notify) throw new Error('useNotify needs a <NotifierProvider> above it');
  return notify;
}

/**
 * The shared error handler: extract the message, rewrite it, show it in the snackbar. Every failed
 * mutation reaches it by itself (MutationErrorNotifier); a form that opted out calls it for the errors it has no
 * place for.
 */
export function useNotifyError(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback((error: unknown) => notify(errorMessage(error), 'error'), [notify]);
}
