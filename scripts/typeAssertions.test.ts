import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A ratchet on type assertions in the product's source (src/, build/, dashboards/, tests aside):
 * `x as T` and `<T>x` (not `as const`), and non-null assertions `x!`. Each one is a place where the
 * types stopped carrying the contract; the way to remove one is to make the type true (a typed
 * helper, a type guard, a zod-parsed value, `must`/`getOrThrow` of src/shared/must.ts), never `any`.
 *
 * Lower these when you remove more; never raise them.
 */
const MAX_CASTS = 106;
const MAX_NON_NULL = 36;

interface Count { casts: number; nonNull: number }

/** The assertions of one file's text. */
function countAssertions(fileName: string, text: string): Count {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const count: Count = { casts: 0, nonNull: 0 };
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type;
      if (!(ts.isTypeReferenceNode(type) && type.typeName.getText(source) === 'const')) count.casts++;
    }
    if (ts.isNonNullExpression(node)) count.nonNull++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

/** The product's tracked TypeScript files, tests aside. */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', 'src', 'build', 'dashboards'], { encoding: 'utf8' })
    .split('\n').filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
}

describe('type assertions', () => {
  it('are counted: casts but not `as const`, and non-null assertions', () => {
    const sample = 'const a = x as T; const b = <T>y; const c = z!.w; const d = [1] as const; const e = f as unknown as G;';
    expect(countAssertions('sample.ts', sample)).toEqual({ casts: 4, nonNull: 1 });
    expect(countAssertions('sample.tsx', 'const a = <div>{x!}</div>; const b = y as string;')).toEqual({ casts: 1, nonNull: 1 });
  });

  it(`stay at most ${MAX_CASTS} casts and ${MAX_NON_NULL} non-null assertions in the source`, () => {
    const perFile = sourceFiles().map((file) => ({ file, ...countAssertions(file, readFileSync(file, 'utf8')) }));
    const total = perFile.reduce((sum, f) => ({ casts: sum.casts + f.casts, nonNull: sum.nonNull + f.nonNull }), { casts: 0, nonNull: 0 });
    const most = perFile.filter((f) => f.casts + f.nonNull).sort((a, b) => b.casts + b.nonNull - a.casts - a.nonNull).slice(0, 10)
      .map((f) => `${f.file}: ${f.casts} casts, ${f.nonNull} non-null`).join('\n');
    expect(total.casts, `casts over the ratchet; the most are in\n${most}`).toBeLessThanOrEqual(MAX_CASTS);
    expect(total.nonNull, `non-null assertions over the ratchet; the most are in\n${most}`).toBeLessThanOrEqual(MAX_NON_NULL);
  });
});
