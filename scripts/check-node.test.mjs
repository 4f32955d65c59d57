import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAtLeast, parseMinimumVersion, requiredNodeVersion } from './check-node.mjs';

describe('Node.js version check', () => {
  it.each([
    ['>=20.19', [20, 19, 0]],
    ['>= 20.19.1', [20, 19, 1]],
    ['>=22', [22, 0, 0]],
  ])('reads the minimum of %s', (range, minimum) => {
    expect(parseMinimumVersion(range)).toEqual(minimum);
  });

  it.each(['^20.19', '20.x', '>=20.19 <23', ''])('refuses the range %j it cannot check', (range) => {
    expect(() => parseMinimumVersion(range)).toThrow('engines.node must read ">=MAJOR.MINOR"');
  });

  it.each([
    ['20.19.0', true],
    ['v20.20.2', true],
    ['20.19.5', true],
    ['22.1.0', true],
    ['20.18.3', false],
    ['18.20.8', false],
    ['19.99.0', false],
  ])('Node.js %s meets >=20.19: %s', (version, expected) => {
    expect(isAtLeast(version, [20, 19, 0])).toBe(expected);
  });

  it('stops an older Node.js at once with one line that says what to do', () => {
    const script = new URL('./check-node.mjs', import.meta.url).href;
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `(await import(${JSON.stringify(script)})).ensureNodeVersion('18.19.0')`],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Lawn Care Office needs Node.js ${requiredNodeVersion()} or newer, but this is Node.js 18.19.0: ` +
        'install a newer Node.js (https://nodejs.org) and run the command again.',
    ]);
  });

  it('the README promises the version that package.json requires', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`Node.js ${requiredNodeVersion()} or newer`);
  });
});
