import { textLength, type FieldPlan } from './fields';
import { quote } from './manifestEntry';
import { snakeCase, type PagePlan } from './plan';
import { ensureImports } from './sourceEdits';

/**
 * A field's column as pageCrud reads and writes it: text in a varchar as long as the field
 * allows, a number in a double (any number the field's rule takes fits), an int in a bigint (the
 * rule takes any safe integer), money as decimal text, a date as `YYYY-MM-DD` text, a ref as the
 * id of its record with a foreign key (a record still referred to cannot be deleted: 409, in use).
 * A required field is NOT NULL; a select, a status and a yes/no start at the form's default.
 */
function columnOf(f: FieldPlan, refTable: (kind: string) => string): { builder: string; code: string } {
  const name = quote(snakeCase(f.key));
  const notNull = f.required ? '.notNull()' : '';
  const unique = f.unique ? '.unique()' : '';
  const varchar = (length: number) => ({ builder: 'varchar', code: `varchar(${name}, { length: ${length} })${notNull}${unique}` });
  switch (f.type) {
    case 'status':
      return { builder: 'varchar', code: `varchar(${name}, { length: 16 }).notNull().default('normal')` };
    case 'select': {
      const length = Math.max(16, ...f.options!.map((o) => o.value.length));
      return { builder: 'varchar', code: `varchar(${name}, { length: ${length} }).notNull()${unique}${f.required ? '' : `.default(${quote(f.options![0].value)})`}` };
    }
    case 'phone':
      return varchar(32);
    case 'plate':
      return varchar(16);
    case 'number':
      return { builder: 'doublePrecision', code: `doublePrecision(${name})${notNull}${unique}` };
    case 'int':
      return { builder: 'bigint', code: `bigint(${name}, { mode: 'number' })${notNull}${unique}` };
    case 'money':
      return { builder: 'numeric', code: `numeric(${name}, { precision: 12, scale: 2 })${notNull}${unique}` };
    case 'date':
      return { builder: 'date', code: `date(${name}, { mode: 'string' })${notNull}${unique}` };
    case 'boolean':
      return { builder: 'boolean', code: `boolean(${name}).notNull()${unique}.default(false)` };
    case 'ref':
      return { builder: 'integer', code: `integer(${name})${notNull}${unique}.references(() => ${refTable(f.ref!)}.id)` };
    default:
      return varchar(textLength(f)!);
  }
}

/** schema.ts with the page's table at its end, and the column builders it uses imported. */
export function addTable(text: string, plan: PagePlan, refTable: (kind: string) => string): string {
  const columns = plan.fields.map((f) => ({ key: f.key, ...columnOf(f, refTable) }));
  const table = [
    '',
    `/** The records of ${plan.sectionTitle['en-US']} › ${plan.groupTitle['en-US']} › ${plan.en} (${plan.sectionFile}). */`,
    `export const ${plan.tableConst} = pgTable(${quote(plan.tableSql)}, {`,
    "  id: serial('id').primaryKey(),",
    ...columns.map((c) => `  ${c.key}: ${c.code},`),
    '  createdAt: createdAt(),',
    '});',
    '',
  ].join('\n');
  const out = `${text.replace(/\n*$/, '\n')}${table}`;
  const builders = [...new Set(['pgTable', 'serial', ...columns.map((c) => c.builder)])];
  return ensureImports(out, 'src/server/db/schema.ts', 'drizzle-orm/pg-core', builders);
}
