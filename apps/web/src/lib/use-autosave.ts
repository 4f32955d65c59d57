import { AUTOSAVE_DELAY_MS } from '@lawn/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where an autosave stands: nothing to save yet, an edit on its way (waiting for the typing to pause, or being sent),
 * everything saved, or the last save failed.
 */
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
  /** How the last save ended: what the status goes back to when an edit waiting to be saved is taken back. */
  const settled = useRef<{ status: AutosaveStatus; error: unknown }>({ status: 'idle', error: null });

  const setIfMounted = (status: AutosaveStatus, error: unknown = null) => {
    if (isMounted.current) setState({ status, error });
  };

  const run = useCallback(async (): Promise<void> => {
    if (running.current) await running.current;
    const patch = pending.current;
    if (!patch) {
      if (!running.current) setIfMounted(settled.current.status, settled.current.error);
      return;
    }
    pending.current = null;
    setIfMounted('saving');
    const attempt = (async () => {
      try {
        await latest.current(patch as P);
        if (pending.current) {
          setIfMounted('saving');
        } else {
          settled.current = { status: 'saved', error: null };
          setIfMounted('saved');
        }
      } catch (error) {
        pending.current = { ...patch, ...pending.current };
        settled.current = { status: 'failed', error };
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
      // From the first key on, the edit is on its way: nothing may read 'saved' while it waits for the pause.
      setState((current) => (current.status === 'saving' ? current : { status: 'saving', error: null }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void run();
      }, delayMs);
    },
    [delayMs, run],
  );

  /** Takes fields out of what waits to be saved: their value changed to one that must not be saved. */
  const drop = useCallback((fields: readonly (keyof P)[]) => {
    if (!pending.current) return;
    const rest = { ...pending.current };
    for (const field of fields) delete rest[field];
    pending.current = Object.keys(rest).length > 0 ? rest : null;
    if (pending.current || running.current) return;
    // Nothing is left to save: the status is again how the last save ended.
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setIfMounted(settled.current.status, settled.current.error);
  }, []);

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

  return { ...state, queue, flush, drop };
}
