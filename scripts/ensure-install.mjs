// Installs dependencies when they are missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone. Only Node built-ins may be used here.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const installedMarker = `${root}node_modules/.package-lock.json`;
const lockfile = `${root}package-lock.json`;

export function ensureInstall() {
  const isInstalled = existsSync(installedMarker) && statSync(installedMarker).mtimeMs >= statSync(lockfile).mtimeMs;
  if (isInstalled) return;
  console.log('Installing dependencies (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall();
