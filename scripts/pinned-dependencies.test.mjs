import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every dependency is pinned to one exact version, so an install today and an install next month get the same code
 * and a new release never reaches the product unreviewed. The lockfile pins the transitive ones; these pin the
 * lockfile's roots. `.npmrc` sets `save-exact`, so `npm install <name>` writes an exact version by itself.
 */
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides'];

const readJson = (relativePath) => JSON.parse(readFileSync(new URL(`../${relativePath}`, import.meta.url), 'utf8'));
const root = readJson('package.json');
const manifests = [
  ['package.json', root],
  ...root.workspaces.map((workspace) => [`${workspace}/package.json`, readJson(`${workspace}/package.json`)]),
];

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
    const stale = manifests.flatMap(([file, manifest]) => {
      const lockEntry = lock.packages[file === 'package.json' ? '' : file.replace(/\/package\.json$/, '')] ?? {};
      return ['dependencies', 'devDependencies', 'optionalDependencies']
        .filter((field) => JSON.stringify(lockEntry[field] ?? {}) !== JSON.stringify(manifest[field] ?? {}))
        .map((field) => `${file} ${field}`);
    });
    expect(stale).toEqual([]);
  });
});
