import { createContext, useContext, type ReactNode } from 'react';

export type ConfirmOptions = {
  title?: string;
  message?: ReactNode;
  confirmText?: string;
  closeText?: string;
};

/** Spec 1 section 8: the shared confirmation dialog says 'Yes' to confirm and 'Ok' to close. */
export const CONFIRM_DEFAULTS = { confirmText: 'Yes', closeText: 'Ok' } as const;

/** Resolves true when the person confirms, false when they close the dialog in any way. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | null>(null);

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it');
  return confirm;
}
