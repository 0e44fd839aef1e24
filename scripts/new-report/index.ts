import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { PlacedPage } from '../../src/shared/pages/types';
import { EditError, newReport } from './generate';

/**
 * `npm run new:report`: a report page from one command (docs/adding-a-report.md, "The generator"):
 * its menu entry, its definition, a working query over the ledger's moves of the order types
 * given, and its API test. Then edit the columns and the query to what the report should show.
 */
const USAGE = `npm run new:report -- --section intelligentAnalysis --group analysisz --route rankLR \\
  --zh 销售退货排名 --en 'Sales return ranking' --orders LR,LC [--icon trophy]`;

const { values } = parseArgs({
  options: {
    section: { type: 'string' }, group: { type: 'string' }, route: { type: 'string' }, zh: { type: 'string' }, en: { type: 'string' },
    orders: { type: 'string' }, icon: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const root = path.resolve(values.root ?? process.cwd());
const missing = (['section', 'group', 'route', 'zh', 'en', 'orders'] as const).filter((k) => !values[k]);
if (missing.length) {
  console.error(`new:report: missing ${missing.map((k) => `--${k}`).join(', ')}\n\n${USAGE}`);
  process.exit(2);
}
const { PAGES } = (await import(pathToFileURL(path.join(root, 'src/shared/pages/index.ts')).href)) as { PAGES: PlacedPage[] };
try {
  const written = newReport(root, {
    section: values.section ?? '', group: values.group ?? '', route: values.route ?? '', zh: values.zh ?? '', en: values.en ?? '',
    icon: values.icon ?? 'dashboard', orders: (values.orders ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  }, new Set(PAGES.map((p) => p.path)));
  console.log(`new:report: wrote\n${written.map((f) => `  ${f}`).join('\n')}\nNext: npx vitest run --project api ${written.at(-1)}`);
} catch (err) {
  if (!(err instanceof EditError)) throw err;
  console.error(`new:report: ${err.message}`);
  process.exit(2);
}
