import { and, asc, eq, exists, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Language } from '../../shared/i18n/languages';
import { refLabelKey } from '../../shared/pages/schema';
import type { FieldSpec } from '../../shared/pages/types';
import type { Db } from '../db/client';
import { must } from '../../shared/must';

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
  /**
   * A row key that also lists the records as `{ id, name }`, named in the caller's language, and the
   * key the audit trail records their ids under: an older answer's (a user's `roles`).
   */
  listedAs?: string;
}

type Row = { id: number } & Record<string, unknown>;
/**
 * What the record pointed at is shown by: its id, code and name columns (`nameEn` too for a record
 * named in the caller's language alone, as a role), and the order its labels are listed in (by code).
 */
export interface LinkedRef { id: PgColumn; code: PgColumn; name?: PgColumn; nameEn?: PgColumn; order?: PgColumn[]; table: PgTable }

/**
 * The link fields of a page: rows gain each field's ids and `code name` labels (in code order),
 * and a write replaces the record's links in its transaction.
 */
export function pageLinks(db: Db, links: Record<string, LinkTable>, fields: FieldSpec[], refOf: (f: FieldSpec) => LinkedRef) {
  const linked = fields.filter((f) => f.key in links).map((f) => {
    if (!f.many || f.search || f.sortable || f.unique) throw new Error(`${f.key}: a link field is a many ref, neither searched, sorted nor unique`);
    return { field: f, link: links[f.key], ref: refOf(f) };
  });

  async function attach<R extends Row>(rows: R[], lang: Language): Promise<R[]> {
    if (!rows.length || !linked.length) return rows;
    const ids = rows.map((r) => r.id);
    let out = rows;
    for (const { field, link, ref } of linked) {
      // A record named in the caller's language (a role) is labelled by that name alone.
      const name = ref.nameEn && lang === 'en-US' ? ref.nameEn : ref.name;
      const found = await db.select({ owner: link.owner, id: ref.id, code: ref.code, ...(name ? { name } : {}) })
        .from(link.table).innerJoin(ref.table, eq(ref.id, link.target)).where(inArray(link.owner, ids)).orderBy(...(ref.order ?? [ref.code]).map((c) => asc(c)));
      out = out.map((r) => {
        const own = found.filter((x) => Number(x.owner) === r.id);
        const labels = own.map((x) => (ref.nameEn ? String(x.name) : x.name ? `${String(x.code)} ${String(x.name)}` : String(x.code)));
        return {
          ...r, [field.key]: own.map((x) => Number(x.id)), [refLabelKey(field)]: labels.length ? labels.join(', ') : null,
          ...(link.codes ? { [link.codes]: own.map((x) => String(x.code)) } : {}),
          ...(link.listedAs ? { [link.listedAs]: own.map((x, k) => ({ id: Number(x.id), name: labels[k] })) } : {}),
        };
      });
    }
    return out;
  }

  /** The records holding `target` in a link field (a user holding a role), for a search: `owner` is the page's id column. */
  function holding(key: string, owner: PgColumn, target: unknown): SQL {
    const { link } = must(linked.find((l) => l.field.key === key), `link field ${key}`);
    return exists(db.select({ one: sql`1` }).from(link.table).where(and(eq(link.owner, owner), eq(link.target, Number(target)))));
  }

  /** What the audit trail records of a write's links: each field's ids, under its older answer's key when it has one. */
  const audited = (input: Record<string, unknown>) => Object.fromEntries(linked.filter((l) => l.field.key in input)
    .map(({ field, link }) => [link.listedAs ?? field.key, [...new Set(idsIn(input[field.key]))]]));

  /** Replaces the record's links by those of the input (each field given). */
  async function write(tx: Db, id: number, input: Record<string, unknown>) {
    for (const { field, link } of linked) {
      if (!(field.key in input)) continue;
      const targets = [...new Set(idsIn(input[field.key]))];
      await tx.delete(link.table).where(eq(link.owner, id));
      if (targets.length) await tx.insert(link.table).values(targets.map((t) => ({ [keyOf(link.table, link.owner)]: id, [keyOf(link.table, link.target)]: t })));
    }
  }

  return { keys: new Set(linked.map((l) => l.field.key)), attach, write, holding, audited };
}

/** The property name of a column in its drizzle table. */
const keyOf = (table: PgTable, column: PgColumn) =>
  must(Object.entries(getTableColumns(table)).find(([, c]) => c === column), `column ${column.name} in ${getTableName(table)}`)[0];

/** A link field's ids as the parsed body holds them (none when null). */
const idsIn = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
