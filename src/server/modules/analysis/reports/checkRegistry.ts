import type { ReportDef } from '../../../../shared/analytics/reportDef';
import type { ReportQuery } from '../registry';

/**
 * The report pages' definitions (shared with the console) and their queries (here) are one
 * registry in two halves: every definition has exactly one query and every query a definition, and
 * a query draws the charts its definition declares. Checked when the routes are made, so a report
 * added to one half only stops the server's start with its name rather than answering 404
 * (docs/adding-a-report.md).
 */
export function checkReportRegistry(defs: ReportDef[], queries: ReportQuery[]): void {
  const problems: string[] = [];
  const byPage = new Map<string, number>();
  for (const q of queries) byPage.set(q.def.page, (byPage.get(q.def.page) ?? 0) + 1);
  for (const [page, n] of byPage) if (n > 1) problems.push(`${page}: ${n} queries`);
  for (const d of defs) if (!byPage.has(d.page)) problems.push(`${d.page}: a definition without a query`);
  const defined = new Set(defs.map((d) => d.page));
  for (const q of queries) {
    if (!defined.has(q.def.page)) problems.push(`${q.def.page}: a query without a definition in REPORT_DEFS`);
    if (q.def.chart && !q.chart) problems.push(`${q.def.page}: declares a chart its query does not draw`);
    for (const c of q.def.moreCharts ?? []) if (!q.moreCharts?.[c.id]) problems.push(`${q.def.page}: declares chart ${c.id} its query does not draw`);
  }
  if (problems.length) throw new Error(`The report registry is not whole: ${problems.join('; ')}`);
}
