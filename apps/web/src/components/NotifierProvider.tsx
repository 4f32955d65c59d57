import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useCallback, useState, type ReactNode } from 'react';
import { NotifierContext, type Notify } from './notifier-context';

type Notice = { id: number; message: string; severity: AlertColor; title?: string };

const AUTO_HIDE_MS = 6000;

/** One closable snackbar at the top centre; a newer notice replaces the one showing. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  const notify = useCallback<Notify>((message, severity = 'info', options) => {
    setNotice({ id: Date.now(), message, severity, title: options?.title });
    setIsOpen(true);
  }, []);

  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not dismiss an error before it is read.
    if (reason === 'clickaway') return;
    setIsOpen(false);
  };

  return (
    <NotifierContext value={notify}>
      {children}
      <Snackbar
        key={notice?.id}
        open={isOpen}
        autoHideDuration={AUTO_HIDE_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert onClose={() => close()} severity={notice?.severity ?? 'info'} variant="filled" sx={{ width: '100%' }}>
          {notice?.title && <AlertTitle>{notice.title}</AlertTitle>}
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifierContext>
  );
}
