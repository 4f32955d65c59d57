import { createContext, useContext } from 'react';

export type BlockingOverlayControls = {
  /** Without a message: a spinner that blocks the page. With one: a 'Great!' dialog. */
  show: (message?: string) => void;
  hide: () => void;
};

export const BlockingOverlayContext = createContext<BlockingOverlayControls | null>(null);

export function useBlockingOverlay(): BlockingOverlayControls {
  const controls = useContext(BlockingOverlayContext);
  if (!controls) throw new Error('useBlockingOverlay needs a <BlockingOverlayProvider> above it');
  return controls;
}
