// Makes sure wapiti and sqlmap (Debian packages: bookworm has wapiti 3.0.4 and sqlmap 1.7.2) are installed. As root
// on a machine with apt-get they are installed on the spot; otherwise the run stops at once with the command to type.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const PACKAGES = ['wapiti', 'sqlmap'];

function isOnPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function version(command) {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const match = command === 'wapiti' ? /Wapiti[- ]([\d.]+)/.exec(text) : /^(\d[\w.#-]*)/m.exec(text);
  return match?.[1] ?? 'unknown';
}

/** Installs what is missing when possible, exits otherwise; returns the installed versions. */
export function ensureScanners() {
  const missing = PACKAGES.filter((command) => !isOnPath(command));
  if (missing.length > 0) {
    const canInstall = process.getuid?.() === 0 && isOnPath('apt-get');
    if (!canInstall) {
      console.error(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed. Install with:`);
      console.error(`  sudo apt-get install -y ${missing.join(' ')}`);
      process.exit(1);
    }
    console.log(`Installing ${missing.join(' and ')} (apt-get)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', ...missing]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) {
        console.error(`apt-get ${args.join(' ')} failed (exit code ${result.status ?? result.signal}).`);
        process.exit(1);
      }
    }
  }
  return Object.fromEntries(PACKAGES.map((command) => [command, version(command)]));
}
