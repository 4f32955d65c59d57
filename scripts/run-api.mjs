// Runs the API (which also serves the built web app) in a child process and waits for it.
// Ctrl-C reaches the child through the terminal's process group; other signals sent to this
// process are passed on, so the API always gets to stop PostgreSQL cleanly.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function runApi({ watch = false, env = process.env } = {}) {
  const args = watch
    ? ['--import', 'tsx', '--watch', 'apps/api/src/main.ts']
    : ['--import', 'tsx', 'apps/api/src/main.ts'];
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  return child;
}
