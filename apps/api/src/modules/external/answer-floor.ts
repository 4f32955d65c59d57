/**
 * How long every phone or account look-up takes at least, found or not. Finding an account signs tokens and reads
 * more rows than finding nothing; without a floor, the time of the answer would tell which numbers exist.
 */
export const LOOKUP_FLOOR_MS = 300;

export type FloorClock = { now: () => number; sleep: (ms: number) => Promise<void> };

const realClock: FloorClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Runs `work` and answers (or fails) no sooner than `floorMs` after it started. */
export async function withAnswerFloor<T>(
  floorMs: number,
  work: () => Promise<T>,
  clock: FloorClock = realClock,
): Promise<T> {
  const startedAt = clock.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (clock.now() - startedAt);
    if (left > 0) await clock.sleep(left);
  }
}
