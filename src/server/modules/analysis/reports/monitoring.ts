import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { Language } from '../../../../shared/i18n/languages';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { AUDIT_ACTIONS, LOGIN_REASONS, MONITOR_REPORTS } from '../../../../shared/analytics/reports/monitoring';
import type { DataScope } from '../../../platform/dataScope';
import { scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { contains, localDay, localTime, periodLabel, withinDays } from './reportSql';
import { sqlReport } from './sqlReport';

const defOf = (page: string): ReportDef => MONITOR_REPORTS.find((d) => d.page === page)!;

/**
 * Rows about a user (a sign-in, a change) within the caller's scope, by the user's dealer: a
 * dealer user sees its own dealer's users; staff narrowed by dealer or region rules see those
 * dealers' users, by warehouse rules the users of the dealers owning those warehouses. Staff
 * users and unknown names have no dealer, so only unrestricted callers see them.
 */
function userInScope(scope: DataScope, dealerOfUser: SQL): SQL {
  if (scope.dealerIds === null && scope.warehouseIds !== null) {
    if (!scope.warehouseIds.length) return sql`false`;
    return sql`${dealerOfUser} in (select sw.dealer_id from warehouses sw where sw.id in (${sql.join(scope.warehouseIds.map((id) => sql`${id}`), sql`, `)}))`;
  }
  return scopeSql(scope, dealerOfUser);
}

/** A code's name in the reader's language from a table of names; a code not listed shows as it is. */
function nameOf(column: SQL, names: Record<string, Record<Language, string>>, lang: Language): SQL {
  const cases = Object.entries(names).map(([code, title]) => sql`when ${code} then ${title[lang]}`);
  return sql`(case ${column} ${sql.join(cases, sql` `)} else ${column} end)`;
}

const keywordIn = (f: AnalyticsFilters, columns: SQL[], extra?: SQL) =>
  (f.keyword ? sql`(${sql.join([...columns.map((c) => contains(c, f.keyword!)), ...(extra ? [extra] : [])], sql` or `)})` : sql`true`);

/**
 * The actions whose name in the reader's language contains the keyword, as a test on the code:
 * the names are known here, so no row's name is computed to be searched.
 */
function actionNamed(f: AnalyticsFilters, lang: Language): SQL | undefined {
  const words = f.keyword?.toLowerCase();
  const codes = words ? Object.entries(AUDIT_ACTIONS).filter(([, title]) => title[lang].toLowerCase().includes(words)).map(([code]) => code) : [];
  return codes.length ? sql`a.action in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})` : undefined;
}
const dealerIs = (f: AnalyticsFilters, column: SQL) => (f.dealerId ? sql`${column} = ${f.dealerId}` : sql`true`);

/** Sign-in attempts and sign-outs (login_logs), with the user's dealer; the reason's code rides along for the console's colours. */
function loginMonitor(): ReportQuery {
  const from = sql`login_logs l left join users u on u.id = l.user_id`;
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    ${withinDays(sql`l.created_at`, f, ctx.now)} and ${userInScope(ctx.scope, sql`u.dealer_id`)} and ${dealerIs(f, sql`u.dealer_id`)}
    and ${keywordIn(f, [sql`l.user_name`, sql`u.nick_name`, sql`l.ip`])}`;
  return sqlReport({
    def: defOf('loginMonitor'),
    keys: [{ name: 'id', expr: sql`l.id` }],
    sortExprs: { loggedAt: sql`l.created_at`, id: sql`l.id` },
    rows: (ctx, f, after) => sql`
      select l.id, ${localTime(sql`l.created_at`)} as "loggedAt", l.user_name as "userName", u.nick_name as "nickName", d.name as "dealerName",
        case when l.success then 'yes' else 'no' end as succeeded, ${nameOf(sql`l.reason`, LOGIN_REASONS, ctx.lang)} as reason,
        l.reason as "reasonCode", l.ip, l.user_agent as "userAgent"
      from ${from} left join dealers d on d.id = u.dealer_id
      where ${where(ctx, f)} and ${after}`,
    // Sign-ins only: a sign-out is logged as a success and would count twice.
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`l.created_at`), f.dimension)} as period,
        (count(*) filter (where l.success))::int as succeeded, (count(*) filter (where not l.success))::int as failed
      from ${from} where ${where(ctx, f)} and l.reason <> 'logout' group by 1 order by 1`,
  });
}

/**
 * The audit trail (audit_logs, written with each change by recordAudit), with the before and
 * after JSON in full: the console opens a row from it, the sheet keeps it.
 */
function logMonitor(): ReportQuery {
  const from = sql`audit_logs a left join users u on u.id = a.user_id`;
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    ${withinDays(sql`a.created_at`, f, ctx.now)} and ${userInScope(ctx.scope, sql`u.dealer_id`)} and ${dealerIs(f, sql`u.dealer_id`)}
    and ${keywordIn(f, [sql`a.user_name`, sql`u.nick_name`, sql`a.entity`, sql`a.entity_id`, sql`a.action`], actionNamed(f, ctx.lang))}`;
  return sqlReport({
    def: defOf('logMonitor'),
    keys: [{ name: 'id', expr: sql`a.id` }],
    sortExprs: { loggedAt: sql`a.created_at`, id: sql`a.id` },
    rows: (ctx, f, after) => sql`
      select a.id, ${localTime(sql`a.created_at`)} as "loggedAt", a.user_name as "userName", u.nick_name as "nickName", d.name as "dealerName",
        ${nameOf(sql`a.action`, AUDIT_ACTIONS, ctx.lang)} as action, a.action as "actionCode", a.entity, a.entity_id as "entityId", a.ip,
        a.before, a.after
      from ${from} left join dealers d on d.id = u.dealer_id
      where ${where(ctx, f)} and ${after}`,
  });
}

/** PDA batch uploads (upload_logs, written by every upload, taken or refused), with their order's ERP upload state. */
function uploadMonitor(): ReportQuery {
  // yes and no, as the kit shows tags and the export names them in the reader's language.
  const yesNo = (cond: SQL) => sql`case when ${cond} then 'yes' else 'no' end`;
  const from = sql`upload_logs p left join orders o on o.id = p.order_id left join users u on u.id = p.user_id`;
  // The batch's dealer: its order's, else the uploading user's.
  const dealer = sql`coalesce(o.dealer_id, p.dealer_id)`;
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    ${withinDays(sql`p.created_at`, f, ctx.now)} and ${scopeSql(ctx.scope, dealer, ctx.scope.warehouseIds === null ? undefined : sql`o.warehouse_id`)}
    and ${dealerIs(f, dealer)} and ${keywordIn(f, [sql`p.upload_id`, sql`o.order_no`, sql`p.message`, sql`u.user_name`])}`;
  return sqlReport({
    def: defOf('uploadMonitor'),
    keys: [{ name: 'id', expr: sql`p.id` }],
    sortExprs: { uploadedAt: sql`p.created_at`, id: sql`p.id` },
    rows: (ctx, f, after) => sql`
      select p.id, ${localTime(sql`p.created_at`)} as "uploadedAt", d.name as "dealerName", u.user_name as "userName", p.upload_id as "uploadId",
        o.order_no as "orderNo", p.order_id as "orderId", o.order_type as "orderType", ${yesNo(sql`p.ok`)} as result, p.ok,
        p.accepted, p.refused, p.message, ${yesNo(sql`o.upload_status = '1'`)} as "erpUploaded", o.upload_status = '1' as "erpOk"
      from ${from} left join dealers d on d.id = ${dealer}
      where ${where(ctx, f)} and ${after}`,
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`p.created_at`), f.dimension)} as period,
        (count(*) filter (where p.ok))::int as taken, (count(*) filter (where not p.ok))::int as refused
      from ${from} where ${where(ctx, f)} group by 1 order by 1`,
  });
}

/** monitoringManage › monitoring: the monitors' queries. */
export const MONITOR_QUERIES: ReportQuery[] = [loginMonitor(), logMonitor(), uploadMonitor()];
