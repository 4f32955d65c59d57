import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (docs/architecture.md, docs/glossary.md, the ADRs), and only if what points at an
 * explanation finds it: every link between the repository's documents leads to a file that exists (and a heading that
 * exists, when it names one), and every code comment citing a section of docs/architecture.md names one it has. The
 * requirements themselves are not in the repository, so nothing cites them.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ARCHITECTURE = 'docs/architecture.md';

const trackedFiles = (...patterns) =>
  execFileSync('git', ['ls-files', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const headingsOf = (file) => [...read(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1].trim());

describe('documentation links', () => {
  it.each(trackedFiles('*.md'))('every relative link of %s leads somewhere', (file) => {
    // Code spans and fenced blocks show links as text; only real links are followed.
    const text = read(file)
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1])
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const [relative, anchor] = target.split('#');
        const targetFile = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)) : file;
        if (!existsSync(path.join(ROOT, targetFile))) return true;
        if (!anchor || !targetFile.endsWith('.md')) return false;
        return !headingsOf(targetFile).map(anchorOf).includes(anchor);
      });
    expect(broken).toEqual([]);
  });

  it('every code comment citing a section of docs/architecture.md names one of its headings', () => {
    const headings = headingsOf(ARCHITECTURE);
    const citations = trackedFiles('*.ts', '*.tsx', '*.mjs', '*.js').flatMap((file) =>
      [...read(file).matchAll(/docs\/architecture\.md, '([^']+)'/g)].map((match) => ({ file, section: match[1] })),
    );
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.filter(({ section }) => !headings.includes(section))).toEqual([]);
  });

  it('nothing cites an ARCHITECTURE.md the repository does not have', () => {
    const citing = trackedFiles('*.ts', '*.tsx', '*.mjs', '*.js', '*.md').filter(
      (file) => file !== 'scripts/docs-links.test.mjs' && read(file).includes('ARCHITECTURE.md'),
    );
    expect(citing).toEqual([]);
  });

  it('no code or document cites the requirements by section: comments state the rule itself', () => {
    const citing = trackedFiles('*.ts', '*.tsx', '*.mjs', '*.js', '*.md', '*.sql').filter(
      (file) =>
        !['scripts/docs-links.test.mjs', 'CODE_STYLE.md'].includes(file) && /\bspec \d\b|§|DOMAIN\.md/.test(read(file)),
    );
    expect(citing).toEqual([]);
  });
});
