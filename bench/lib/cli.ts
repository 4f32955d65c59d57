/** Command-line helpers shared by the benchmark scripts. */

/** The value after `--name`, or the fallback. */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index !== -1 && process.argv[index + 1] ? (process.argv[index + 1] as string) : fallback;
}

/** Whether `--name` is given. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** Runs a script's main function: a failure prints its stack and sets a failing exit code. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
