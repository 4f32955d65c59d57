// The browser tests drive Debian's Chromium (CHROME_PATH, or /usr/bin/chromium); Playwright never downloads one.
// When it is missing, root with apt-get installs it here; anyone else is stopped at once with the one command
// to type, rather than after minutes of unit tests. Only Node built-ins may be used: it runs before the install.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const INSTALL_ARGS = ['install', '-y', 'chromium'];
const INSTALL_COMMAND = `apt-get ${INSTALL_ARGS.join(' ')}`;

export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasAptGet(searchPath = process.env.PATH ?? '') {
  return searchPath
    .split(path.delimiter)
    .some((directory) => directory && isExecutable(path.join(directory, 'apt-get')));
}

/**
 * What to do about Chromium: `ready`, `install` (Debian's package, as root), or `stop` with the line to print.
 * A CHROME_PATH that points nowhere is reported, not replaced: the browser tests would still use it.
 */
export function chromiumPlan({ chromePath, isPresent, isRoot, canApt }) {
  if (chromePath) {
    return isPresent(chromePath)
      ? { action: 'ready' }
      : {
          action: 'stop',
          message: `CHROME_PATH is ${chromePath}, which is not an executable Chromium: point it at one, or unset it to use ${DEBIAN_CHROMIUM}.`,
        };
  }
  if (isPresent(DEBIAN_CHROMIUM)) return { action: 'ready' };
  if (isRoot && canApt) return { action: 'install' };
  const hint = canApt
    ? `type: sudo ${INSTALL_COMMAND}`
    : 'install Chromium with your package manager and set CHROME_PATH to its executable';
  return {
    action: 'stop',
    message: `The browser tests need Chromium at ${DEBIAN_CHROMIUM}: ${hint}, then run the command again.`,
  };
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

export function ensureChromium() {
  const plan = chromiumPlan({
    chromePath: process.env.CHROME_PATH,
    isPresent: isExecutable,
    isRoot: process.getuid?.() === 0,
    canApt: hasAptGet(),
  });
  if (plan.action === 'ready') return;
  if (plan.action === 'install') {
    console.log("Installing Debian's Chromium for the browser tests...");
    if (run('apt-get', ['update']) && run('apt-get', INSTALL_ARGS) && isExecutable(DEBIAN_CHROMIUM)) {
      return;
    }
    console.error(
      `Installing Chromium failed (see above): fix it, or type ${INSTALL_COMMAND}, then run the command again.`,
    );
    process.exit(1);
  }
  console.error(plan.message);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureChromium();
