import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsFilters } from '../../../../shared/analytics/filters';
import type { Language } from '../../../../shared/i18n/languages';
import type { ReportDef } from '../../../../shared/analytics/reportDef';
import { AUDIT_ACTIONS, EXCHANGE_KINDS, LOGIN_REASONS, MONITOR_REPORTS, OUTBOX_PENDING, OUTBOX_TOPICS } from '../../../../shared/analytics/reports/monitoring';
import type { DataScope } from '../../../platform/dataScope';
import { scopeSql, type AnalyticsCtx, type ReportQuery } from '../registry';
import { contains, localDay, localTime, periodLabel, withinDays } from './reportSql';
import { sqlReport } from './sqlReport';
import { must } from '../../../../shared/must';

const defOf = (page: string): ReportDef => must(MONITOR_REPORTS.find((d) => d.page === page), `report ${page}`);

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

const keywordIn = ({ keyword }: AnalyticsFilters, columns: SQL[], extra?: SQL) =>
  (keyword ? sql`(${sql.join([...columns.map((c) => contains(c, keyword)), ...(extra ? [extra] : [])], sql` or `)})` : sql`true`);

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
    notNullSorts: ['loggedAt', 'id'],
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
    moreCharts: {
      // The busiest dealers (staff and unknown names together as one bar), most sign-ins on top.
      byDealer: (ctx, f) => sql`
        select coalesce(d.name, ${ctx.lang === 'zh-CN' ? '厂家及未知用户' : 'Maker staff and unknown'}) as dealer,
          (count(*) filter (where l.success))::int as succeeded, (count(*) filter (where not l.success))::int as failed
        from ${from} left join dealers d on d.id = u.dealer_id
        where ${where(ctx, f)} and l.reason <> 'logout' group by 1 order by count(*) desc, 1 limit 12`,
    },
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
    notNullSorts: ['loggedAt', 'id'],
    rows: (ctx, f, after) => sql`
      select a.id, ${localTime(sql`a.created_at`)} as "loggedAt", a.user_name as "userName", u.nick_name as "nickName", d.name as "dealerName",
        ${nameOf(sql`a.action`, AUDIT_ACTIONS, ctx.lang)} as action, a.action as "actionCode", a.entity, a.entity_id as "entityId", a.ip,
        a.before, a.after
      from ${from} left join dealers d on d.id = u.dealer_id
      where ${where(ctx, f)} and ${after}`,
  });
}

/**
 * PDA batch uploads (upload_logs, written by every upload, taken or refused), with their order's
 * ERP upload state, and exchanges with outside systems (exchange_logs: TMS stop reports, ERP
 * order uploads) — one list, newest first, keyed by channel and id.
 */
function uploadMonitor(): ReportQuery {
  // yes and no, as the kit shows tags and the export names them in the reader's language.
  const yesNo = (cond: SQL) => sql`case when ${cond} then 'yes' else 'no' end`;
  /**
   * A restricted caller's uploads, found on indexes before the union is read: those of its orders
   * (orders by dealer or warehouse, then upload_logs_order_idx) and, where its scope is dealers
   * alone, those without an order by its dealers (upload_logs_dealer_idx). A superset: the
   * union's own scope test below decides. Unrestricted callers read the window by time.
   */
  const pdaInScope = (scope: DataScope) => (scope.dealerIds === null && scope.warehouseIds === null ? sql`true` : sql`p.id in (
      select su.id from upload_logs su join orders so on so.id = su.order_id where ${scopeSql(scope, sql`so.dealer_id`, sql`so.warehouse_id`)}
      union all
      select su.id from upload_logs su where su.order_id is null
        and ${scope.warehouseIds === null ? scopeSql(scope, sql`su.dealer_id`) : sql`false`})`);
  /**
   * One list of the three sources, each read by time; an upload's order is joined to the list (`o`)
   * and its user looked up for the rows shown, not inside its arm. Every arm's columns are cast to
   * the list's types, so the planner reads the union as one list of its sources (no column
   * coerced) and sorts its thin rows first: a page newest first joins orders for its own rows
   * alone (every upload of a month joined to every order first took 2.6 s at ten million tyres,
   * 0.12 s so).
   */
  const rows = (ctx: AnalyticsCtx) => sql`(
    select 'PDA'::text as channel, p.id, p.created_at, p.dealer_id, null::int as warehouse_id, p.user_id, null::text as user_name,
      p.upload_id::text as what, null::text as ref, p.order_id, p.ok, p.accepted, p.refused, p.message::text as message, false as retryable
    from upload_logs p
    where ${pdaInScope(ctx.scope)}
    union all
    select e.system::text, e.id, e.created_at, e.dealer_id, e.warehouse_id, null::int, e.user_name::text, (${nameOf(sql`e.kind`, EXCHANGE_KINDS, ctx.lang)})::text,
      e.ref::text, null::int, e.ok, null::int, null::int,
      coalesce(e.message, case when e.retried_at is not null then 'retried by ' || e.retried_by end)::text,
      e.system = 'TMS' and not e.ok and e.retried_at is null and e.payload is not null
    from exchange_logs e
    union all
    -- The outbox's bigint id as int, as the other rows' ids (the monitor's keys and retries read numbers).
    select (case q.kind when 'mail' then 'MAIL' else 'HOOK' end)::text, q.id::int, q.created_at, q.dealer_id, null::int, null::int, q.retried_by::text,
      (${nameOf(sql`q.topic`, OUTBOX_TOPICS, ctx.lang)})::text, q.target::text, null::int, case q.status when 'sent' then true when 'failed' then false end,
      null::int, null::int,
      nullif(concat_ws(' · ', q.last_error, q.last_answer, case when q.retried_by is not null then 'retried by ' || q.retried_by end), '')::text,
      q.status = 'failed'
    from outbox q
  ) x left join orders o on o.id = x.order_id`;
  /** An upload's dealer and warehouse are its order's, else its own; an exchange's and a message's their own. */
  const dealer = sql`coalesce(o.dealer_id, x.dealer_id)`;
  const warehouse = sql`coalesce(o.warehouse_id, x.warehouse_id)`;
  const userName = sql`coalesce((select u.user_name from users u where u.id = x.user_id), x.user_name)`;
  /** Whether an upload's order reached the ERP (null: no order, or not an upload). */
  const erpOk = sql`(o.upload_status = '1')`;
  // Uploads and exchanges are a warehouse's; a mail or webhook is a dealer's alone, in scope as a user of that dealer would be.
  const inScope = (scope: DataScope) => (scope.dealerIds === null && scope.warehouseIds === null ? sql`true`
    : sql`(case when x.channel in ('MAIL', 'HOOK') then ${userInScope(scope, dealer)}
      else ${scopeSql(scope, dealer, scope.warehouseIds === null ? undefined : warehouse)} end)`);
  const where = (ctx: AnalyticsCtx, f: AnalyticsFilters) => sql`
    ${withinDays(sql`x.created_at`, f, ctx.now)} and ${inScope(ctx.scope)}
    and ${dealerIs(f, dealer)} and ${keywordIn(f, [sql`x.what`, sql`coalesce(o.order_no, x.ref)`, sql`x.message`, userName, sql`x.channel`])}`;
  return sqlReport({
    def: defOf('uploadMonitor'),
    keys: [{ name: 'channel', expr: sql`x.channel` }, { name: 'id', expr: sql`x.id` }],
    sortExprs: { uploadedAt: sql`x.created_at`, channel: sql`x.channel`, id: sql`x.id` },
    notNullSorts: ['uploadedAt', 'channel', 'id'],
    rows: (ctx, f, after) => sql`
      select x.channel, x.id, ${localTime(sql`x.created_at`)} as "uploadedAt", d.name as "dealerName", ${userName} as "userName", x.what as "uploadId",
        coalesce(o.order_no, x.ref) as "orderNo", x.order_id as "orderId", o.order_type as "orderType",
        case when x.ok is null then ${OUTBOX_PENDING[ctx.lang]} else ${yesNo(sql`x.ok`)} end as result, x.ok,
        x.accepted, x.refused, x.message, case when ${erpOk} is null then null else ${yesNo(erpOk)} end as "erpUploaded",
        ${erpOk} as "erpOk", x.retryable
      from ${rows(ctx)} left join dealers d on d.id = ${dealer}
      where ${where(ctx, f)} and ${after}`,
    chart: (ctx, f) => sql`
      select ${periodLabel(localDay(sql`x.created_at`), f.dimension)} as period,
        (count(*) filter (where x.ok))::int as taken, (count(*) filter (where not x.ok))::int as refused
      from ${rows(ctx)} where ${where(ctx, f)} group by 1 order by 1`,
  });
}

/** monitoringManage › monitoring: the monitors' queries. */
export const MONITOR_QUERIES: ReportQuery[] = [loginMonitor(), logMonitor(), uploadMonitor()];
