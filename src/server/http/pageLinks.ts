import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { refLabelKey } from '../../shared/pages/schema';
import type { FieldSpec } from '../../shared/pages/types';
import type { Db } from '../db/client';

/**
 * A `many` ref field kept in a table of its own, one row per record pointed at (a location
 * rule's target locations), instead of an integer-array column of the page's table.
 */
export interface LinkTable {
  table: PgTable;
  /** The column holding the page's record id, and the one holding the id of the record pointed at. */
  owner: PgColumn;
  target: PgColumn;
  /** A row key that also lists the records' codes (an older answer's `locationCodes`). */
  codes?: string;
}

type Row = { id: number } & Record<string, unknown>;
/** What the record pointed at is shown by: its id, code and name columns. */
export interface LinkedRef { id: PgColumn; code: PgColumn; name?: PgColumn; table: PgTable }

/**
 * The link fields of a page: rows gain each field's ids and `code name` labels (in code order),
 * and a write replaces the record's links in its transaction.
 */
export function pageLinks(db: Db, links: Record<string, LinkTable>, fields: FieldSpec[], refOf: (f: FieldSpec) => LinkedRef) {
  const linked = fields.filter((f) => f.key in links).map((f) => {
    if (!f.many || f.search || f.sortable || f.unique) throw new Error(`${f.key}: a link field is a many ref, neither searched, sorted nor unique`);
    return { field: f, link: links[f.key], ref: refOf(f) };
  });

  async function attach<R extends Row>(rows: R[]): Promise<R[]> {
    if (!rows.length || !linked.length) return rows;
    const ids = rows.map((r) => r.id);
    let out = rows;
    for (const { field, link, ref } of linked) {
      const found = await db.select({ owner: link.owner, id: ref.id, code: ref.code, ...(ref.name ? { name: ref.name } : {}) })
        .from(link.table).innerJoin(ref.table, eq(ref.id, link.target)).where(inArray(link.owner, ids)).orderBy(asc(ref.code));
      out = out.map((r) => {
        const own = found.filter((x) => Number(x.owner) === r.id);
        const labels = own.map((x) => (x.name ? `${String(x.code)} ${String(x.name)}` : String(x.code)));
        return {
          ...r, [field.key]: own.map((x) => Number(x.id)), [refLabelKey(field)]: labels.length ? labels.join(', ') : null,
          ...(link.codes ? { [link.codes]: own.map((x) => String(x.code)) } : {}),
        };
      });
    }
    return out;
  }

  /** Replaces the record's links by those of the input (each field given). */
  async function write(tx: Db, id: number, input: Record<string, unknown>) {
    for (const { field, link } of linked) {
      if (!(field.key in input)) continue;
      const targets = [...new Set((input[field.key] as number[] | null) ?? [])];
      await tx.delete(link.table).where(eq(link.owner, id));
      if (targets.length) await tx.insert(link.table).values(targets.map((t) => ({ [keyOf(link.table, link.owner)]: id, [keyOf(link.table, link.target)]: t })));
    }
  }

  return { keys: new Set(linked.map((l) => l.field.key)), attach, write };
}

/** The property name of a column in its drizzle table. */
const keyOf = (table: PgTable, column: PgColumn) => Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];
