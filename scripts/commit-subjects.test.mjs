import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A commit's subject is read in one line of `git log --oneline`, a review list or a terminal: at most 72 characters,
 * the rest belongs in the body. Commits up to CUTOFF are history and stay as they were written; every later one is
 * checked. A checkout without that history (a shallow clone, a source archive, no git) has nothing to check: the test
 * is skipped and says why, rather than failing on commits it cannot see.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAX_SUBJECT = 72;
const CUTOFF = '9d85283a05ae48b0ae0202b98b64a37d28cdfeeb';

const git = (...args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

const succeeds = (...args) => {
  try {
    git(...args);
    return true;
  } catch {
    return false;
  }
};

/** Why the subjects cannot be checked here, or undefined when they can. */
function missingHistory() {
  if (!succeeds('rev-parse', '--git-dir')) return 'this checkout has no git history';
  if (succeeds('merge-base', '--is-ancestor', CUTOFF, 'HEAD')) return undefined;
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true';
  return shallow
    ? `this is a shallow clone without commit ${CUTOFF}; clone with full history to check`
    : `commit ${CUTOFF} is not in this branch's history`;
}

/** `<hash> <subject>` of every commit after CUTOFF whose subject is longer than MAX_SUBJECT. */
function longSubjects(logLines) {
  return logLines.filter((line) => line.slice(line.indexOf(' ') + 1).length > MAX_SUBJECT);
}

describe('commit subjects', () => {
  it(`are at most ${MAX_SUBJECT} characters after ${CUTOFF.slice(0, 7)}`, (context) => {
    const reason = missingHistory();
    if (reason) {
      console.warn(`Commit subjects not checked: ${reason}.`);
      context.skip(reason);
    }
    const lines = git('log', '--format=%h %s', `${CUTOFF}..HEAD`).split('\n').filter(Boolean);
    expect(longSubjects(lines)).toEqual([]);
  });

  it('finds a subject one character too long', () => {
    const fits = `abc1234 ${'x'.repeat(MAX_SUBJECT)}`;
    const tooLong = `def5678 ${'y'.repeat(MAX_SUBJECT + 1)}`;
    expect(longSubjects([fits, tooLong])).toEqual([tooLong]);
  });
});
