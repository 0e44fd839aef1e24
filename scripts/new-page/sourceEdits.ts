import path from 'node:path';
import ts from 'typescript';

/**
 * Edits of TypeScript source as text, found with the compiler's parser: only the spans the
 * generator adds to change, so a file keeps its formatting and comments. Each edit answers the
 * new text; callers parse again before the next.
 */

export class EditError extends Error {}

export const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

const splice = (text: string, at: number, remove: number, insert: string) => text.slice(0, at) + insert + text.slice(at + remove);

/** The whitespace a line starts with, for the line holding `pos`. */
function indentAt(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * An element added at the end of an array literal: on a line of its own, indented as the last,
 * when the array spans lines (a trailing comma kept as the array has it), else after `, `.
 */
export function appendToArray(text: string, sf: ts.SourceFile, array: ts.ArrayLiteralExpression, element: string): string {
  const elements = array.elements;
  if (!elements.length) return splice(text, array.getStart(sf) + 1, array.getEnd() - array.getStart(sf) - 2, element);
  const last = elements[elements.length - 1];
  const multiline = text.slice(array.getStart(sf), array.getEnd()).includes('\n');
  if (!multiline) return splice(text, last.getEnd(), 0, `, ${element}`);
  const indent = indentAt(text, last.getStart(sf));
  if (elements.hasTrailingComma) {
    const comma = text.indexOf(',', last.getEnd());
    return splice(text, comma + 1, 0, `\n${indent}${element},`);
  }
  return splice(text, last.getEnd(), 0, `,\n${indent}${element}`);
}

/** The module specifier of `target` as `from` imports it: `../../http/pageCrud`. */
export function importPath(from: string, target: string): string {
  const rel = path.relative(path.dirname(from), target).replace(/\\/g, '/').replace(/\.tsx?$/, '');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * Names imported from a module: added to the file's named import of it, or as a new import
 * after the last one. Names it imports already are left alone.
 */
export function ensureImports(text: string, file: string, module: string, names: string[]): string {
  const sf = parse(file, text);
  const imports = sf.statements.filter(ts.isImportDeclaration);
  const existing = imports.find((d) => ts.isStringLiteral(d.moduleSpecifier) && d.moduleSpecifier.text === module
    && !d.importClause?.isTypeOnly && d.importClause?.namedBindings && ts.isNamedImports(d.importClause.namedBindings));
  if (existing) {
    const named = existing.importClause!.namedBindings as ts.NamedImports;
    const have = new Set(named.elements.map((e) => e.name.text));
    const missing = names.filter((n) => !have.has(n));
    if (!missing.length) return text;
    const last = named.elements[named.elements.length - 1];
    return splice(text, last.getEnd(), 0, `, ${missing.join(', ')}`);
  }
  const line = `import { ${names.join(', ')} } from '${module}';\n`;
  if (!imports.length) return line + text;
  const end = imports[imports.length - 1].getEnd();
  return splice(text, end, 0, `\n${line.trimEnd()}`);
}

/** The exported `const <name>: <type> = …` of a file (a section's `SectionSpec`), or none. */
export function exportedConstOfType(sf: ts.SourceFile, typeName: string): ts.VariableStatement | undefined {
  return sf.statements.filter(ts.isVariableStatement).find((s) => s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    && s.declarationList.declarations.some((d) => d.type && ts.isTypeReferenceNode(d.type) && d.type.typeName.getText(sf) === typeName));
}

/** A property of an object literal by name. */
export function property(object: ts.ObjectLiteralExpression, name: string): ts.PropertyAssignment | undefined {
  return object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name);
}

/** Where a statement's text begins, its leading comments (a doc comment above it) included. */
export function startWithComments(text: string, sf: ts.SourceFile, node: ts.Node): number {
  const comments = ts.getLeadingCommentRanges(text, node.getFullStart());
  return comments?.length ? comments[0].pos : node.getStart(sf);
}

/**
 * Adds a call's routes to a route function: to the array it returns (`return [...a, ...b]`),
 * or, where it gathers them in `routes` and returns that, as a `routes.push(...)` before the return.
 */
export function addToRouteFunction(text: string, file: string, functionName: string, element: string): string {
  const sf = parse(file, text);
  const fn = sf.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === functionName);
  if (!fn?.body) throw new EditError(`${file}: no function ${functionName}`);
  const returns = fn.body.statements.filter(ts.isReturnStatement);
  const returned = returns.at(-1)?.expression;
  if (returned && ts.isArrayLiteralExpression(returned)) return appendToArray(text, sf, returned, element);
  if (returned && ts.isIdentifier(returned)) {
    const ret = returns.at(-1)!;
    const indent = indentAt(text, ret.getStart(sf));
    return splice(text, ret.getStart(sf), 0, `${returned.text}.push(${element});\n${indent}`);
  }
  throw new EditError(`${file}: ${functionName} neither returns an array literal nor a list it gathers`);
}
