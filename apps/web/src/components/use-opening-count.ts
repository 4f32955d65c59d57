import { useState } from 'react';

/**
 * How many times `isOpen` has turned true. Used as a key, it mounts a dialog's form anew for every opening, so the
 * form starts empty each time while the last one stays on screen as the dialog fades out.
 */
export function useOpeningCount(isOpen: boolean): number {
  const [opening, setOpening] = useState({ isOpen, count: 0 });
  if (opening.isOpen !== isOpen) setOpening({ isOpen, count: isOpen ? opening.count + 1 : opening.count });
  return opening.count;
}
