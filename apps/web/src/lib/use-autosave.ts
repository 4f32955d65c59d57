import { AUTOSAVE_DELAY_MS } from '@lawn/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where an autosave stands: nothing to save yet, a save on its way, everything saved, or the last save failed. */
export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

type AutosaveOptions<P extends object> = {
  /**
   * Sends one merged patch; resolves once the server has stored it, or once the caller has dealt with what the server
   * refused (a field someone else changed is the person's to choose on, never dropped here).
   */
  save: (patch: P) => Promise<unknown>;
  delayMs?: number;
};

/**
 * Saves edits on its own: each `queue(patch)` restarts a 500 ms wait, and when it ends every field queued meanwhile
 * goes in one save. Saves run one after the other, never two at once, so each starts from what the previous one
 * stored. A failed save keeps its fields queued, so the next edit sends them again: nothing typed is dropped.
 */
export function useAutosave<P extends object>({ save, delayMs = AUTOSAVE_DELAY_MS }: AutosaveOptions<P>) {
  const [state, setState] = useState<{ status: AutosaveStatus; error: unknown }>({ status: 'idle', error: null });
  const pending = useRef<Partial<P> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const latest = useRef(save);
  // The save in flight and the next one use the newest callback, whichever render queued them.
  useEffect(() => {
    latest.current = save;
  }, [save]);
  const isMounted = useRef(true);

  const setIfMounted = (status: AutosaveStatus, error: unknown = null) => {
    if (isMounted.current) setState({ status, error });
  };

  const run = useCallback(async (): Promise<void> => {
    if (running.current) await running.current;
    const patch = pending.current;
    if (!patch) return;
    pending.current = null;
    setIfMounted('saving');
    const attempt = (async () => {
      try {
        await latest.current(patch as P);
        setIfMounted(pending.current ? 'saving' : 'saved');
      } catch (error) {
        pending.current = { ...patch, ...pending.current };
        setIfMounted('failed', error);
      }
    })();
    running.current = attempt;
    await attempt;
    running.current = null;
  }, []);

  const flush = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await run();
  }, [run]);

  const queue = useCallback(
    (patch: Partial<P>) => {
      pending.current = { ...pending.current, ...patch };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void run();
      }, delayMs);
    },
    [delayMs, run],
  );

  // Leaving the form (another tab, another record) still saves what was typed.
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        void run();
      }
    };
  }, [run]);

  return { ...state, queue, flush };
}
