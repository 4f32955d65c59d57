import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmContext, type Confirm, type ConfirmOptions } from './confirm-context';

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((isConfirmed: boolean) => void) | null>(null);

  const settle = useCallback((isConfirmed: boolean) => {
    resolveRef.current?.(isConfirmed);
    resolveRef.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        // Only one question at a time: a newer one counts as closing the older.
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setOptions(next);
      }),
    [],
  );

  return (
    <ConfirmContext value={confirm}>
      {children}
      <ConfirmDialog
        {...options}
        isOpen={options !== null}
        onConfirm={() => settle(true)}
        onClose={() => settle(false)}
      />
    </ConfirmContext>
  );
}
