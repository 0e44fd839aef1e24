import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { CrudContext } from '../../http/crud';
import { refBase } from '../../../shared/pages/schema';

type Named = PgTable & { id: PgColumn; code: PgColumn; name: PgColumn };
type Row = { id: number } & Record<string, unknown>;

/**
 * The list and detail rows of a manifest page whose answer carried its references' code and name
 * before it moved onto the manifest (`materialCode`, `materialName` of a batch): the rows keep them
 * beside the `code name` label the manifest page shows (`materialLabel`). Each reference is joined
 * under the name pageCrudRoutes sorts a ref field by (`ref_<field key>`), so its column still sorts.
 */
export function refRows(
  db: Db, table: PgTable & { id: PgColumn }, refs: Record<string, Named>, scope: (ctx: CrudContext) => SQL | undefined,
  /** Columns the rows carry otherwise (a decimal as a number, not the driver's string). */
  columns: Record<string, PgColumn | SQL> = {},
) {
  const joined = Object.entries(refs).map(([key, target]) => ({ key, prefix: refBase(key), table: alias(target, `ref_${key}`) }));
  const selection: Record<string, PgColumn | SQL> = { ...getTableColumns(table), ...columns };
  for (const r of joined) {
    selection[`${r.prefix}Code`] = r.table.code;
    selection[`${r.prefix}Name`] = r.table.name;
    selection[`${r.prefix}Label`] = sql<string | null>`${r.table.code} || ' ' || ${r.table.name}`;
  }
  const own: Record<string, PgColumn> = getTableColumns(table);
  const list = async (_ctx: CrudContext, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<Row[]> => {
    let q = db.select(selection).from(table).$dynamic();
    for (const r of joined) q = q.leftJoin(r.table, eq(r.table.id, own[r.key]));
    return (await q.where(where).orderBy(...order).limit(limit).offset(offset)).map((r) => ({ ...r, id: Number(r.id) }));
  };
  const load = async (ctx: CrudContext, id: number): Promise<Row | undefined> => (await list(ctx, and(eq(table.id, id), scope(ctx)), [table.id], 1, 0))[0];
  return { list, load };
}
