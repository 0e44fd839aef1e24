import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { warehouses } from '../../db/schema';
import type { CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { allows } from '../../platform/dataScope';

/** Whether any row of `table` points at one of `ids` through `column` (and the extra condition). */
export async function referenced(db: Db, table: PgTable, column: PgColumn, ids: number[], extra?: SQL): Promise<boolean> {
  const [hit] = await db.select({ n: count() }).from(table).where(and(inArray(column, ids), extra));
  return hit.n > 0;
}

/** A warehouse the caller may write to, or 400 naming the field (unknown: invalid value; another dealer's: not in scope). */
export async function writableWarehouse(ctx: CrudContext, id: number, field = 'warehouseId') {
  const [row] = await ctx.db.select({ id: warehouses.id, dealerId: warehouses.dealerId }).from(warehouses).where(eq(warehouses.id, id));
  if (!row) throw badRequest('invalidValue', field);
  if (!allows(ctx.scope.warehouseIds, row.id)) throw badRequest('notInScope', field);
  return row;
}
