import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

/**
 * A dealer's rows of every table, by primary key, as a checksum of each row's text and whose it
 * is: taken before and after a run of calls, the two tell which of the dealer's rows the calls
 * changed, removed or added. A dealer's rows are those with its dealer_id or one of its
 * warehouses (warehouse_id, target_warehouse_id), those whose parent row (by foreign key) is
 * such a row (an order's lines and scans), its dealers row; rows of tables owned by no dealer
 * (roles, dictionaries, materials) are all taken.
 */
export type Owner = { dealerId: number | null; warehouseIds: number[] };
type Row = Owner & { sum: string };
export interface Snapshot { tables: Map<string, Map<string, Row>> }

/** Written by every call or sign-in whatever it does: a session's last use, the login and audit trails, captchas. */
// job_runs: the scheduler stamps its claims there on its own timer (the outbox polls every few seconds).
// export_tickets: a report export's one-time download link, which its reading call makes.
export const BOOKKEEPING_TABLES = new Set(['sessions', 'login_logs', 'audit_logs', 'captchas', 'job_runs', 'export_tickets']);

type TableInfo = { table: string; columns: string[]; keys: string[] | null; parents: { column: string; parent: string }[] | null };

const OWNER_COLUMNS = ['dealer_id', 'warehouse_id', 'target_warehouse_id'];
const ownerOf = (alias: string, cols: string[], table: string) => ({
  dealer: table === 'dealers' ? sql.raw(`${alias}.id`) : cols.includes('dealer_id') ? sql.raw(`${alias}.dealer_id`) : sql`null::int`,
  warehouses: sql.raw(`array_remove(array[${OWNER_COLUMNS.slice(1).filter((c) => cols.includes(c)).map((c) => `${alias}.${c}`).join(', ') || 'null::int'}], null)`),
});
const owned = (alias: string, cols: string[], table: string, dealerId: number, warehouseIds: number[]): SQL => {
  const w = sql`${`{${warehouseIds.join(',')}}`}::int[]`;
  const conditions: SQL[] = [];
  if (table === 'dealers') conditions.push(sql`${sql.raw(alias)}.id = ${dealerId}`);
  if (cols.includes('dealer_id')) conditions.push(sql`${sql.raw(alias)}.dealer_id = ${dealerId}`);
  for (const c of OWNER_COLUMNS.slice(1)) if (cols.includes(c)) conditions.push(sql`${sql.raw(`${alias}.${c}`)} = any(${w})`);
  return sql.join(conditions, sql` or `);
};

let tableInfo: Promise<TableInfo[]> | null = null;
const tablesOf = (db: Db) => (tableInfo ??= queryRows<TableInfo>(db, sql`
  select c.table_name as "table", array_agg(c.column_name::text) as columns,
    (select array_agg(k.column_name::text order by k.ordinal_position) from information_schema.table_constraints t
      join information_schema.key_column_usage k on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
      where t.table_schema = 'public' and t.table_name = c.table_name and t.constraint_type = 'PRIMARY KEY') as keys,
    (select json_agg(json_build_object('column', k.column_name, 'parent', u.table_name)) from information_schema.table_constraints t
      join information_schema.key_column_usage k on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
      join information_schema.constraint_column_usage u on u.constraint_name = t.constraint_name and u.table_schema = t.table_schema
      where t.table_schema = 'public' and t.table_name = c.table_name and t.constraint_type = 'FOREIGN KEY') as parents
  from information_schema.columns c join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
  where c.table_schema = 'public' and tb.table_type = 'BASE TABLE' and c.table_name not like '\\_\\_%'
  group by c.table_name order by c.table_name`));

/** Rows of `dealer` (see above), or every row of every table when no dealer is named. */
export async function snapshot(db: Db, dealer?: { dealerId: number; warehouseIds: number[] }, skip: Set<string> = BOOKKEEPING_TABLES): Promise<Snapshot> {
  const infos = await tablesOf(db);
  const byName = new Map(infos.map((i) => [i.table, i]));
  const isOwned = (i: TableInfo) => i.table === 'dealers' || OWNER_COLUMNS.some((c) => i.columns.includes(c));
  const tables: Snapshot['tables'] = new Map();
  for (const info of infos) {
    if (skip.has(info.table)) continue;
    const { table, columns: cols, keys } = info;
    const key = keys?.length ? sql.raw(keys.map((k) => `t."${k}"::text`).join(` || '|' || `)) : sql.raw(`md5(t::text)`);
    let query: SQL;
    if (!dealer) {
      const o = ownerOf('t', cols, table);
      query = sql`select ${key} as k, md5(t::text) as sum, ${o.dealer} as "dealerId", ${o.warehouses} as "warehouseIds" from ${sql.identifier(table)} t`;
    } else if (isOwned(info)) {
      const o = ownerOf('t', cols, table);
      query = sql`select ${key} as k, md5(t::text) as sum, ${o.dealer} as "dealerId", ${o.warehouses} as "warehouseIds"
        from ${sql.identifier(table)} t where ${owned('t', cols, table, dealer.dealerId, dealer.warehouseIds)}`;
    } else {
      // Owned through a parent: the first foreign key to a table that has an owner.
      const link = (info.parents ?? []).find((p) => byName.has(p.parent) && isOwned(byName.get(p.parent)!) && p.parent !== table);
      if (link) {
        const parent = byName.get(link.parent)!;
        const o = ownerOf('p', parent.columns, parent.table);
        query = sql`select ${key} as k, md5(t::text) as sum, ${o.dealer} as "dealerId", ${o.warehouses} as "warehouseIds"
          from ${sql.identifier(table)} t join ${sql.identifier(parent.table)} p on p.id = t.${sql.identifier(link.column)}
          where ${owned('p', parent.columns, parent.table, dealer.dealerId, dealer.warehouseIds)}`;
      } else {
        query = sql`select ${key} as k, md5(t::text) as sum, null::int as "dealerId", '{}'::int[] as "warehouseIds" from ${sql.identifier(table)} t`;
      }
    }
    const rows = await queryRows<{ k: string } & Row>(db, query);
    tables.set(table, new Map(rows.map((r) => [r.k, { sum: r.sum, dealerId: r.dealerId, warehouseIds: r.warehouseIds }])));
  }
  return { tables };
}

export interface SnapshotDiff {
  changed: { row: string; before: Owner; after: Owner }[];
  removed: { row: string; before: Owner; after: null }[];
  added: ({ row: string } & Owner)[];
}

export function diff(before: Snapshot, after: Snapshot): SnapshotDiff {
  const out: SnapshotDiff = { changed: [], removed: [], added: [] };
  const owner = (r: Owner): Owner => ({ dealerId: r.dealerId, warehouseIds: r.warehouseIds });
  for (const [table, rows] of after.tables) {
    const old = before.tables.get(table) ?? new Map<string, Row>();
    for (const [k, row] of rows) {
      const was = old.get(k);
      if (!was) out.added.push({ row: `${table}#${k}`, ...owner(row) });
      else if (was.sum !== row.sum) out.changed.push({ row: `${table}#${k}`, before: owner(was), after: owner(row) });
    }
    for (const [k, was] of old) if (!rows.has(k)) out.removed.push({ row: `${table}#${k}`, before: owner(was), after: null });
  }
  return out;
}
