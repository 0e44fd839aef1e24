import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A catch block that never looks at what it caught swallows programming errors along with the
 * failure it meant (a TypeError in a success handler looks like "the client showed why"). Each
 * catch in the console names its error and narrows it (rethrowUnlessShown, validValues, a known
 * error class) or reports it.
 */
const WEB = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Catch clauses whose block never uses the error: none bound, or bound and never read. */
function blindCatches(file: string): number[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCatchClause(node)) {
      const name = node.variableDeclaration?.name;
      let used = false;
      if (name && ts.isIdentifier(name)) {
        const look = (n: ts.Node) => {
          if (ts.isIdentifier(n) && n.text === name.text) used = true;
          else ts.forEachChild(n, look);
        };
        look(node.block);
      }
      if (!used) lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

describe('catch blocks in the console', () => {
  it('look at what they caught, so a programming error is never swallowed silently', () => {
    const found: Record<string, number[]> = {};
    for (const file of sources(WEB)) {
      const lines = blindCatches(file);
      if (lines.length) found[path.relative(WEB, file).split(path.sep).join('/')] = lines;
    }
    expect(Object.entries(found).map(([file, lines]) => `${file}:${lines.join(',')}`)).toEqual([]);
  });
});
