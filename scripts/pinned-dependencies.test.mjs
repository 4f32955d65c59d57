import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every dependency is pinned to one exact version, so an install today and an install next month get the same code
 * and a new release never reaches the product unreviewed. The lockfile pins the transitive ones; these pin the
 * lockfile's roots. `.npmrc` sets `save-exact`, so `npm install <name>` writes an exact version by itself.
 */
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides'];

/** Packages with their own lockfile, outside the workspaces: installed only by the benchmark that needs them. */
const SEPARATE_PACKAGES = ['bench/lighthouse'];

const readJson = (relativePath) => JSON.parse(readFileSync(new URL(`../${relativePath}`, import.meta.url), 'utf8'));
const root = readJson('package.json');
const manifests = [
  ['package.json', root],
  ...[...root.workspaces, ...SEPARATE_PACKAGES].map((folder) => [
    `${folder}/package.json`,
    readJson(`${folder}/package.json`),
  ]),
];
const LOCKED_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'];

describe('pinned dependencies', () => {
  it.each(manifests)('%s names exact versions only', (_file, manifest) => {
    const ranges = DEPENDENCY_FIELDS.flatMap((field) =>
      Object.entries(manifest[field] ?? {})
        .filter(([, version]) => typeof version !== 'string' || !EXACT_VERSION.test(version))
        .map(([name, version]) => `${field}.${name}: ${JSON.stringify(version)}`),
    );
    expect(ranges).toEqual([]);
  });

  it('package-lock.json records the versions the manifests name', () => {
    const lock = readJson('package-lock.json');
    const stale = manifests
      .filter(([file]) => !SEPARATE_PACKAGES.some((folder) => file === `${folder}/package.json`))
      .flatMap(([file, manifest]) => {
        const lockEntry = lock.packages[file === 'package.json' ? '' : file.replace(/\/package\.json$/, '')] ?? {};
        return LOCKED_FIELDS.filter(
          (field) => JSON.stringify(lockEntry[field] ?? {}) !== JSON.stringify(manifest[field] ?? {}),
        ).map((field) => `${file} ${field}`);
      });
    expect(stale).toEqual([]);
  });

  it.each(SEPARATE_PACKAGES)('%s/package-lock.json records the versions its manifest names', (folder) => {
    const manifest = readJson(`${folder}/package.json`);
    const lockEntry = readJson(`${folder}/package-lock.json`).packages[''] ?? {};
    const stale = LOCKED_FIELDS.filter(
      (field) => JSON.stringify(lockEntry[field] ?? {}) !== JSON.stringify(manifest[field] ?? {}),
    );
    expect(stale).toEqual([]);
  });

  it('the product installs nothing that asks for a newer Node.js than it needs', () => {
    const lock = readJson('package-lock.json');
    const [major, minor] = root.engines.node.replace('>=', '').split('.').map(Number);
    // A package whose engines.node has no range that admits the product's minimum version makes npm warn (EBADENGINE).
    const admits = (range) =>
      range.split('||').some((part) => {
        const floor = /^\s*(?:>=|\^)\s*(\d+)(?:\.(\d+))?/.exec(part);
        if (!floor) return true;
        const [floorMajor, floorMinor] = [Number(floor[1]), Number(floor[2] ?? 0)];
        const isCaret = part.trim().startsWith('^');
        if (isCaret && floorMajor !== major) return false;
        return floorMajor < major || (floorMajor === major && floorMinor <= minor);
      });
    const tooNew = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string' && !admits(entry.engines.node))
      .map(([path, entry]) => `${path} ${entry.engines.node}`);
    expect(tooNew).toEqual([]);
  });
});
