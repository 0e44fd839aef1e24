import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import type { AnalyticsCtx, ReportQuery } from '../registry';

/**
 * A report whose SQL depends on something read first (the days a roll-up holds: the tyre,
 * customer tyre and inbound time reports of the whole channel), made per call from it: page,
 * export and chart alike; a chart when its definition has one.
 */
export function reportPerCall(def: ReportDef, queryOf: (ctx: AnalyticsCtx, f: AnalyticsFilters) => Promise<ReportQuery>): ReportQuery {
  return {
    def,
    page: async (ctx, f, paging) => (await queryOf(ctx, f)).page(ctx, f, paging),
    async *batches(ctx, f) { yield* (await queryOf(ctx, f)).batches(ctx, f); },
    chart: def.chart ? async (ctx, f) => (await (await queryOf(ctx, f)).chart?.(ctx, f)) ?? [] : undefined,
  };
}
