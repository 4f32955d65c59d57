import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chromiumPlan, DEBIAN_CHROMIUM } from './ensure-chromium.mjs';

const present =
  (...files) =>
  (file) =>
    files.includes(file);

describe('Chromium for the browser tests', () => {
  it.each([
    ['CHROME_PATH points at a browser', { chromePath: '/opt/chrome', isPresent: present('/opt/chrome') }, 'ready'],
    ["Debian's Chromium is installed", { isPresent: present(DEBIAN_CHROMIUM) }, 'ready'],
    ['root with apt-get and no Chromium', { isPresent: present(), isRoot: true, canApt: true }, 'install'],
    ['a user with apt-get and no Chromium', { isPresent: present(), isRoot: false, canApt: true }, 'stop'],
    ['root without apt-get', { isPresent: present(), isRoot: true, canApt: false }, 'stop'],
    [
      'CHROME_PATH points nowhere, as root',
      { chromePath: '/nope', isPresent: present(), isRoot: true, canApt: true },
      'stop',
    ],
  ])('%s: %s', (_case, situation, action) => {
    expect(chromiumPlan({ isRoot: false, canApt: false, ...situation }).action).toBe(action);
  });

  it('tells a user without root the one command to type', () => {
    const plan = chromiumPlan({ isPresent: present(), isRoot: false, canApt: true });
    expect(plan.message).toBe(
      'The browser tests need Chromium at /usr/bin/chromium: type: sudo apt-get install -y chromium, then run the command again.',
    );
  });

  it('stops at once with one line when CHROME_PATH is not a browser, and passes when it is', () => {
    const script = fileURLToPath(new URL('./ensure-chromium.mjs', import.meta.url));
    const run = (chromePath) =>
      spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromePath } });

    const missing = run('/nonexistent/chromium');
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toEqual([
      'CHROME_PATH is /nonexistent/chromium, which is not an executable Chromium: point it at one, or unset it to use /usr/bin/chromium.',
    ]);
    // Any executable stands in for a browser here: the script only checks that one is there.
    expect(run(process.execPath).status).toBe(0);
  });
});
