// Stops `npm start`, `npm run dev` and `npm test` at once, with one line, when Node.js is older than the
// `engines.node` field of package.json: that field is the only place the supported version is written.
// Only Node built-ins and syntax that older Node versions parse may be used here, since it runs on them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The minimum version in an `engines.node` range of the form `>=20.19` (the only form this project uses). */
export function parseMinimumVersion(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim());
  if (!match) throw new Error(`engines.node must read ">=MAJOR.MINOR", not "${range}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** Whether `version` (`20.20.2` or `v20.20.2`) is at least `minimum` ([major, minor, patch]). */
export function isAtLeast(version, minimum) {
  const parts = String(version).replace(/^v/, '').split('.').map(Number);
  for (let index = 0; index < 3; index += 1) {
    const part = parts[index] || 0;
    if (part !== minimum[index]) return part > minimum[index];
  }
  return true;
}

/** The minimum Node.js version as people write it, e.g. `20.19`. */
export function requiredNodeVersion() {
  const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  const [major, minor, patch] = parseMinimumVersion(manifest.engines.node);
  return patch ? `${major}.${minor}.${patch}` : `${major}.${minor}`;
}

export function ensureNodeVersion(current = process.versions.node) {
  const required = requiredNodeVersion();
  if (isAtLeast(current, parseMinimumVersion(`>=${required}`))) return;
  console.error(
    `Lawn Care Office needs Node.js ${required} or newer, but this is Node.js ${current}: ` +
      'install a newer Node.js (https://nodejs.org) and run the command again.',
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureNodeVersion();
