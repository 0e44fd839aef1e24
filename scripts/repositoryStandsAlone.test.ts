import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A clone of this repository is all a reader gets, so its code, tests and documents explain
 * themselves with what the clone holds: the product's rules are in docs/product.md, the design in
 * docs/architecture.md (see docs/README.md). A reference to a document outside the repository or to
 * an issue number leads nowhere; this test finds them in every tracked text file.
 */
/** Names of documents that stand beside the repository, never in it (assembled, so this file names none). */
const OUTSIDE_DOCS = ['DESIGN', 'STYLE', 'STACK'].map((name) => `${name}\\.md`).concat(['console' + '-spec']);
const BESIDE = '\\.\\./' + 'shared';
const OUTSIDE = [
  { what: 'a section of an outside specification', pattern: /\bspec(?:ification)?(?:'s)? section\b|\bsection \d of the spec\b|\bthe spec(?:'s)?\b/i },
  { what: 'an outside design or style document', pattern: new RegExp(OUTSIDE_DOCS.join('|')) },
  { what: 'the folder beside the repository', pattern: new RegExp(`(?<![./\\w])${BESIDE}/(?!api/|pages/|analytics/|orders/|i18n/|logistics/)`) },
  { what: 'an issue number', pattern: /\bissues? #?\d+\b|(?<![\w/])#\d{1,4}\b(?=\)|:|,|\s)/i },
];

const TEXT = /\.(?:ts|tsx|mjs|cjs|js|md|css|html|json|sh|yml|yaml)$|^\.ci\/|^\.nvmrc$/;
/** This file names the patterns it looks for. */
const SELF = 'scripts/repositoryStandsAlone.test.ts';

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' });
  return out.split('\0').filter((f) => f && f !== SELF && f !== 'package-lock.json' && TEXT.test(f));
}

describe('the repository stands alone', () => {
  it('no file points to a document outside the repository or to an issue number', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const { what, pattern } of OUTSIDE) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('finds each kind of outside reference it forbids', () => {
    // Each kind, put together here from parts so that this file itself points nowhere.
    const [doc, beside, issue] = [`see ${'DESIGN'}.md "Permissions"`, `node ${'..'}/shared/anchor-builds`, `done in ${'issue'} 14`];
    const samples = [`(${'spec'} section 5)`, `the ${'spec'}'s rate`, doc, beside, issue, 'fixed (#12)'];
    expect(samples.map((s) => OUTSIDE.some(({ pattern }) => pattern.test(s)))).toEqual(samples.map(() => true));
    const fine = ["import { x } from '../shared/api/envelope'", 'tests/e2e/orders.spec.ts', 'the inspection of a tyre', 'color: #1d2129'];
    expect(fine.filter((s) => OUTSIDE.some(({ pattern }) => pattern.test(s)))).toEqual([]);
  });
});
