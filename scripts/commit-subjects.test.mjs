import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A commit's subject is read in one line of `git log --oneline`, a review list or a terminal: at most 72 characters,
 * the rest belongs in the body. Commits before CUTOFF are history and stay as they were written; every later one is
 * checked. A clone without that history (shallow, or a source archive) has nothing to check, and says so.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_SUBJECT = 72;
const CUTOFF = 'b31b5fc';

const git = (...args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

function hasCutoff() {
  try {
    git('cat-file', '-e', `${CUTOFF}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

describe('commit subjects', () => {
  it.skipIf(!hasCutoff())(`are at most ${MAX_SUBJECT} characters after ${CUTOFF}`, () => {
    const subjects = git('log', '--format=%h %s', `${CUTOFF}..HEAD`).split('\n').filter(Boolean);
    const tooLong = subjects.filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX_SUBJECT);
    expect(tooLong).toEqual([]);
  });
});
