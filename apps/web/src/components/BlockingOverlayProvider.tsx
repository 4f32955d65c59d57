import { useMemo, useState, type ReactNode } from 'react';
import { BlockingOverlay } from './BlockingOverlay';
import { BlockingOverlayContext, type BlockingOverlayControls } from './overlay-context';

type OverlayState = { isOpen: boolean; message?: string };

export function BlockingOverlayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OverlayState>({ isOpen: false });
  const controls = useMemo<BlockingOverlayControls>(
    () => ({
      show: (message) => setState({ isOpen: true, message }),
      hide: () => setState({ isOpen: false }),
    }),
    [],
  );
  return (
    <BlockingOverlayContext value={controls}>
      {children}
      <BlockingOverlay isOpen={state.isOpen} message={state.message} onClose={controls.hide} />
    </BlockingOverlayContext>
  );
}
