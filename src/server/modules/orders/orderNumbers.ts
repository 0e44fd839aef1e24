import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { dayOf } from '../stock/ledger';

/**
 * The next order's id and number: type, business day and the id, e.g. `PR20261122000123`.
 * Taking the id from the table's sequence first makes the number unique without a retry.
 */
export async function newOrderNo(tx: Db, orderType: string): Promise<{ id: number; orderNo: string }> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
  const id = Number(row.id);
  return { id, orderNo: `${orderType}${dayOf(new Date()).replaceAll('-', '')}${String(id).padStart(6, '0')}` };
}
