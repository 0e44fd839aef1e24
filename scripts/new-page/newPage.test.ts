import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFields } from './fields';
import { newPage, refKinds } from './generate';
import { migrationFiles } from './migration';
import type { PageRequest } from './plan';

/**
 * The generator run on a scratch copy of the files it reads and edits (the shared code with the
 * manifest, schema.ts and its migrations, the route modules), outside the repository: what it
 * wrote is read back as the code that uses it reads it, and the repository is left as it was.
 */
const REPO = path.resolve(import.meta.dirname, '../..');
const COPIED = ['src/shared', 'src/server/db/schema.ts', 'src/server/db/migrations', 'src/server/modules/other/index.ts',
  'src/server/modules/basedata/index.ts', 'src/server/app.ts', 'drizzle.config.ts'];
let scratch: string;
const repoMigrations = migrationFiles(REPO);

const read = (file: string) => readFileSync(path.join(scratch, file), 'utf8');
/** Every file of the scratch copy with its text, to tell a refusal changed nothing. */
const snapshot = () => Object.fromEntries(
  (readdirSync(scratch, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
    .map((e) => { const file = path.join(e.parentPath, e.name); return [path.relative(scratch, file), readFileSync(file, 'utf8')]; }),
);
/** Runs TypeScript in the scratch copy, as its own process (a fresh import of what the generator wrote). */
const evaluate = (code: string) => JSON.parse(execFileSync(process.execPath, [path.join(REPO, 'node_modules/tsx/dist/cli.mjs'), '-e', code], {
  cwd: scratch, encoding: 'utf8', timeout: 120_000,
}));

const recycler: PageRequest = {
  section: 'other', group: 'otherConfig', route: 'recycler', zh: '回收商', en: 'Recyclers', icon: 'user-group',
  fields: parseFields([
    'code:code:回收商编码:Recycler code:required,unique,sortable,locked,max=32',
    'name:text:回收商名称:Recycler name:required,sortable',
    'warehouseId:ref=warehouse:仓库:Warehouse:search',
    'kind:select=tyre/轮胎/Tyres,rubber/橡胶/Rubber:类别:Kind',
    'capacity:int:年处理量:Yearly capacity:min=0,maxValue=1000000',
    'rate:number:费率:Rate',
    'certified:boolean:已认证:Certified',
    'status',
  ], refKinds),
};

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'new-page-'));
  for (const item of COPIED) cpSync(path.join(REPO, item), path.join(scratch, item), { recursive: true });
  mkdirSync(path.join(scratch, 'tests/api'), { recursive: true });
  // drizzle-kit loads the copy's schema.ts, which imports drizzle-orm from where it stands.
  symlinkSync(path.join(REPO, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm run new:page', () => {
  it('writes the manifest entry, the table, the route line, the migration and the API test of a list page', { timeout: 240_000 }, async () => {
    const written = await newPage(scratch, recycler);
    expect(written.files.map((f) => [f.file, f.created])).toEqual([
      ['src/shared/pages/other.ts', false], ['src/server/db/schema.ts', false], ['src/server/modules/other/index.ts', false], ['tests/api/recycler.test.ts', true],
    ]);
    expect(written.otherStatements).toEqual([]);

    // The manifest places the page in its group, with its fields, calls and scope (a warehouse ref limits the rows).
    const page = evaluate(`import { PAGES } from './src/shared/pages/index.ts';
      const p = PAGES.find((p) => p.route === '/other/otherConfig/recycler');
      console.log(JSON.stringify(p && { kind: p.kind, perm: p.perm, api: p.api, icon: p.icon, scope: p.scope, title: p.title,
        fields: p.fields.map((f) => [f.key, f.type, !!f.required]), last: PAGES.filter((q) => q.group.path === 'otherConfig' && q.section.path === '/other').at(-1).path }));`);
    expect(page).toEqual({
      kind: 'list', perm: 'other:recycler', api: '/other/recycler', icon: 'user-group', scope: 'warehouse', title: { 'zh-CN': '回收商', 'en-US': 'Recyclers' },
      fields: [['code', 'code', true], ['name', 'text', true], ['warehouseId', 'ref', false], ['kind', 'select', false], ['capacity', 'int', false],
        ['rate', 'number', false], ['certified', 'boolean', false], ['status', 'select', false]],
      last: 'recycler',
    });

    // The table has a column per field, keyed as the fields, and its migration creates it with the foreign key of the ref.
    const columns = evaluate(`import { getTableColumns, getTableName } from 'drizzle-orm';
      import { recyclers } from './src/server/db/schema.ts';
      console.log(JSON.stringify([getTableName(recyclers), Object.entries(getTableColumns(recyclers)).map(([k, c]) => [k, c.name, c.notNull])]));`);
    expect(columns).toEqual(['recyclers', [['id', 'id', true], ['code', 'code', true], ['name', 'name', true], ['warehouseId', 'warehouse_id', false],
      ['kind', 'kind', true], ['capacity', 'capacity', false], ['rate', 'rate', false], ['certified', 'certified', true], ['status', 'status', true],
      ['createdAt', 'created_at', true]]]);
    expect(written.migration).toMatch(/^src\/server\/db\/migrations\/\d{4}_recyclers\.sql$/);
    const sql = read(written.migration);
    expect(sql).toContain('CREATE TABLE "recyclers"');
    expect(sql).toContain('FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id")');
    expect(JSON.parse(read('src/server/db/migrations/meta/_journal.json')).entries.at(-1).tag).toBe(path.basename(written.migration, '.sql'));

    // The route line is the last of otherRoutes' list, with its imports.
    const routes = read('src/server/modules/other/index.ts');
    const fn = ts.createSourceFile('index.ts', routes, ts.ScriptTarget.Latest, true).statements.find(ts.isFunctionDeclaration)!;
    const returned = fn.body!.statements.find(ts.isReturnStatement)!.expression as ts.ArrayLiteralExpression;
    expect(returned.elements.at(-1)!.getText()).toBe("...pageCrudRoutes(services, '/other/otherConfig/recycler', recyclers)");
    expect(routes).toMatch(/import \{[^}]*\brecyclers\b[^}]*\} from '\.\.\/\.\.\/db\/schema';/);

    // The API test calls the page's own paths and checks its labels.
    const test = read('tests/api/recycler.test.ts');
    expect(test).toContain("const API = '/other/recycler';");
    expect(test).toContain("const LABELS_EN = ['Recycler code', 'Recycler name', 'Warehouse', 'Kind', 'Yearly capacity', 'Rate', 'Certified', 'Status'];");
    expect(test).toContain("toBe('code: Recycler code cannot be empty')");
  });

  it('registers a base data page where the section gathers its calls, with the imports that file needs', { timeout: 240_000 }, async () => {
    await newPage(scratch, {
      section: '/basedata', group: 'base', route: 'tyreGrade', zh: '轮胎等级', en: 'Tyre grades',
      fields: parseFields(['code:code:等级编码:Grade code:required,unique', 'name:text:等级名称:Grade name:required,contains'], refKinds),
    });
    const index = read('src/server/modules/basedata/index.ts');
    expect(index).toContain("  routes.push(...pageCrudRoutes(services, '/basedata/base/tyreGrade', tyreGrades));\n  return routes;");
    expect(index).toContain("import { pageCrudRoutes } from '../../http/pageCrud';");
    expect(index).toContain("import { tyreGrades } from '../../db/schema';");
    expect(read('src/shared/pages/basedata.ts')).toContain("f.text('name', '等级名称', 'Grade name', { required: true, search: 'contains' }),");
  });

  it('refuses a page whose route, group, table or fields are wrong, and changes nothing', async () => {
    const before = snapshot();
    const fields = parseFields(['name:text:名称:Name:required'], refKinds);
    const base = { section: 'other', group: 'otherConfig', zh: '甲', en: 'A', fields };
    await expect(newPage(scratch, { ...base, route: 'logistics' })).rejects.toThrow('/other has a page logistics already');
    await expect(newPage(scratch, { ...base, route: 'LaborFactor' })).rejects.toThrow('/other has a page laborFactor already');
    await expect(newPage(scratch, { ...base, route: 'other2', group: 'nowhere' })).rejects.toThrow('section /other has no group nowhere: otherConfig');
    await expect(newPage(scratch, { ...base, route: 'other2', section: 'elsewhere' })).rejects.toThrow('no section /elsewhere');
    await expect(newPage(scratch, { ...base, route: 'other2', table: 'dealers' })).rejects.toThrow('schema.ts has dealers already');
    await expect(newPage(scratch, { ...base, route: 'other2', api: '/other/logistics' })).rejects.toThrow('calls under /other/logistics exist already');
    expect(() => parseFields(['name:txt:名称:Name'], refKinds)).toThrow('"txt": not a field type');
    expect(() => parseFields(['warehouse:ref=warehouse:仓库:Warehouse'], refKinds)).toThrow("a ref field's key ends in Id");
    expect(() => parseFields(['name:text:名称'], refKinds)).toThrow("give the field's Chinese and English labels");
    expect(() => parseFields(['n:int:数:N:max=3'], refKinds)).toThrow('max is the longest text');
    expect(() => parseFields(['k:select=a/甲/A:类:K'], refKinds)).toThrow('at least two options');
    expect(() => parseFields(['name:text:名称:Name:requried'], refKinds)).toThrow('unknown flag "requried"');
    expect(() => parseFields(['id:text:编号:Id'], refKinds)).toThrow('the list has this key already');
    expect(snapshot()).toEqual(before);
  });

  it('puts every file back when drizzle-kit cannot write the migration', { timeout: 240_000 }, async () => {
    const before = snapshot();
    const config = read('drizzle.config.ts');
    writeFileSync(path.join(scratch, 'drizzle.config.ts'), config.replace("dialect: 'postgresql'", "dialect: 'nosuchsql'"));
    await expect(newPage(scratch, { section: 'other', group: 'otherConfig', route: 'broken', zh: '坏', en: 'Broken', fields: parseFields(['status'], refKinds) }))
      .rejects.toThrow('drizzle-kit generate did not write a migration');
    writeFileSync(path.join(scratch, 'drizzle.config.ts'), config);
    expect(snapshot()).toEqual(before);
  });

  it('leaves the repository as it was', () => {
    expect(migrationFiles(REPO)).toEqual(repoMigrations);
    expect(existsSync(path.join(REPO, 'tests/api/recycler.test.ts'))).toBe(false);
    expect(readFileSync(path.join(REPO, 'src/shared/pages/other.ts'), 'utf8')).not.toContain('recycler');
  });
});
