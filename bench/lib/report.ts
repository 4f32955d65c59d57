/**
 * Prints a benchmark's results as bench/README.md records them: a line saying when, on what data and under what load,
 * then a Markdown table (its header row, its alignment row, one row per scenario).
 */
export function printResults(title: string, header: readonly [string, string], rows: readonly string[]): void {
  process.stdout.write(['', title, '', ...header, ...rows, ''].join('\n'));
}

/** Today, as the results' date. */
export const resultsDate = () => new Date().toISOString().slice(0, 10);
