import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName } from 'drizzle-orm';
import * as schema from '../../src/server/db/schema';
import { REFS } from '../../src/server/http/pageCrud';
import type { PlacedPage, SectionSpec } from '../../src/shared/pages/types';
import { apiTestSource } from './apiTest';
import { addPageToSection } from './manifestEntry';
import { generateMigration, migrationFiles, MIGRATIONS } from './migration';
import { planPage, type PagePlan, type PageRequest } from './plan';
import { addRoutes, routeFunctionOf } from './routeRegistration';
import { addTable } from './schemaTable';

const SCHEMA = 'src/server/db/schema.ts';

/** The kinds a ref field may point at (pageCrud's REFS), each with its table's name in schema.ts and its data scope. */
export const refKinds = Object.keys(REFS);
const refScope = (kind: string) => REFS[kind as keyof typeof REFS].scope;
function refTable(kind: string): string {
  const table = REFS[kind as keyof typeof REFS].table;
  const entry = Object.entries(schema).find(([, value]) => value === table);
  if (!entry) throw new Error(`ref ${kind}: its table ${getTableName(table)} is not an export of schema.ts`);
  return entry[0];
}

/** The manifest as the repository at `root` holds it (a scratch copy in the generator's test). */
async function manifestOf(root: string): Promise<{ MANIFEST: SectionSpec[]; PAGES: PlacedPage[] }> {
  return import(pathToFileURL(path.join(root, 'src/shared/pages/index.ts')).href);
}

/** What was written: each file with the lines it gained (all of a new file's), and the migration. */
export interface Written {
  plan: PagePlan;
  files: { file: string; added: number; created: boolean }[];
  migration: string;
  /** Statements of the migration beyond the page's table: schema.ts held changes not yet generated. */
  otherStatements: string[];
}

const lineCount = (text: string) => (text ? text.replace(/\n$/, '').split('\n').length : 0);

/**
 * Adds a list page: plans every name, makes every edit in memory (so a refusal leaves the
 * repository as it was), then writes the section's manifest entry, the table, the route line and
 * the API test, and has drizzle-kit write the migration. When drizzle-kit fails, every file is put
 * back as it was.
 */
export async function newPage(root: string, request: PageRequest): Promise<Written> {
  const { MANIFEST, PAGES } = await manifestOf(root);
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const schemaText = read(SCHEMA);
  const plan = planPage(request, { manifest: MANIFEST, apis: PAGES.flatMap((p) => (p.api ? [p.api] : [])), schemaText, root }, refScope);
  const routeFile = routeFunctionOf(plan).file;

  const edits = new Map<string, { before: string | null; after: string }>();
  edits.set(plan.sectionFile, { before: read(plan.sectionFile), after: addPageToSection(read(plan.sectionFile), plan) });
  edits.set(SCHEMA, { before: schemaText, after: addTable(schemaText, plan, refTable) });
  edits.set(routeFile, { before: read(routeFile), after: addRoutes(read(routeFile), plan) });
  edits.set(plan.testFile, { before: null, after: apiTestSource(plan) });

  const migrationsBefore = new Set(migrationFiles(root));
  const journal = `${MIGRATIONS}/meta/_journal.json`;
  const journalBefore = read(journal);
  const putBack = () => {
    for (const [file, { before }] of edits) {
      if (before === null) rmSync(path.join(root, file), { force: true });
      else writeFileSync(path.join(root, file), before);
    }
    for (const file of migrationFiles(root)) if (!migrationsBefore.has(file)) rmSync(path.join(root, file));
    writeFileSync(path.join(root, journal), journalBefore);
  };

  for (const [file, { after }] of edits) writeFileSync(path.join(root, file), after);
  let migration: { file: string; sql: string };
  try {
    migration = generateMigration(root, plan.tableSql);
  } catch (err) {
    putBack();
    throw err;
  }
  const statements = migration.sql.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
  const ours = (s: string) => s.startsWith(`CREATE TABLE "${plan.tableSql}"`) || s.includes(`ALTER TABLE "${plan.tableSql}" ADD CONSTRAINT`);
  if (!statements.some(ours)) {
    putBack();
    throw new Error(`drizzle-kit's migration ${migration.file} does not create ${plan.tableSql}:\n${migration.sql}`);
  }
  const written = [...edits].map(([file, { before, after }]) => ({
    file, created: before === null, added: lineCount(after) - lineCount(before ?? ''),
  }));
  return { plan, files: written, migration: migration.file, otherStatements: statements.filter((s) => !ours(s)) };
}
