import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { quote } from '../new-page/manifestEntry';
import { appendToArray, EditError, ensureImports, exportedConstOfType, importPath, parse, property } from '../new-page/sourceEdits';
import { apiTestSource, defConst, definitionSource, querySource, queryConst, type ReportRequest } from './templates';

export { EditError };

const SHARED_INDEX = 'src/shared/analytics/reports/index.ts';
const SERVER_INDEX = 'src/server/modules/analysis/reports/index.ts';
const ROUTE = /^[a-z][A-Za-z0-9]*$/;
const ORDER_TYPE = /^[A-Z]{2}$/;

/** The files a report takes, relative to the repository: each written or edited. */
export const reportFiles = (r: ReportRequest) => ({
  section: `src/shared/pages/${r.section}.ts`,
  definition: `src/shared/analytics/reports/${r.route}.ts`,
  query: `src/server/modules/analysis/reports/${r.route}.ts`,
  test: `tests/api/${r.route}Report.test.ts`,
});

/** The section file with `report(...)` at the end of its group's pages. */
function addToSection(text: string, file: string, r: ReportRequest): string {
  const sf = parse(file, text);
  const statement = exportedConstOfType(sf, 'SectionSpec');
  const init = statement?.declarationList.declarations[0].initializer;
  if (!init || !ts.isObjectLiteralExpression(init)) throw new EditError(`${file}: no exported SectionSpec object`);
  const groups = property(init, 'groups')?.initializer;
  if (!groups || !ts.isArrayLiteralExpression(groups)) throw new EditError(`${file}: its section's groups are not a list`);
  const group = groups.elements.filter(ts.isObjectLiteralExpression).find((g) => {
    const p = property(g, 'path')?.initializer;
    return p && ts.isStringLiteral(p) && p.text === r.group;
  });
  const pages = group && property(group, 'pages')?.initializer;
  if (!pages || !ts.isArrayLiteralExpression(pages)) throw new EditError(`${file}: no group ${r.group} with a list of pages`);
  const out = appendToArray(text, sf, pages, `report(${quote(r.route)}, ${quote(r.zh)}, ${quote(r.en)}, ${quote(r.icon)})`);
  return ensureImports(out, file, './build', ['report']);
}

/** A registry list (`export const NAME: T[] = [...]`) with one more element, imported from its module. */
function addToRegistry(text: string, file: string, list: string, element: string, module: string): string {
  const sf = parse(file, text);
  const decl = sf.statements.filter(ts.isVariableStatement).flatMap((s) => [...s.declarationList.declarations])
    .find((d) => ts.isIdentifier(d.name) && d.name.text === list);
  if (!decl?.initializer || !ts.isArrayLiteralExpression(decl.initializer)) throw new EditError(`${file}: no list ${list}`);
  return ensureImports(appendToArray(text, sf, decl.initializer, element), file, module, [element]);
}

/** Checks a request against the repository: a known section and group, a free route, order types. */
export function checkRequest(root: string, r: ReportRequest, pagePaths: Set<string>): void {
  if (!ROUTE.test(r.route)) throw new EditError(`route ${r.route}: letters and digits, starting with a small letter`);
  if (pagePaths.has(r.route)) throw new EditError(`route ${r.route}: a page of that name exists`);
  if (!r.zh.trim() || !r.en.trim()) throw new EditError('both titles are needed (--zh, --en)');
  if (!r.orders.length || !r.orders.every((o) => ORDER_TYPE.test(o))) throw new EditError('--orders: order type codes, e.g. LR,LC');
  const files = reportFiles(r);
  if (!existsSync(path.join(root, files.section))) throw new EditError(`no section ${r.section} (${files.section})`);
  for (const file of [files.definition, files.query, files.test]) if (existsSync(path.join(root, file))) throw new EditError(`${file} exists`);
}

/**
 * Writes a report page: its menu entry, its definition (added to REPORT_DEFS), its query (added
 * to REPORT_QUERIES) and its API test. Every edit is made in memory first, so a refusal writes nothing.
 */
export function newReport(root: string, r: ReportRequest, pagePaths: Set<string>): string[] {
  checkRequest(root, r, pagePaths);
  const files = reportFiles(r);
  const at = (file: string) => path.join(root, file);
  const edits = new Map<string, string>();
  edits.set(files.section, addToSection(readFileSync(at(files.section), 'utf8'), files.section, r));
  edits.set(files.definition, definitionSource(r));
  edits.set(SHARED_INDEX, addToRegistry(readFileSync(at(SHARED_INDEX), 'utf8'), SHARED_INDEX, 'REPORT_DEFS', defConst(r), importPath(SHARED_INDEX, files.definition)));
  edits.set(files.query, querySource(r));
  edits.set(SERVER_INDEX, addToRegistry(readFileSync(at(SERVER_INDEX), 'utf8'), SERVER_INDEX, 'REPORT_QUERIES', queryConst(r), importPath(SERVER_INDEX, files.query)));
  edits.set(files.test, apiTestSource(r));
  for (const [file, text] of edits) writeFileSync(at(file), text);
  return [...edits.keys()];
}
