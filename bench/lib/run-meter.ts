/** Whole megabytes: the run's memory moves by tens of MB, so a decimal is noise. */
export const wholeMb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** What one run took, in seconds and whole MB. */
export type RunUse = {
  seconds: number;
  cpuSeconds: number;
  baselineRssMb: number;
  /** The highest RSS sampled; a peak shorter than the 100 ms between samples is missed. */
  peakRssMb: number;
  heapPeakMb: number;
  /** RSS/heap in MB at every 10 % of the progress, e.g. "10%: 180/95, 20%: 182/97". */
  atProgress: string;
};

/**
 * Runs `run` and measures it: wall and CPU time, RSS and heap sampled every 100 ms, and noted at every tenth of
 * `total`, so a report shows whether memory stays flat. `run` calls `progressed` with how many items are done.
 */
export async function measureRun<T>(
  total: number,
  run: (progressed: (done: number) => void) => Promise<T>,
): Promise<{ result: T; use: RunUse }> {
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed);
  }, 100);
  const atProgress: string[] = [];
  let nextMark = 0.1;
  const progressed = (done: number) => {
    if (done / total >= nextMark) {
      const usage = process.memoryUsage();
      atProgress.push(`${Math.round(nextMark * 100)}%: ${wholeMb(usage.rss)}/${wholeMb(usage.heapUsed)}`);
      nextMark += 0.1;
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await run(progressed).finally(() => clearInterval(sampler));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    result,
    use: {
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      baselineRssMb: wholeMb(baselineRss),
      peakRssMb: wholeMb(peakRss),
      heapPeakMb: wholeMb(heapPeak),
      atProgress: atProgress.join(', '),
    },
  };
}
