import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

/**
 * Another dealer's rows as the database holds them: the ids a probing caller puts in its calls,
 * ids of nothing to compare with (a ghost), and the texts (codes, names, numbers) that would
 * show the dealer's rows in an answer.
 */
export type Kind = 'dealer' | 'warehouse' | 'storehouse' | 'location' | 'order' | 'barcode' | 'user';

export interface Foreign {
  dealerId: number;
  dealerCode: string;
  values: Record<Kind, (number | string)[]>;
  /** Texts naming the dealer's rows and no other rows, as one pattern. */
  marks: RegExp;
  markCount: number;
}

/** An id no row has (within int4, so the database takes it), and a barcode no tyre has. */
export const GHOST_ID = 2_147_000_000;
export const GHOST_BARCODE = 'ZZ9999GHOST0000';
export const ghostOf = (kind: Kind | 'row') => (kind === 'barcode' ? GHOST_BARCODE : GHOST_ID);

/** Which kind of row a body field names: by its name, as the API's bodies spell them. */
export function kindOfField(name: string): Kind | 'row' | null {
  if (/^dealerIds?$/.test(name)) return 'dealer';
  if (/^(target)?[wW]arehouseIds?$/.test(name)) return 'warehouse';
  if (/^storehouseIds?$/.test(name)) return 'storehouse';
  if (/^(storageLocation|location)Ids?$/.test(name)) return 'location';
  if (/^(order|stocktake)Ids?$/.test(name)) return 'order';
  if (name === 'barcode') return 'barcode';
  if (name === 'recipientIds') return 'user';
  if (name === 'id' || name === 'ids') return 'row';
  return null;
}

const ids = async (db: Db, query: ReturnType<typeof sql>) => (await queryRows<{ v: number | string }>(db, query)).map((r) => r.v);

/** Columns whose values name a row to a reader (a code, a name, a number). */
const NAMING_COLUMN = /^(code|name|nickname|user_name|nick_name|order_no|request_no|serial_no|erp_company_code)$/;

export async function foreignOf(db: Db, dealerId: number): Promise<Foreign> {
  const [{ code }] = await queryRows<{ code: string }>(db, sql`select code from dealers where id = ${dealerId}`);
  const warehouseIds = (await ids(db, sql`select id as v from warehouses where dealer_id = ${dealerId} order by id`)) as number[];
  const w = sql`${`{${warehouseIds.join(',')}}`}::int[]`;
  const values: Foreign['values'] = {
    dealer: [dealerId],
    warehouse: warehouseIds,
    storehouse: await ids(db, sql`select id as v from storehouses where warehouse_id = any(${w}) order by id limit 3`),
    location: await ids(db, sql`select id as v from storage_locations where warehouse_id = any(${w}) order by id limit 3`),
    // Orders still open first: a write the scope let through would have something to change.
    order: await ids(db, sql`select id as v from orders where dealer_id = ${dealerId} or warehouse_id = any(${w}) order by status, id desc limit 3`),
    barcode: await ids(db, sql`select code as v from barcodes where dealer_id = ${dealerId} order by status, code limit 1`),
    user: await ids(db, sql`select id as v from users where dealer_id = ${dealerId} order by id`),
  };

  // Every naming column of every table that has a dealer or warehouse column: the values the
  // dealer's rows hold and no other row of the same column does.
  const columns = await queryRows<{ table: string; column: string; owner: string }>(db, sql`
    select c.table_name as "table", c.column_name as "column",
      (select o.column_name from information_schema.columns o where o.table_schema = 'public' and o.table_name = c.table_name
        and o.column_name in ('dealer_id', 'warehouse_id') order by o.column_name limit 1) as owner
    from information_schema.columns c
    where c.table_schema = 'public' and c.data_type in ('character varying', 'text')
      and exists (select 1 from information_schema.columns o where o.table_schema = 'public' and o.table_name = c.table_name and o.column_name in ('dealer_id', 'warehouse_id'))`);
  const marks = new Set<string>();
  const [dealer] = await queryRows<{ code: string; name: string; nickname: string | null }>(db, sql`select code, name, nickname from dealers where id = ${dealerId}`);
  for (const v of [dealer.code, dealer.name, dealer.nickname]) if (v && v.length >= 4) marks.add(v);
  for (const c of columns.filter((c) => NAMING_COLUMN.test(c.column))) {
    const mine = c.owner === 'dealer_id' ? sql`dealer_id = ${dealerId}` : sql`warehouse_id = any(${w})`;
    const rows = await queryRows<{ v: string }>(db, sql`
      select distinct ${sql.identifier(c.column)} as v from ${sql.identifier(c.table)} where ${mine}
      except select ${sql.identifier(c.column)} from ${sql.identifier(c.table)} where not (${mine}) or ${sql.raw(c.owner)} is null`);
    for (const { v } of rows) if (v && v.length >= 4) marks.add(v);
  }
  const escaped = [...marks].sort((a, b) => b.length - a.length).map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return {
    dealerId, dealerCode: code, values, markCount: marks.size,
    marks: new RegExp(`(?<![A-Za-z0-9])(?:${escaped.join('|')})(?![A-Za-z0-9])`, 'g'),
  };
}

/**
 * Where a text names the dealer's rows, with the text around it; null when it does not. Values
 * the caller itself sent (a barcode it scanned, quoted back in the refusal) do not count.
 */
export function leakIn(text: string, foreign: Foreign, sent: unknown = null): string | null {
  const said = new Set<string>();
  JSON.stringify(sent, (_k, v: unknown) => { if (typeof v === 'string') said.add(v); return v; });
  for (const m of text.matchAll(foreign.marks)) {
    if (!said.has(m[0])) return `"${m[0]}" in …${text.slice(Math.max(0, m.index - 80), m.index + 80)}…`;
  }
  return null;
}
