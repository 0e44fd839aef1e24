import { quote } from '../new-page/manifestEntry';

/** What a new report is: where it sits in the menu and which orders' moves it counts to start with. */
export interface ReportRequest {
  section: string;
  group: string;
  /** The route name: the last segment of its route and permission, and the report's `page`. */
  route: string;
  zh: string;
  en: string;
  icon: string;
  /** Order type codes whose ledger moves the first query counts (`PR`, `LR` ...). */
  orders: string[];
}

export const camel = (route: string) => route.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
export const defConst = (r: ReportRequest) => `${camel(r.route)}Report`;
export const queryConst = (r: ReportRequest) => `${camel(r.route)}Query`;

/** The shared half: the definition the console draws the page from (filters, columns, chart, description). */
export function definitionSource(r: ReportRequest): string {
  const types = r.orders.join(', ');
  return `import { defineReport, type ReportColumn } from '../reportDef';

const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const col = (key: string, zh: string, en: string, type: ReportColumn['type'] = 'text', width?: number): ReportColumn =>
  ({ key, title: text(zh, en), type, width, sortable: true });

/**
 * ${r.en}: the tyres ${types} orders moved in the date range, by dealer and material.
 * Written by \`npm run new:report\` (docs/adding-a-report.md): edit the columns with the query.
 */
export const ${defConst(r)} = defineReport({
  page: ${quote(r.route)},
  description: text(
    ${quote(`日期范围内 ${types} 单据移动的轮胎数量，按经销商和物料汇总。`)},
    ${quote(`Tyres moved by ${types} orders in the date range, by dealer and material.`)},
  ),
  filters: ['dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'],
  columns: [
    col('dealerCode', '经销商编码', 'Dealer code', 'text', 14), col('dealerName', '经销商', 'Dealer', 'text', 24),
    col('materialCode', '物料编码', 'Material code', 'text', 20), col('materialName', '物料名称', 'Material', 'text', 32),
    col('specification', '规格', 'Specification', 'text', 18),
    col('quantity', '数量', 'Quantity', 'number'), col('orders', '单据数', 'Orders', 'number'),
  ],
  chart: { type: 'bar', title: text('前 10 名经销商', 'Top 10 dealers'), x: 'dealerName', y: ['quantity'], horizontal: true },
  defaultOrder: { field: 'quantity', order: 'desc' },
});
`;
}

/** The server half: the query of every row, the chart's rows, the export (analysisReport pages and streams it). */
export function querySource(r: ReportRequest): string {
  const types = r.orders.map((t) => quote(t)).join(', ');
  return `import { sql } from 'drizzle-orm';
import { ${defConst(r)} } from '../../../../shared/analytics/reports/${r.route}';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { AnalyticsCtx } from '../registry';
import { moves } from './analysisMoves';
import { analysisReport } from './analysisSql';

/**
 * ${r.en}: the ledger's moves of ${r.orders.join(', ')} orders in the date range, within the caller's data scope
 * and the place and material filters (\`moves\` applies them all), summed by dealer and material.
 * Written by \`npm run new:report\` (docs/adding-a-report.md).
 */
const moved = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql\`
  select mv.dealer_id, mv.material_id, abs(sum(mv.qty))::int as quantity, count(distinct mv.order_id)::int as orders
  from (\${moves(ctx, f, [${types}], sql\`s.dealer_id is not null\`)}) mv group by 1, 2 having sum(mv.qty) <> 0\`;

export const ${queryConst(r)} = analysisReport({
  def: ${defConst(r)},
  key: ['dealerId', 'materialId'],
  rows: (ctx, f) => sql\`select d.code as "dealerCode", d.name as "dealerName", m.code as "materialCode", m.name as "materialName",
      m.specification, r.quantity, r.orders, r.dealer_id as "dealerId", r.material_id as "materialId"
    from (\${moved(ctx, f)}) r join dealers d on d.id = r.dealer_id join materials m on m.id = r.material_id\`,
  chart: (ctx, f) => sql\`select d.name as "dealerName", sum(r.quantity)::int as quantity
    from (\${moved(ctx, f)}) r join dealers d on d.id = r.dealer_id group by d.id, d.name order by 2 desc, d.name limit 10\`,
});
`;
}

/** The API test: the page's total against the ledger, its rows in scope, its export. */
export function apiTestSource(r: ReportRequest): string {
  const types = r.orders.map((t) => quote(t)).join(', ');
  return `import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { startTestServer, type TestServer } from './server';

/** ${r.en} over the demo's history, through the real calls (written by \`npm run new:report\`). */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(async () => { await server?.stop(); });

const BASE = '/analysis/report/${r.route}';
const ALL_TIME = { dateFrom: '2000-01-01', dateTo: '2099-12-31', pageSize: 500 };

describe(${quote(r.en)}, () => {
  it('counts every tyre the ledger moved on those orders, dealer by dealer', async () => {
    const res = await server.call<ReportPageAnswer>(\`\${BASE}/selectByPage\`, { token: admin, body: ALL_TIME, lang: 'en-US' });
    expect(res.status, res.body.msg).toBe(200);
    const [{ n }] = await queryRows<{ n: number }>(server.services.db, sql\`select coalesce(sum(q), 0)::int as n from (
      select abs(sum(qty)) as q from stock_moves where order_type in (${types}) and dealer_id is not null
      group by dealer_id, material_id) t\`);
    expect(res.body.data.rows.reduce((sum, row) => sum + Number(row.quantity), 0)).toBe(n);
  });

  it('exports the whole result as a workbook', async () => {
    const res = await fetch(\`\${server.url}/fms/api/v1\${BASE}/export\`, {
      method: 'POST', headers: { token: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ dateFrom: ALL_TIME.dateFrom, dateTo: ALL_TIME.dateTo }),
    });
    expect(res.status).toBe(200);
    // An xlsx workbook is a zip archive.
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });
});
`;
}
