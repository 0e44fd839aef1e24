import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import type { AnalyticsCtx, ReportQuery } from '../../src/server/modules/analysis/registry';
import { REPORT_QUERIES } from '../../src/server/modules/analysis/reports';
import { checkReportRegistry } from '../../src/server/modules/analysis/reports/checkRegistry';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import type { SessionUser } from '../../src/server/platform/sessionStore';
import { FILTER_FIELDS, type AnalyticsFilters } from '../../src/shared/analytics/filters';
import { REPORT_DEFS } from '../../src/shared/analytics/reports';
import { onPostgres, startTestServer, type TestServer } from './server';

/**
 * A filter a report declares is one its filter bar offers, so its query must apply it: a filter the
 * query never reads would change nothing and say nothing. Each report's page, chart and more charts
 * are run with every filter set, through a proxy that notes which filter fields the query reads;
 * every field of every declared filter must have been read. (A query that reads a field applies it:
 * the helpers of analysisSql.ts read a field only to put it in the SQL.)
 */
const EVERY_FILTER: Required<AnalyticsFilters> = {
  dimension: 'month', dateFrom: '2026-01-01', dateTo: '2026-03-31', dealerId: 1, warehouseId: 1, brandId: 1,
  specification: '205/55R16', pattern: 'P7', keyword: 'SH', regionId: 1, stockAge: '0-3', dotAge: 'dotUpTo26w',
};

function recording(): { filters: AnalyticsFilters; read: Set<string> } {
  const read = new Set<string>();
  const filters = new Proxy({ ...EVERY_FILTER }, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { filters, read };
}

async function fieldsRead(q: ReportQuery, ctx: AnalyticsCtx): Promise<Set<string>> {
  const { filters, read } = recording();
  await q.page(ctx, filters, { limit: 1, offset: 0 });
  await q.chart?.(ctx, filters);
  for (const more of Object.values(q.moreCharts ?? {})) await more(ctx, filters);
  return read;
}

describe.skipIf(onPostgres)('report filters', () => {
  let server: TestServer;
  let ctx: AnalyticsCtx;
  beforeAll(async () => {
    server = await startTestServer();
    const db = server.services.db;
    const [user] = await db.select({ id: users.id, dealerId: users.dealerId }).from(users).where(eq(users.userName, 'admin'));
    ctx = { db, user: user as SessionUser, scope: await dataScopeOf(db, user), lang: 'en-US', now: new Date(), dbKind: server.services.database.kind };
  });
  afterAll(async () => { await server?.stop(); });

  it('every report applies each filter it declares', async () => {
    const ignored: string[] = [];
    for (const q of REPORT_QUERIES) {
      const read = await fieldsRead(q, ctx);
      for (const key of q.def.filters) {
        const missing = FILTER_FIELDS[key].filter((field) => !read.has(field));
        if (missing.length) ignored.push(`${q.def.page}: ${key} (${missing.join(', ')})`);
      }
    }
    expect(ignored).toEqual([]);
  }, 180_000);

  it('notices a query that does not read a declared filter', async () => {
    const [first] = REPORT_QUERIES;
    const forgetful: ReportQuery = { ...first, page: (c, _f, paging) => first.page(c, { ...EVERY_FILTER, keyword: undefined }, paging), chart: undefined, moreCharts: undefined };
    const read = await fieldsRead(forgetful, ctx);
    expect(read.size).toBe(0);
  });

  it('refuses, at start, a definition without its query and a query without its definition', () => {
    expect(() => checkReportRegistry(REPORT_DEFS, REPORT_QUERIES)).not.toThrow();
    expect(() => checkReportRegistry(REPORT_DEFS, REPORT_QUERIES.slice(1))).toThrow(`${REPORT_QUERIES[0].def.page}: a definition without a query`);
    expect(() => checkReportRegistry(REPORT_DEFS.slice(1), REPORT_QUERIES)).toThrow('a query without a definition');
  });
});
