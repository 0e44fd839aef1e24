import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A catch block that never looks at what it caught swallows programming errors along with the
 * failure it meant (a TypeError in a success handler looks like "the client showed why"). Each
 * catch in the console names its error and narrows it (rethrowUnlessShown, validValues, a known
 * error class) or reports it. A promise's `.catch` that lets its error go (a call whose failure the
 * client has already shown, a prefetch that the view loads again) says why, in a comment on its
 * line or the line before, anywhere in the console or the server.
 */
const WEB = path.resolve(import.meta.dirname);
const SRC = path.resolve(WEB, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const parsed = new Map<string, { text: string; source: ts.SourceFile }>();
/** Each file parsed once for both checks. */
function parse(file: string) {
  let entry = parsed.get(file);
  if (!entry) {
    const text = readFileSync(file, 'utf8');
    entry = { text, source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS) };
    parsed.set(file, entry);
  }
  return entry;
}

/** Catch clauses whose block never uses the error: none bound, or bound and never read. */
function blindCatches(file: string): number[] {
  const { source } = parse(file);
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

/** Whether `name` is read anywhere under `node`. */
function reads(node: ts.Node, name: string): boolean {
  let used = false;
  const look = (n: ts.Node) => {
    if (ts.isIdentifier(n) && n.text === name) used = true;
    else if (!used) ts.forEachChild(n, look);
  };
  look(node);
  return used;
}

/** `.catch(handler)` calls whose handler never reads the error, without a comment saying why on its line or the line before. */
function unexplainedPromiseCatches(file: string): number[] {
  const { text, source } = parse(file);
  const lines = text.split('\n');
  const found: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'catch') {
      const handler = node.arguments[0];
      if (handler && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
        const param = handler.parameters[0]?.name;
        const swallows = !param || (ts.isIdentifier(param) && !reads(handler.body, param.text));
        const line = source.getLineAndCharacterOfPosition(node.expression.name.getStart()).line;
        const explained = /\/\/|\/\*/.test(lines[line]) || /^\s*\/\//.test(lines[line - 1] ?? '');
        if (swallows && !explained) found.push(line + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('promise catches in the console and the server', () => {
  it('that let the error go say why', () => {
    const found: Record<string, number[]> = {};
    for (const file of sources(SRC)) {
      const lines = unexplainedPromiseCatches(file);
      if (lines.length) found[path.relative(SRC, file).split(path.sep).join('/')] = lines;
    }
    expect(Object.entries(found).map(([file, lines]) => `${file}:${lines.join(',')}`)).toEqual([]);
  }, 60_000);
});

describe('catch blocks in the console', () => {
  it('look at what they caught, so a programming error is never swallowed silently', () => {
    const found: Record<string, number[]> = {};
    for (const file of sources(WEB)) {
      const lines = blindCatches(file);
      if (lines.length) found[path.relative(WEB, file).split(path.sep).join('/')] = lines;
    }
    expect(Object.entries(found).map(([file, lines]) => `${file}:${lines.join(',')}`)).toEqual([]);
  }, 60_000);
});
