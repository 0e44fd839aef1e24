import { dashboardPermission, queryPermission } from '../../../shared/analytics/dashboards';
import { message } from '../../../shared/i18n/messages';
import {
  analyticsFilters, batchLineSchema, dashboardBatchPath, queryAnswerSchema, queryPath, reportPageAnswerSchema, reportPath, type AnalyticsFilters, type BatchLine,
} from '../../../shared/analytics/filters';
import { pageBody } from '../../../shared/api/paging';
import { REPORT_DEFS } from '../../../shared/analytics/reports';
import { defineRoute, type RouteDef } from '../../http/route';
import { streamXlsx, type SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { longWorkTurn } from '../../db/pgliteGate';
import type { RequestContext } from '../../platform/requestContext';
import { DASHBOARDS } from './dashboards';
import { exportTicketRoutes } from './exportTickets';
import { DASHBOARD_QUERIES } from './queries';
import type { AnalyticsCtx, ReportQuery, Row } from './registry';
import { REPORT_QUERIES } from './reports';
import { checkReportRegistry } from './reports/checkRegistry';
import { inLane, inLaneOf } from '../../db/pgliteGate';
import { createAnswerCache } from './answerCache';
import { getOrThrow } from '../../../shared/must';
import { stockMemo } from './queries/balances';
import { ndjsonOf, XLSX_FILE } from '../../http/rawAnswers';

/** A dashboard batch's answer: one JSON line a panel, as each is ready. */
const BATCH_STREAM = ndjsonOf(batchLineSchema, 'One JSON object a line, a panel\'s answer or its error, in the order the panels are ready');

/**
 * Routes of every registered dashboard query (`/analysis/query/<id>`) and report
 * (`/analysis/report/<page>/selectByPage | export | chart`), each with its own permission: a
 * query's is that of the dashboards using it (dashboards/*.ts, `queryPermission`), a report's its page's.
 */
export function analyticsRoutes(services: Services): RouteDef[] {
  // Reports and dashboards only read: from the read replica when there is one (DATABASE_READ_URL).
  const db = services.readDb;
  const ctxOf = async ({ user, lang, scope }: RequestContext): Promise<AnalyticsCtx> =>
    ({ db, user, lang, now: new Date(), scope: await scope(), dbKind: services.database.kind });
  const asOf = () => new Date().toISOString();
  // On the embedded database (one process, one connection) viewers with the same data scope share
  // a dashboard query's answer for a few seconds (answerCache.ts), read ahead of reports
  // (pgliteGate.ts); a server database answers each.
  const cache = services.database.kind === 'pglite' ? createAnswerCache<Row[]>() : null;
  if (cache) services.realtime.onStockChange((change) => cache.stockChanged(change));
  const runQuery = (q: (typeof DASHBOARD_QUERIES)[number], ctx: AnalyticsCtx, filters: AnalyticsFilters): Promise<Row[]> => (cache
    ? cache.answer({ queryId: q.id, filters, scope: ctx.scope, dealerId: ctx.user.dealerId ?? null, lang: ctx.lang }, () => inLane('dashboard', () => q.run(ctx, filters)))
    : q.run(ctx, filters));

  const queries = DASHBOARD_QUERIES.map((q) => defineRoute({
    method: 'POST', url: queryPath(q.id), tag: 'analysis', permission: queryPermission(DASHBOARDS, q.id), summary: q.summary, answer: queryAnswerSchema,
    body: q.params ? analyticsFilters.extend(q.params.shape) : analyticsFilters,
    // zod cannot spell out what extending the filters with a query's own parameters gives.
    handler: inLaneOf('dashboard', async (rc) => ({ rows: await runQuery(q, await ctxOf(rc), rc.body as AnalyticsFilters), asOf: asOf() })),
  }));

  const byId = new Map(DASHBOARD_QUERIES.map((q) => [q.id, q]));
  const BATCH_LANES = 4;
  /**
   * A dashboard's panels in one call: each panel's answer is written as an NDJSON line
   * the moment it is ready, so the console draws panels as they arrive; panels asking the same
   * query with the same parameters share one run, and the stock book's reads are shared (ctx.memo).
   */
  const batches = DASHBOARDS.map((d) => defineRoute({
    method: 'POST', url: dashboardBatchPath(d.id), tag: 'analysis', permission: dashboardPermission(d), body: analyticsFilters, raw: BATCH_STREAM,
    summary: `${d.title['en-US']}: every panel's answer in one call, streamed as NDJSON lines ({ panel, answer } or { panel, error }) as each is ready`,
    handler: inLaneOf('dashboard', async (rc) => {
      const ctx: AnalyticsCtx = { ...(await ctxOf(rc)), memo: stockMemo() };
      const raw = rc.reply.raw;
      rc.reply.hijack();
      raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
      const write = (line: BatchLine) => { if (!raw.destroyed) raw.write(`${JSON.stringify(line)}\n`); };
      const runs = new Map<string, Promise<Row[]>>();
      // At most BATCH_LANES panels at once (a browser asked about six at a time), so one viewer's
      // batch does not hold the whole connection pool; nothing more starts once the viewer left.
      // The embedded database runs one statement at a time, so lanes there only queue: one lane lets
      // the calls made beside the batch (the user and the menu, which the shell waits for) in
      // between two panels instead of behind four (the user's answer: 57-67 ms against 75-135).
      const lanes = services.database.kind === 'pglite' ? 1 : BATCH_LANES;
      const queue = [...d.panels];
      const lane = async () => {
        for (let panel = queue.shift(); panel && !raw.destroyed; panel = queue.shift()) await answerPanel(panel);
      };
      const answerPanel = async (panel: (typeof d.panels)[number]) => {
        const query = getOrThrow(byId, panel.query, 'dashboard query');
        const filters: AnalyticsFilters & Record<string, unknown> = { ...rc.body, ...panel.params };
        const key = JSON.stringify([panel.query, panel.params ?? null]);
        let run = runs.get(key);
        if (!run) runs.set(key, (run = runQuery(query, ctx, filters)));
        try {
          write({ panel: panel.id, answer: { rows: await run, asOf: asOf() } });
        } catch (err) {
          rc.req.log.error({ err, panel: panel.id }, 'dashboard panel failed');
          write({ panel: panel.id, error: { status: 500, msg: message(ctx.lang, 'internal') } });
        }
      };
      await Promise.all(Array.from({ length: lanes }, lane));
      raw.end();
    }),
  }));

  checkReportRegistry(REPORT_DEFS, REPORT_QUERIES);
  const reports = REPORT_QUERIES.flatMap((r) => reportRoutes(r));
  function reportRoutes(r: ReportQuery): RouteDef[] {
    const base = reportPath(r.def.page);
    const title = r.def.title['en-US'];
    const routes: RouteDef[] = [
      defineRoute({
        method: 'POST', url: `${base}/selectByPage`, tag: 'reports', permission: r.def.perm, body: pageBody.extend(analyticsFilters.shape), answer: reportPageAnswerSchema,
        summary: `${title}: a page of the report, filtered and sorted, within the caller's data scope`,
        handler: inLaneOf('long', async (rc) => {
          const { pageNum, pageSize, orderBy, ...filters } = rc.body;
          const { rows, total, totalEstimated } = await r.page(await ctxOf(rc), filters, {
            limit: pageSize, offset: (pageNum - 1) * pageSize,
            orderBy: orderBy?.filter((o) => r.def.columns.some((c) => c.key === o.field && c.sortable)),
          });
          return { rows, total, ...(totalEstimated ? { totalEstimated } : {}), pageNum, pageSize, asOf: asOf() };
        }),
      }),
      defineRoute({
        method: 'POST', url: `${base}/export`, tag: 'reports', permission: `${r.def.perm}:export`, body: analyticsFilters, raw: XLSX_FILE,
        summary: `${title}: every row of the filtered report as a streamed xlsx file`,
        handler: inLaneOf('long', async (rc) => {
          const ctx = await ctxOf(rc);
          const columns: SheetColumn<Row>[] = r.def.columns.map((c) => ({ key: c.key, header: c.title, width: c.width, value: (row) => row[c.key] }));
          await streamXlsx(rc.reply, `${r.def.title[ctx.lang]}.xlsx`, ctx.lang, columns, r.batches(ctx, rc.body), undefined, longWorkTurn(services.database.gate));
        }),
      }),
    ];
    if (r.chart) {
      const chart = r.chart.bind(r);
      routes.push(defineRoute({
        method: 'POST', url: `${base}/chart`, tag: 'reports', permission: r.def.perm, body: analyticsFilters, answer: queryAnswerSchema,
        summary: `${title}: the rows of the chart above the table`,
        handler: inLaneOf('long', async (rc) => ({ rows: await chart(await ctxOf(rc), rc.body), asOf: asOf() })),
      }));
    }
    for (const more of r.def.moreCharts ?? []) {
      const rowsOf = r.moreCharts?.[more.id];
      if (!rowsOf) throw new Error(`Report ${r.def.page}: no query for its chart ${more.id}`);
      routes.push(defineRoute({
        method: 'POST', url: `${base}/chart/${more.id}`, tag: 'reports', permission: r.def.perm, body: analyticsFilters, answer: queryAnswerSchema,
        summary: `${title}: the rows of its chart '${more.title['en-US']}'`,
        handler: inLaneOf('long', async (rc) => ({ rows: await rowsOf(await ctxOf(rc), rc.body), asOf: asOf() })),
      }));
    }
    return routes;
  }
  return [...queries, ...batches, ...reports, ...exportTicketRoutes(services, REPORT_QUERIES)];
}
