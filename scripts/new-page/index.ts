import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SectionSpec } from '../../src/shared/pages/types';
import { fieldHelp, FieldError, parseField, parseFields, type FieldPlan } from './fields';
import { newPage, refKinds } from './generate';
import type { PageRequest } from './plan';

/**
 * `npm run new:page`: a list page from one command and its fields (docs/adding-a-page.md, "The
 * generator"). What is not given on the command line is asked for at a terminal.
 */
const USAGE = `npm run new:page -- --section other --group otherConfig --route recycler \\
  --zh 回收商 --en Recyclers [--icon user-group] [--api /other/recycler] [--table recyclers] \\
  --field 'code:code:回收商编码:Recycler code:required,unique,sortable,locked,max=32' \\
  --field 'name:text:回收商名称:Recycler name:required,sortable' --field status

${fieldHelp(refKinds)}`;

const { values } = parseArgs({
  options: {
    section: { type: 'string' }, group: { type: 'string' }, route: { type: 'string' }, zh: { type: 'string' }, en: { type: 'string' },
    icon: { type: 'string' }, api: { type: 'string' }, table: { type: 'string' }, field: { type: 'string', multiple: true },
    root: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const root = path.resolve(values.root ?? process.cwd());
const { MANIFEST } = (await import(pathToFileURL(path.join(root, 'src/shared/pages/index.ts')).href)) as { MANIFEST: SectionSpec[] };

function fail(message: string): never {
  console.error(`new:page: ${message}`);
  process.exit(2);
}

/**
 * Answers read a line at a time, also when typed ahead or pasted: a line that comes before its
 * question waits for it. null once the input ends (Ctrl+D).
 */
function lineReader() {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let closed = false;
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on('close', () => {
    closed = true;
    for (const answer of waiting.splice(0)) answer(null);
  });
  return {
    ask(question: string): Promise<string | null> {
      rl.setPrompt(question);
      rl.prompt();
      if (lines.length) return Promise.resolve(lines.shift()!);
      return closed ? Promise.resolve(null) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => rl.close(),
  };
}
let prompt: ReturnType<typeof lineReader> | undefined;

/** A value given, or asked for at a terminal; without one, the command says what it needs. */
async function valueOf(given: string | undefined, name: string, question: string, fallback?: string): Promise<string> {
  if (given !== undefined) return given;
  if (!process.stdin.isTTY) {
    if (fallback !== undefined) return fallback;
    fail(`--${name} is missing.\n\n${USAGE}`);
  }
  prompt ??= lineReader();
  const answer = await prompt.ask(`${question}${fallback ? ` [${fallback}]` : ''}: `);
  if (answer === null) fail('stopped: nothing was written');
  if (answer.trim()) return answer.trim();
  return fallback ?? valueOf(undefined, name, question, fallback);
}

async function askFields(): Promise<FieldPlan[]> {
  if (!process.stdin.isTTY) fail(`give the fields with --field.\n\n${USAGE}`);
  console.log(`\n${fieldHelp(refKinds)}\nOne field a line; an empty line ends.`);
  const fields: FieldPlan[] = [];
  for (;;) {
    const line = await valueOf(undefined, 'field', `field ${fields.length + 1}`, '');
    if (!line) {
      if (fields.length) return fields;
      console.log('  a list page has at least one field');
      continue;
    }
    try {
      fields.push(parseField(line, refKinds));
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      console.log(`  ${err.message}`);
    }
  }
}

const section = await valueOf(values.section, 'section', `section (${MANIFEST.map((s) => s.path.slice(1)).join(', ')})`);
const groups = MANIFEST.find((s) => s.path === `/${section.replace(/^\/+/, '')}`)?.groups ?? [];
const request: PageRequest = {
  section,
  group: await valueOf(values.group, 'group', `group (${groups.map((g) => g.path).join(', ')})`),
  route: await valueOf(values.route, 'route', 'route name (the last path segment, e.g. recycler)'),
  zh: await valueOf(values.zh, 'zh', 'title in Chinese'),
  en: await valueOf(values.en, 'en', 'title in English'),
  icon: await valueOf(values.icon, 'icon', 'menu icon (src/web/layout/MenuIcon.tsx)', 'file'),
  api: values.api,
  table: values.table,
  fields: [],
};
try {
  request.fields = values.field?.length ? parseFields(values.field, refKinds) : await askFields();
} catch (err) {
  if (err instanceof FieldError) fail(err.message);
  throw err;
}
prompt?.close();

try {
  const { plan, files, migration, otherStatements } = await newPage(root, request);
  const width = Math.max(...files.map((f) => f.file.length), migration.length);
  const what: Record<string, string> = {
    [plan.sectionFile]: 'the manifest entry', 'src/server/db/schema.ts': `the table ${plan.tableConst}`, [plan.testFile]: 'its API test (new)',
  };
  console.log(`\nAdded ${plan.sectionTitle['en-US']} › ${plan.groupTitle['en-US']} › ${plan.en}: ${plan.routePath}, permission ${plan.perm}, calls under ${plan.api}`);
  for (const f of files) console.log(`  ${f.file.padEnd(width)}  +${String(f.added).padStart(3)}  ${what[f.file] ?? 'the route registration'}`);
  console.log(`  ${migration.padEnd(width)}        the migration (drizzle-kit; its snapshot and the journal beside it)`);
  if (otherStatements.length) {
    console.log(`\nThe migration also holds changes of schema.ts that had not been generated yet:\n${otherStatements.map((s) => `  ${s.split('\n')[0]}`).join('\n')}`);
  }
  console.log(`
Next:
  npm run typecheck && npx vitest run --project api ${plan.testFile}
  npm start: the administrator has the page in the menu; other roles get it in System › Roles
  (or \`demo: ['staff']\` on its entry for the demo accounts).
  Then what the page does beyond a list: docs/adding-a-page.md.`);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
