import ts from 'typescript';
import type { FieldPlan } from './fields';
import type { PagePlan } from './plan';
import { appendToArray, EditError, ensureImports, exportedConstOfType, parse, property, startWithComments } from './sourceEdits';

/** A string as a single-quoted TypeScript literal. */
export const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The field's extra as the manifest writes it: `{ required: true, max: 32 }`, or nothing. */
function extraOf(f: FieldPlan): string {
  const parts: string[] = [];
  if (f.required) parts.push('required: true');
  if (f.unique) parts.push('unique: true');
  if (f.search) parts.push(`search: ${f.search === 'contains' ? "'contains'" : 'true'}`);
  if (f.sortable) parts.push('sortable: true');
  if (f.lockedOnEdit) parts.push('lockedOnEdit: true');
  if (f.max !== undefined) parts.push(`max: ${f.max}`);
  if (f.min !== undefined) parts.push(`min: ${f.min}`);
  if (f.maxValue !== undefined) parts.push(`maxValue: ${f.maxValue}`);
  if (f.width !== undefined) parts.push(`width: ${f.width}`);
  return parts.length ? `, { ${parts.join(', ')} }` : '';
}

const BUILDER: Record<string, string> = { boolean: 'bool' };

/** One field as the section files declare it: `f.code('code', '回收商编码', 'Recycler code', { required: true })`. */
export function fieldDeclaration(f: FieldPlan): string {
  if (f.type === 'status') return 'statusField()';
  const head = `${quote(f.key)}, ${quote(f.zh)}, ${quote(f.en)}`;
  if (f.type === 'select') {
    const options = f.options!.map((o) => `{ value: ${quote(o.value)}, label: text(${quote(o.zh)}, ${quote(o.en)}) }`).join(', ');
    return `f.select(${head}, [${options}]${extraOf(f)})`;
  }
  if (f.type === 'ref') return `f.ref(${head}, ${quote(f.ref!)}${extraOf(f)})`;
  return `f.${BUILDER[f.type] ?? f.type}(${head}${extraOf(f)})`;
}

/** The page's manifest entry: a named list page, so `PageInput<typeof page>` and `pageApi(page)` keep its fields' types. */
export function pageDeclaration(plan: PagePlan): string {
  const lines = [
    `export const ${plan.pageConst} = list(${quote(plan.route)}, ${quote(plan.zh)}, ${quote(plan.en)}, ${quote(plan.icon)}, {`,
    `  api: ${quote(plan.api)},`,
    ...(plan.scope ? [`  scope: ${quote(plan.scope)},`] : []),
    '  fields: [',
    ...plan.fields.map((f) => `    ${fieldDeclaration(f)},`),
    '  ],',
    '});',
  ];
  return lines.join('\n');
}

/**
 * The section file with the page: its declaration above the section, and its name at the end of
 * its group's pages. A group whose pages are not written out as a list (`sharedConfigPages()`)
 * becomes `[...sharedConfigPages(), page]`: the new page sits in this menu place alone.
 */
export function addPageToSection(text: string, plan: PagePlan): string {
  const file = plan.sectionFile;
  if (new RegExp(`\\bconst ${plan.pageConst}\\b`).test(text)) throw new EditError(`${file} has a ${plan.pageConst} already`);
  const sf = parse(file, text);
  const statement = exportedConstOfType(sf, 'SectionSpec');
  const init = statement?.declarationList.declarations[0].initializer;
  if (!statement || !init || !ts.isObjectLiteralExpression(init)) throw new EditError(`${file}: no exported SectionSpec object`);
  const groups = property(init, 'groups')?.initializer;
  if (!groups || !ts.isArrayLiteralExpression(groups)) throw new EditError(`${file}: its section's groups are not a list`);
  const group = groups.elements.filter(ts.isObjectLiteralExpression).find((g) => {
    const p = property(g, 'path')?.initializer;
    return p && ts.isStringLiteral(p) && p.text === plan.group;
  });
  const pages = group && property(group, 'pages')?.initializer;
  if (!pages) throw new EditError(`${file}: group ${plan.group} has no pages`);

  let out = ts.isArrayLiteralExpression(pages)
    ? appendToArray(text, sf, pages, plan.pageConst)
    : text.slice(0, pages.getStart(sf)) + `[...${pages.getText(sf)}, ${plan.pageConst}]` + text.slice(pages.getEnd());
  const at = startWithComments(out, parse(file, out), exportedConstOfType(parse(file, out), 'SectionSpec')!);
  out = `${out.slice(0, at)}${pageDeclaration(plan)}\n\n${out.slice(at)}`;

  const builders = ['f', 'list', ...(plan.fields.some((f) => f.type === 'status') ? ['statusField'] : [])];
  out = ensureImports(out, file, './build', builders);
  if (plan.fields.some((f) => f.type === 'select')) out = ensureImports(out, file, './types', ['text']);
  return out;
}
