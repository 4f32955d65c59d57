/*
 * The embedded PostgreSQL is a child process of the app. When the app dies without stopping it (kill -9, the kernel's
 * out-of-memory killer, a power-cut container runtime), the server keeps running on its own, holds the cluster's lock
 * file, and the next start failed with 'lock file "postmaster.pid" already exists'. Two defences:
 * - a watchdog beside each server stops it as soon as the process that started it is gone (startWatchdog);
 * - should a server outlive its owner anyway (the watchdog was killed too), the next start finds it through the
 *   cluster's postmaster.pid and stops it cleanly before starting its own (stopOrphanServer).
 */
import { execFile, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../config';
import type { Logger } from '../logger';

/**
 * A setting the server is started with, so that its command line names the process that owns it: the next start can
 * then tell a server whose owner is gone from one another running app still uses. (PostgreSQL accepts any setting
 * whose name has a dot as a custom one and ignores it.)
 */
export const OWNER_SETTING = 'lawn.owner_pid';

/** Fast shutdown: PostgreSQL ends open sessions, writes a checkpoint and removes its lock file. */
const FAST_SHUTDOWN = 'SIGINT';
/** Immediate shutdown, when a fast one takes too long: crash recovery replays the log at the next start. */
const IMMEDIATE_SHUTDOWN = 'SIGQUIT';
const FAST_SHUTDOWN_TIMEOUT_MS = 60_000;
const IMMEDIATE_SHUTDOWN_TIMEOUT_MS = 15_000;

const run = promisify(execFile);

type ProcessInfo = { ppid: number; args: string[] };

/** A running process's parent and command line; undefined when there is no such process (or only its zombie). */
async function processInfo(pid: number): Promise<ProcessInfo | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // `pid (name) state ppid ...`: the name may hold spaces and brackets, so read after its last bracket.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return undefined;
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
    return { ppid: Number(ppid), args };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // No /proc entry: no such process on Linux, or a system without /proc (macOS), which `ps` answers.
  }
  if (process.platform === 'linux') return undefined;
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=,state=,args=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(stdout.trim());
    if (!match || match[2]?.startsWith('Z')) return undefined;
    // `ps` joins the arguments with spaces; the checks below only look for whole words in them.
    return { ppid: Number(match[1]), args: String(match[3]).split(' ') };
  } catch {
    return undefined;
  }
}

/** Whether the command line is PostgreSQL's server running on `dataDir` (as this app starts it: `-D dataDir`). */
function isServerOf(info: ProcessInfo, dataDir: string): boolean {
  const program = path.basename(info.args[0] ?? '');
  const dataIndex = info.args.indexOf('-D');
  return program.startsWith('postgres') && dataIndex >= 0 && info.args[dataIndex + 1] === dataDir;
}

/** The owner recorded on the server's command line (`-c lawn.owner_pid=N`), if any. */
function recordedOwner(info: ProcessInfo): number | undefined {
  const setting = info.args.find((arg) => arg.startsWith(`${OWNER_SETTING}=`));
  return setting ? Number(setting.slice(OWNER_SETTING.length + 1)) : undefined;
}

/**
 * Whether the process that started the server still runs it: while it lives it stays the server's parent; once it is
 * gone, the server is handed to init or a subreaper, which is not the recorded owner. A server started by an older
 * version carries no owner: it is taken as still owned when its parent is a Node.js process (the app), since no
 * subreaper is one.
 */
async function hasLiveOwner(info: ProcessInfo): Promise<boolean> {
  const owner = recordedOwner(info);
  if (owner !== undefined) return info.ppid === owner;
  if (info.ppid <= 1) return false;
  const parent = await processInfo(info.ppid);
  return path.basename(parent?.args[0] ?? '').startsWith('node');
}

async function lockFilePid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/** Waits until `pid` is no longer the server of `dataDir` (it stopped, or its lock file is gone); false on timeout. */
async function waitForStop(pid: number, dataDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await lockFilePid(dataDir)) !== pid) return true;
    const info = await processInfo(pid);
    if (!info || !isServerOf(info, dataDir)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Before a start: when the cluster's lock file names a running PostgreSQL server of this very cluster whose owner is
 * gone, stops it (fast shutdown, immediate if that hangs) and waits for it. A server whose owner still runs is left
 * alone and the start stops with one line saying so. A lock file naming a process that is not this cluster's server
 * (its number was reused after a crash) is stale and removed, which PostgreSQL would otherwise refuse to do itself.
 */
export async function stopOrphanServer(dataDir: string, log: Logger): Promise<void> {
  const pid = await lockFilePid(dataDir);
  if (pid === undefined) return;
  const info = await processInfo(pid);
  if (!info) return; // Not running: PostgreSQL replaces a lock file whose process is gone.
  if (!isServerOf(info, dataDir)) {
    log.warn({ pid, databaseDir: dataDir }, 'removing a stale PostgreSQL lock file: its process is not this server');
    await rm(path.join(dataDir, 'postmaster.pid'), { force: true });
    return;
  }
  if (await hasLiveOwner(info)) {
    throw new ConfigError(
      `The embedded PostgreSQL of ${dataDir} is in use by another running process (pid ${info.ppid}): stop that ` +
        'one first, or give this one its own DATA_DIR and EMBEDDED_PG_PORT.',
    );
  }
  log.warn({ pid, databaseDir: dataDir }, 'stopping the embedded PostgreSQL that an earlier run left behind');
  process.kill(pid, FAST_SHUTDOWN);
  if (await waitForStop(pid, dataDir, FAST_SHUTDOWN_TIMEOUT_MS)) return;
  log.warn({ pid }, 'the left-behind PostgreSQL did not stop within a minute: stopping it immediately');
  process.kill(pid, IMMEDIATE_SHUTDOWN);
  if (await waitForStop(pid, dataDir, IMMEDIATE_SHUTDOWN_TIMEOUT_MS)) return;
  throw new Error(`The PostgreSQL server left running on ${dataDir} (pid ${pid}) does not stop: stop it by hand.`);
}

/**
 * The watchdog: a tiny shell process in its own session (so a Ctrl-C meant for the app does not reach it) that blocks
 * reading a pipe only the app holds. The kernel closes that pipe when the app exits, however it exits, even killed
 * with kill -9; the watchdog then fast-stops the server, if that process is still this cluster's server.
 */
const WATCHDOG_SCRIPT = `
trap '' INT HUP
read -r _ 2>/dev/null
if [ -r "/proc/$1/cmdline" ]; then
  tr '\\0' '\\n' < "/proc/$1/cmdline" | grep -qxF -- "$2" || exit 0
else
  ps -o args= -p "$1" 2>/dev/null | grep -qF -- "$2" || exit 0
fi
kill -INT "$1" 2>/dev/null
exit 0
`;

/** The name the watchdog shows in process lists: `lawn-postgres-watchdog <server pid> <data folder>`. */
export const WATCHDOG_NAME = 'lawn-postgres-watchdog';

export type Watchdog = { pid: number | undefined; stop: () => void };

/** Starts the watchdog of the server `serverPid` on `dataDir` (not on Windows, which has neither sh nor signals). */
export function startWatchdog(serverPid: number, dataDir: string): Watchdog {
  if (process.platform === 'win32') return { pid: undefined, stop: () => undefined };
  const child = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, WATCHDOG_NAME, String(serverPid), dataDir], {
    detached: true,
    cwd: '/',
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // Neither the watchdog nor its pipe may keep the app running: its end is what the watchdog waits for.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  child.stdin?.on('error', () => undefined);
  child.on('error', () => undefined);
  return {
    pid: child.pid,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}
