import { textLength, type FieldPlan } from './fields';
import { quote } from './manifestEntry';
import type { PagePlan } from './plan';

/**
 * The n-th sample value of a field (n from 1): one the field's rules take, different for each n
 * where the field allows, as the server answers it back (trimmed text, money as decimal text).
 * A ref's is chosen at run time from the page's options call.
 */
export function sampleValue(f: FieldPlan, n: number): unknown {
  const fit = (s: string) => s.slice(0, textLength(f) ?? s.length);
  switch (f.type) {
    case 'status': return n % 2 ? 'normal' : 'disabled';
    case 'select': return f.options![(n - 1) % f.options!.length].value;
    case 'code': return fit(`G${n}${'X'.repeat(8)}`).replace(/X+$/, '') || `G${n}`;
    case 'phone': return `1380000000${n % 10}`;
    case 'email': return fit(`s${n}@example.com`);
    case 'plate': return `沪A1234${n % 10}`;
    case 'money': return `${10 + n}.50`;
    case 'date': return `2026-01-${String(10 + n).padStart(2, '0')}`;
    case 'boolean': return n % 2 === 1;
    case 'number':
    case 'int': {
      const lo = f.min ?? 0;
      const hi = f.maxValue ?? lo + 100;
      const v = lo + ((hi - lo) * n) / 8;
      return f.type === 'int' ? Math.floor(v) : Math.round(v * 100) / 100;
    }
    case 'ref': return undefined;
    default: return fit(`Sample ${n}`);
  }
}

const json = (v: unknown) => (typeof v === 'string' ? quote(v) : JSON.stringify(v));

/** Four samples of the fields that are not refs, a line each: `  1: { code: 'G1', name: 'Sample 1' },`. */
const samplesOf = (fields: FieldPlan[]) => [1, 2, 3, 4].map((n) =>
  `  ${n}: { ${fields.filter((f) => f.type !== 'ref').map((f) => `${f.key}: ${json(sampleValue(f, n))}`).join(', ')} },`);

/**
 * The page's API test: the page in the administrator's menu with its buttons; a record created,
 * found, changed, exported, imported back and deleted through the real calls; a blank required
 * field and a repeated unique value refused. What the page does beyond its declaration gets
 * tests of its own beside these.
 */
export function apiTestSource(plan: PagePlan): string {
  const { fields } = plan;
  const refs = fields.filter((f) => f.type === 'ref');
  const locked = fields.filter((f) => f.lockedOnEdit);
  const keyword = fields.find((f) => ['text', 'textarea', 'code', 'email', 'phone', 'plate'].includes(f.type));
  const required = fields.find((f) => f.required);
  const unique = fields.find((f) => f.unique);
  const sectionPerm = plan.sectionPath.slice(1);
  const where = `${plan.sectionTitle['en-US']} › ${plan.groupTitle['en-US']} › ${plan.en}`;

  const sample = refs.length
    ? [
      '/** The page\'s reference choices, as the form offers them (the options call). */',
      'let choices: Record<string, { value: number }[]>;',
      'const pick = (key: string, n: number) => choices[key][(n - 1) % choices[key].length].value;',
      '',
      'const FIXED: Record<number, Record<string, unknown>> = {',
      ...samplesOf(fields),
      '};',
      '/** The n-th sample record: a value of each field the form takes (a reference: the n-th choice offered). */',
      `const sample = (n: number): Record<string, unknown> => ({ ...FIXED[n], ${refs.map((f) => `${f.key}: pick(${quote(f.key)}, n)`).join(', ')} });`,
    ]
    : [
      'const SAMPLES: Record<number, Record<string, unknown>> = {',
      ...samplesOf(fields),
      '};',
      '/** The n-th sample record: a value of each field the form takes. */',
      'const sample = (n: number): Record<string, unknown> => SAMPLES[n];',
    ];

  const menuTest = [
    "  it('is in the administrator\\'s menu, with the list\\'s buttons', async () => {",
    "    const info = await server.call<CurrentUserInfo>('/sys/user/getCurrentUserInfo', { token: admin, body: {}, lang: 'en-US' });",
    `    const group = info.body.data.menuTree.find((s) => s.perm === ${quote(sectionPerm)})?.children.find((g) => g.perm === ${quote(`${sectionPerm}:${plan.group}`)});`,
    `    expect(group?.children.find((p) => p.perm === PERM)).toMatchObject({ type: 'page', path: ${quote(plan.route)}, label: ${quote(plan.en)} });`,
    "    expect(info.body.data.buttonList).toEqual(expect.arrayContaining(['add', 'edit', 'delete', 'export', 'import'].map((b) => `${PERM}:${b}`)));",
    '  });',
  ];

  const changedExpectation = locked.length
    ? `{ ...changed, ${locked.map((f) => `${f.key}: created.${f.key}`).join(', ')} }`
    : 'changed';
  const crudTest = [
    "  it('creates, finds, changes and deletes a record', async () => {",
    '    const created = sample(1);',
    "    const saved = await call<{ id: number }>('save', created);",
    '    expect(saved.status, saved.body.msg).toBe(200);',
    '    const id = saved.body.data.id;',
    "    expect((await call('detail', { id })).body.data).toMatchObject(created);",
    keyword
      ? `    const found = await call<Page>('selectByPage', { pageNum: 1, pageSize: 10, keyword: created.${keyword.key} });`
      : "    const found = await call<Page>('selectByPage', { pageNum: 1, pageSize: 10 });",
    '    expect(found.body.data.list.map((r) => r.id)).toContain(id);',
    '',
    ...(locked.length ? [`    // ${locked.map((f) => f.key).join(', ')}: not editable once the record exists, whatever the body says.`] : []),
    '    const changed = sample(2);',
    "    const updated = await call('update', { id, ...changed });",
    '    expect(updated.status, updated.body.msg).toBe(200);',
    `    expect((await call('detail', { id })).body.data).toMatchObject(${changedExpectation});`,
    '',
    "    expect((await call('delete', { ids: [id] })).status).toBe(200);",
    "    expect((await call('detail', { id })).status).toBe(404);",
    '  });',
  ];

  const exportTest = [
    "  it('exports a record with the labels as headers in the caller\\'s language, and imports the file back', async () => {",
    "    const saved = await call<{ id: number }>('save', sample(3));",
    '    expect(saved.status, saved.body.msg).toBe(200);',
    '    const id = saved.body.data.id;',
    "    const zh = await download('zh-CN', { ids: [id] });",
    '    expect(zh.headers).toEqual(LABELS_ZH);',
    "    const en = await download('en-US', { ids: [id] });",
    '    expect(en.headers).toEqual(LABELS_EN);',
    '    expect(en.rows).toBe(1);',
    '',
    "    expect((await call('delete', { ids: [id] })).status).toBe(200);",
    "    const imported = await upload('import', en.file);",
    '    expect(imported.status, imported.body.msg).toBe(200);',
    '    expect(imported.body.data.imported).toBe(1);',
    "    const page = await call<Page>('selectByPage', { pageNum: 1, pageSize: 10 });",
    '    expect(page.body.data.total).toBe(1);',
    "    expect((await call('detail', { id: page.body.data.list[0].id })).body.data).toMatchObject(sample(3));",
    "    expect((await call('delete', { ids: [page.body.data.list[0].id] })).status).toBe(200);",
    '  });',
  ];

  const requiredTest = required ? [
    '',
    `  it('says a blank ${required.key} cannot be empty, by its label in the caller\\'s language, and saves nothing', async () => {`,
    `    const blank = { ...sample(4), ${required.key}: ${required.type === 'ref' ? 'null' : "''"} };`,
    `    expect((await call('save', blank)).body.msg).toBe(${quote(`${required.key}: ${required.en} cannot be empty`)});`,
    `    expect((await call('save', blank, 'zh-CN')).body.msg).toBe(${quote(`${required.key}: ${required.zh}不能为空`)});`,
    "    expect((await call<Page>('selectByPage', { pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);",
    '  });',
  ] : [];
  const uniqueTest = unique ? [
    '',
    `  it('refuses a second record with the same ${unique.key}', async () => {`,
    "    const first = await call<{ id: number }>('save', sample(4));",
    '    expect(first.status, first.body.msg).toBe(200);',
    `    const again = await call('save', { ...sample(1), ${unique.key}: sample(4).${unique.key} });`,
    '    expect(again.status).toBe(409);',
    `    expect(again.body.msg).toBe(${quote(`${unique.key}: This value already exists`)});`,
    "    expect((await call('delete', { ids: [first.body.data.id] })).status).toBe(200);",
    '  });',
  ] : [];

  const exported = fields;
  const lines = [
    "import ExcelJS from 'exceljs';",
    "import { afterAll, beforeAll, describe, expect, it } from 'vitest';",
    "import type { CurrentUserInfo } from '../../src/shared/api/session';",
    "import { startTestServer, type TestServer } from './server';",
    '',
    '/**',
    ` * ${where} (${plan.sectionFile}), as \`npm run new:page\` wrote it:`,
    ' * the list page\'s calls, made from its manifest entry and its table alone. What the page does',
    ' * beyond its declaration gets tests of its own here.',
    ' */',
    'let server: TestServer;',
    'let admin: string;',
    '',
    `const API = ${quote(plan.api)};`,
    `const PERM = ${quote(plan.perm)};`,
    `const LABELS_EN = [${exported.map((f) => quote(f.en)).join(', ')}];`,
    `const LABELS_ZH = [${exported.map((f) => quote(f.zh)).join(', ')}];`,
    'type Page = { list: { id: number }[]; total: number };',
    '',
    "const call = <T = unknown>(action: string, body: unknown, lang = 'en-US') => server.call<T>(`${API}/${action}`, { token: admin, body, lang });",
    ...sample,
    '',
    '/** The export of the filtered list (or the ids given): its header row, how many rows follow, and the file. */',
    'async function download(lang: string, body: unknown) {',
    '  const res = await fetch(`${server.url}/fms/api/v1${API}/export?lang=${lang}`, {',
    "    method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify(body),",
    '  });',
    '  expect(res.status).toBe(200);',
    '  const file = await res.arrayBuffer();',
    '  const book = new ExcelJS.Workbook();',
    '  await book.xlsx.load(file);',
    '  const sheet = book.worksheets[0];',
    '  return { headers: (sheet.getRow(1).values as unknown[]).slice(1), rows: sheet.rowCount - 1, file };',
    '}',
    '',
    'async function upload(action: string, file: ArrayBuffer) {',
    '  const res = await fetch(`${server.url}/fms/api/v1${API}/${action}?lang=en-US`, {',
    "    method: 'POST', headers: { token: admin, 'content-type': 'application/octet-stream' }, body: new Uint8Array(file),",
    '  });',
    '  return { status: res.status, body: (await res.json()) as { msg: string; data: { imported: number } } };',
    '}',
    '',
    'beforeAll(async () => {',
    '  server = await startTestServer();',
    "  admin = await server.login('admin');",
    ...(refs.length ? ["  choices = (await call<typeof choices>('options', {})).body.data;"] : []),
    '});',
    'afterAll(async () => { await server?.stop(); });',
    '',
    `describe(${quote(plan.en)}, () => {`,
    ...menuTest,
    '',
    ...crudTest,
    '',
    ...exportTest,
    ...requiredTest,
    ...uniqueTest,
    '});',
    '',
  ];
  return lines.join('\n');
}
