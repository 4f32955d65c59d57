/**
 * Leases on rows a process holds while it works on them (an Idempotency-Key's first request, a schedule run): the
 * holder renews a `heartbeat_at` column every `HEARTBEAT_SECONDS`, and a row whose heartbeat is older than
 * `LEASE_SECONDS` counts as released, because its process died (a crash, kill -9, a lost machine). Times come from
 * the database's clock, so every process agrees. See docs/adr/0018-heartbeat-leases.md.
 */

/** How long a row stays held after its last heartbeat: well inside the promised 30 seconds, well above a beat. */
export const LEASE_SECONDS = 20;

/** How often a holder renews its lease: four beats per lease, so a slow or lost beat does not lose it. */
export const HEARTBEAT_SECONDS = 5;

export type HeartbeatOptions = {
  /** Called with a beat's error; the next beat tries again (a lease survives a few failed beats). */
  onError: (error: unknown) => void;
  /** Stop beating after this long even if never stopped (a request that hangs forever must not hold its row). */
  maxSeconds?: number;
};

/**
 * Runs `beat` every `HEARTBEAT_SECONDS` until the returned function is called (calling it again does nothing). A
 * beat still running when the next is due is not doubled. The timer never keeps the process alive.
 */
export function startHeartbeat(beat: () => Promise<unknown>, options: HeartbeatOptions): () => void {
  let isBeating = false;
  const startedAt = Date.now();
  const timer = setInterval(() => {
    if (options.maxSeconds !== undefined && Date.now() - startedAt >= options.maxSeconds * 1000) {
      clearInterval(timer);
      return;
    }
    if (isBeating) return;
    isBeating = true;
    beat()
      .catch(options.onError)
      .finally(() => {
        isBeating = false;
      });
  }, HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
