import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../src/shared/pages';
import { EditError, newReport, reportFiles } from './generate';
import type { ReportRequest } from './templates';

/**
 * The generator run on a scratch copy of the source, outside the repository: what it wrote is
 * imported back as the server imports it, and the two halves of the report registry are checked
 * as the server checks them at start. (Its generated API test passing against the real server
 * is how this generator was made; docs/adding-a-report.md, "The generator".)
 */
const REPO = path.resolve(import.meta.dirname, '../..');
let scratch: string;
const read = (file: string) => readFileSync(path.join(scratch, file), 'utf8');
const evaluate = (code: string) => JSON.parse(execFileSync(process.execPath, [path.join(REPO, 'node_modules/tsx/dist/cli.mjs'), '-e', code], {
  cwd: scratch, encoding: 'utf8', timeout: 120_000,
})) as unknown;

const returns: ReportRequest = {
  section: 'intelligentAnalysis', group: 'analysisz', route: 'rankLR', zh: '销售退货排名', en: 'Sales return ranking', icon: 'trophy', orders: ['LR', 'LC'],
};
const pagePaths = new Set(PAGES.map((p) => p.path));

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'new-report-'));
  cpSync(path.join(REPO, 'src'), path.join(scratch, 'src'), { recursive: true });
  mkdirSync(path.join(scratch, 'tests/api'), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm run new:report', () => {
  it('writes the menu entry, the definition and the query into their registries, and the API test', () => {
    const written = newReport(scratch, returns, pagePaths);
    const files = reportFiles(returns);
    expect(written).toEqual(expect.arrayContaining(Object.values(files)));
    expect(read(files.section)).toContain("report('rankLR', '销售退货排名', 'Sales return ranking', 'trophy')");
    expect(read(files.test)).toContain('/analysis/report/rankLR');
    const answer = evaluate(`
      import { REPORT_DEFS } from './src/shared/analytics/reports/index.ts';
      import { REPORT_QUERIES } from './src/server/modules/analysis/reports/index.ts';
      import { checkReportRegistry } from './src/server/modules/analysis/reports/checkRegistry.ts';
      checkReportRegistry(REPORT_DEFS, REPORT_QUERIES);
      const def = REPORT_DEFS.find((d) => d.page === 'rankLR');
      console.log(JSON.stringify({ route: def.route, perm: def.perm, filters: def.filters, query: REPORT_QUERIES.some((q) => q.def.page === 'rankLR') }));
    `);
    expect(answer).toEqual({
      route: '/intelligentAnalysis/analysisz/rankLR', perm: 'intelligentAnalysis:rankLR',
      filters: ['dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'], query: true,
    });
  }, 150_000);

  it('refuses a route that is taken, a section that does not exist or no order type, and writes nothing', () => {
    const before = read('src/shared/pages/intelligentAnalysis.ts');
    expect(() => newReport(scratch, { ...returns, route: 'rankPR' }, pagePaths)).toThrow(EditError);
    expect(() => newReport(scratch, { ...returns, route: 'rankXX', section: 'nowhere' }, pagePaths)).toThrow('no section nowhere');
    expect(() => newReport(scratch, { ...returns, route: 'rankXX', orders: [] }, pagePaths)).toThrow('--orders');
    expect(read('src/shared/pages/intelligentAnalysis.ts')).toBe(before);
  });
});
