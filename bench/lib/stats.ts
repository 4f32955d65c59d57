import { loadavg } from 'node:os';

/** The nearest-rank percentile (0.5 is the median: the lower middle value of an even count). */
export function percentile(values: readonly number[], fraction: number): number {
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length - 1, Math.max(0, Math.ceil(fraction * ordered.length) - 1))] ?? NaN;
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

/** Milliseconds with one decimal. */
export const ms = (value: number) => value.toFixed(1);

/** Bytes as MB with one decimal. */
export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A count with thousands separators, rounded. */
export const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/** The machine's 1, 5 and 15 minute load averages: figures from a busy machine are noisy. */
export const loadAverage = (separator = ' ') =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(separator);

/** The time of one call, in ms. */
async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Calls `work` once per input: the first `warmup` calls untimed (caches, JIT), the rest timed, in ms. */
export async function timeEach<T>(
  inputs: readonly T[],
  warmup: number,
  work: (input: T) => Promise<unknown>,
): Promise<number[]> {
  for (const input of inputs.slice(0, warmup)) await work(input);
  const times: number[] = [];
  for (const input of inputs.slice(warmup)) times.push(await time(() => work(input)));
  return times;
}

/** `work` called `warmup` times untimed, then `runs` times timed, in ms. */
export const timeRepeated = (runs: number, warmup: number, work: () => Promise<unknown>) =>
  timeEach(Array.from({ length: warmup + runs }), warmup, work);
