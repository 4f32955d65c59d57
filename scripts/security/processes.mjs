// Runs the scanners as child processes with a time limit, keeping their whole output in a log file, and remembers
// every child still running so that Ctrl-C or a failure never leaves a scanner behind.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

const running = new Set();

/** Environment for the scanners: no proxy, so their traffic can only go to the address they are given. */
export function scannerEnv() {
  const env = { ...process.env, NO_PROXY: '*', no_proxy: '*' };
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy']) {
    delete env[name];
  }
  return env;
}

/**
 * Runs `command args`, writing stdout and stderr to `logFile` and collecting them in `output`. After `timeoutMs` the
 * process gets SIGTERM, then SIGKILL 5 s later, and the result says `timedOut`.
 */
export function runLogged(command, args, { logFile, timeoutMs, env = scannerEnv(), onLine } = {}) {
  return new Promise((resolve, reject) => {
    const log = createWriteStream(logFile, { flags: 'a' });
    log.write(`$ ${command} ${args.map(quoteForLog).join(' ')}\n\n`);
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    let pending = '';
    let timedOut = false;
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      log.write(text);
      if (!onLine) return;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          stopChild(child);
        }, timeoutMs)
      : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      log.end();
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      log.end(
        `\n[exit code ${code ?? '-'}, signal ${signal ?? '-'}${timedOut ? ', stopped at its time limit' : ''}]\n`,
      );
      resolve({ code, signal, timedOut, output });
    });
  });
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }, 5_000).unref();
}

/** Stops every scanner still running (on Ctrl-C or when the run fails). */
export function stopAllScanners() {
  for (const child of running) stopChild(child);
}

function quoteForLog(arg) {
  // The bearer token is a live credential: keep it out of the logs.
  const redacted = arg.replace(/Bearer [\w.-]+/g, 'Bearer <token>');
  return /^[\w@%+=:,./[\]-]+$/.test(redacted) ? redacted : `'${redacted.replaceAll("'", "'\\''")}'`;
}
