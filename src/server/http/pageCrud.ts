import { z } from 'zod';
import { and, asc, count, desc, eq, getTableColumns, getTableName, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Language } from '../../shared/i18n/languages';
import { canonicalPage, permsOf, type PlacedPage } from '../../shared/pages';
import {
  filterSchemaOf, inExport, inForm, inImport, inputSchemaOf, keywordFieldsOf, refBase, refCodeKey, refLabelKey, refOptionsAnswer, refOptionsBody, refOptionsUrl, type RefOptions,
} from '../../shared/pages/schema';
import { TREE_REFS, type FieldSpec, type RefKind } from '../../shared/pages/types';
import {
  brands, dealers, departments, logisticsRoutes, materials, orders, regions, roles, storageLocations, storehouses, transitPoints, vehicles, warehouses,
} from '../db/schema';
import { must } from '../../shared/must';
import { hashPassword } from '../platform/passwordHash';
import { coercedRowId } from '../../shared/api/rowId';
import { ORDER_TYPES } from '../../shared/orders/orderTypes';
import { allows, inScope, type DataScope } from '../platform/dataScope';
import type { Services } from '../services';
import { crudRoutes, type CrudContext, type CrudSpec } from './crud';
import { AppError, badRequest } from './errors';
import { pageLinks, type LinkTable } from './pageLinks';
import { transitionRoutes } from './pageTransitions';
import { defineRoute, type RouteDef } from './route';
import { sheetCell, sheetStamp, type SheetColumn } from './xlsx';

type Row = { id: number } & Record<string, unknown>;
type Values = Record<string, unknown>;

/**
 * The tables a `ref` field points at, and the part of the caller's data scope that limits which
 * of their records a form may choose (materials and brands are the whole channel's).
 */
export interface RefTable {
  table: PgTable;
  id: PgColumn;
  /** What an import names the record by, and the form shows first. */
  code: PgColumn;
  /** Shown after the code (none for a vehicle: its plate says it all). */
  name?: PgColumn;
  /** The part of the caller's data scope that limits the records a form may choose (none: the whole channel's). */
  scope: 'warehouseIds' | 'dealerIds' | null;
  /** The column that scope limits, when not the id (an order or an area by its warehouse); a field `within` another matches it too. */
  scopeColumn?: PgColumn;
  /** Only these records may be chosen (outbound orders not cancelled). */
  choosable?: SQL;
  /** Newest first in the form's choices (orders), instead of by code. */
  newestFirst?: boolean;
  /** An import finds the record by its name too (a region: sheets have long named it 华东). */
  byName?: boolean;
  /** No code: `code` is its name column, which labels it, and rows carry it as `<base>Name` (a department). */
  named?: boolean;
  /** Named in the caller's language alone, `name` or this (a role: 超级管理员, Administrator); an import finds it by code or either name. */
  nameEn?: PgColumn;
  /** A tree: the column naming each record's parent (a department's); see TREE_REFS. */
  parent?: PgColumn;
  /** The order of the form's choices and of a link field's labels, when not by code. */
  order?: PgColumn[];
}
const refTable = (table: PgTable & { id: PgColumn; code: PgColumn; name: PgColumn }, scope: RefTable['scope'] = null): RefTable =>
  ({ table, id: table.id, code: table.code, name: table.name, scope });

/** The tables a `ref` field points at. */
export const REFS: Record<RefKind, RefTable> = {
  warehouse: refTable(warehouses, 'warehouseIds'),
  dealer: refTable(dealers, 'dealerIds'),
  material: refTable(materials),
  // A location rule's sheet has long named the brand (Everpeak), not its code.
  brand: { ...refTable(brands), byName: true },
  transitPoint: refTable(transitPoints),
  route: refTable(logisticsRoutes),
  vehicle: { table: vehicles, id: vehicles.id, code: vehicles.plateNo, scope: null },
  // Orders that take tyres out of a warehouse (sales, returns to suppliers, transfers, ...), not cancelled.
  outboundOrder: {
    table: orders, id: orders.id, code: orders.orderNo, scope: 'warehouseIds', scopeColumn: orders.warehouseId, newestFirst: true,
    choosable: and(inArray(orders.orderType, Object.entries(ORDER_TYPES).filter(([, t]) => t.effect === 'ship' || t.effect === 'transfer').map(([c]) => c)), ne(orders.status, '3')),
  },
  // Areas and storage locations belong to a warehouse: the caller's warehouses limit them, and their codes are unique only within one.
  area: { ...refTable(storehouses, 'warehouseIds'), scopeColumn: storehouses.warehouseId },
  storageLocation: { ...refTable(storageLocations, 'warehouseIds'), scopeColumn: storageLocations.warehouseId },
  region: { ...refTable(regions), byName: true },
  // Departments are a tree known by name; roles are named in the caller's language, listed in the order they were made.
  department: { table: departments, id: departments.id, code: departments.name, scope: null, named: true, parent: departments.parentId, order: [departments.orderNum, departments.id] },
  role: { table: roles, id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn, scope: null, order: [roles.id] },
};
/** The name a record is shown by in the caller's language, when it has one per language. */
const nameIn = (r: RefTable, lang: Language) => (r.nameEn && lang === 'en-US' ? r.nameEn : r.name);
/** The name column of a record named per language, in the caller's language. */
const languageName = (r: RefTable, lang: Language) => must(nameIn(r, lang), `${lang} name column of ${getTableName(r.table)}`);
/** The table a ref field points at. */
const refOf = (f: FieldSpec): RefTable => REFS[must(f.ref, `the table of ref field ${f.key}`)];
/** `code name` of a joined ref (or just its code, or for a record named per language its name). */
const labelOf = (r: RefTable, joined: Record<string, PgColumn>, lang: Language) => {
  const code = joined[keyOf(r, r.code)];
  if (r.nameEn) return sql<string>`${joined[keyOf(r, languageName(r, lang))]}`;
  return r.name ? sql<string>`${code} || ' ' || ${joined[keyOf(r, r.name)]}` : sql<string>`${code}`;
};
/**
 * `code name, code name` of the records an id-list column holds, in the list's order. Spelled out
 * with the outer column qualified: in a one-table select drizzle leaves it bare, and the subquery would capture it.
 */
const manyLabelOf = (r: RefTable, outer: PgTable, column: PgColumn, lang: Language) => {
  const code = `r."${r.code.name}"`;
  const label = r.nameEn ? `r."${languageName(r, lang).name}"` : r.name ? `${code} || ' ' || r."${r.name.name}"` : code;
  const list = `"${getTableName(outer)}"."${column.name}"`;
  return sql.raw(`(select string_agg(${label}, ', ' order by array_position(${list}, r."${r.id.name}")) from "${getTableName(r.table)}" r where r."${r.id.name}" = any(${list}))`);
};
/** The property name of a column in its drizzle table. */
const keyOf = (r: RefTable, column: PgColumn) =>
  must(Object.entries(getTableColumns(r.table)).find(([, c]) => c === column), `column ${column.name} in ${getTableName(r.table)}`)[0];

/** What a page does beyond its declaration: any CrudSpec part, plus its own row scope and write check. */
export interface PageCrudOptions extends Partial<CrudSpec<Row, Values>> {
  /** Rows the caller may see, replacing the scope the manifest's `scope` rule makes. */
  rowScope?(ctx: CrudContext): SQL | undefined;
  /** Sets values of the body before its refs are checked (a dealer user's warehouse is its own dealer's, whatever the body says). */
  prepare?(input: Values, ctx: CrudContext): Values;
  /** Checks a record about to be written (after the field rules and refs); throws a 400 or 409, or answers values to set as well. */
  check?(values: Values, ctx: CrudContext, editingId?: number): Promise<Values | void>;
  /** `many` ref fields kept in a table of their own (a rule's target locations), by field key. */
  links?: Record<string, LinkTable>;
  /**
   * Rows carry the id, the fields and `createdAt`, not the table's other columns (a user's sign-in
   * state and settings). A password field's hash is never in a row, whatever this says.
   */
  fieldsOnly?: boolean;
}

const YES_NO = [{ 'zh-CN': '是', 'en-US': 'Yes' }, { 'zh-CN': '否', 'en-US': 'No' }] as const;

/** Lookups made once per call's context: an import's rows name the same few records again and again. */
type Found = { id: unknown; scoped?: unknown }[];
const lookups = new WeakMap<CrudContext, Map<string, Promise<Found>>>();
function once(ctx: CrudContext, key: string, read: () => PromiseLike<Found>): Promise<Found> {
  let held = lookups.get(ctx);
  if (!held) lookups.set(ctx, (held = new Map()));
  // A drizzle query runs each time it is awaited: resolved once here, its answer is what is kept.
  let found = held.get(key);
  if (!found) held.set(key, (found = Promise.resolve(read())));
  return found;
}

/** Part of a text, case-insensitive, with LIKE's wildcards taken literally. */
const contains = (column: PgColumn, text: string) => sql`${column} ilike ${`%${text.replace(/[%_\\]/g, '\\$&')}%`}`;

/**
 * The CRUD routes of a list page declared in the manifest with fields: the zod bodies, filters,
 * sort keys, unique checks, data scope, sheet headers and import parsing all come from its
 * fields, so a plain list page needs a table and a manifest entry, nothing else. `overrides`
 * takes what a page does beyond that (an in-use check, a side effect after writes).
 */
export function pageCrudRoutes(services: Services, route: string | PlacedPage, table: PgTable, options: PageCrudOptions = {}): RouteDef[] {
  const { rowScope, prepare, check, links = {}, fieldsOnly, ...overrides } = options;
  // A route of the manifest, or a page made of one (a master-detail page's second list: detailOf).
  const page = typeof route === 'string' ? canonicalPage(route) : route;
  if (!page?.fields || !page.api) throw new Error(`${typeof route === 'string' ? route : route.route}: not a list page with fields and an api in the manifest`);
  const { db } = services;
  const columns = getTableColumns(table);
  const id = columns.id;
  const fields = page.fields;
  const allRefs = fields.filter((f) => f.type === 'ref').map((f) => {
    const ref = refOf(f);
    const aliased = alias(ref.table, `ref_${f.key}`);
    const joined: Record<string, PgColumn> = getTableColumns(aliased);
    return { field: f, ref, aliased, joined };
  });
  /** The column of a field: the table's own, or for a field read through a ref (`materialId.specification`) the joined record's. */
  const columnOf = (f: FieldSpec): PgColumn => {
    if (f.from) {
      const [via, key] = f.from.split('.');
      const c = allRefs.find((r) => r.field.key === via && !r.field.many)?.joined[key];
      if (!c) throw new Error(`${page.api}: field ${f.key} reads ${f.from}, which no earlier ref field of the page holds`);
      return c;
    }
    const c = columns[f.key];
    if (!c) throw new Error(`${page.api}: field ${f.key} has no column in its table`);
    return c;
  };
  /** Refs to one record, joined; refs to several are labelled by a subquery. */
  const refs = allRefs.filter((r) => !r.field.many);
  const linked = pageLinks(db, links, fields, refOf);
  const manyRefs = allRefs.filter((r) => r.field.many && !linked.keys.has(r.field.key));

  const passwords = fields.filter((f) => f.type === 'password');
  const hashKey = (f: FieldSpec) => `${f.key}Hash`;
  // Never read back: a password's hash, a secret field (a webhook's signing key).
  const secret = new Set([...passwords.map(hashKey), ...fields.filter((f) => f.secret).map((f) => f.key)]);
  const carried = fieldsOnly ? new Set(['id', 'createdAt', ...fields.map((f) => f.key)]) : undefined;
  const own = Object.fromEntries(Object.entries(columns).filter(([key]) => !secret.has(key) && (!carried || carried.has(key))));
  /** The row's columns and labels, a ref named per language (a role) in the caller's. */
  const selectionIn = (lang: Language) => {
    const selection: Record<string, PgColumn | SQL> = { ...own };
    for (const f of fields.filter((k) => k.from)) selection[f.key] = columnOf(f);
    for (const r of refs) {
      selection[refLabelKey(r.field)] = labelOf(r.ref, r.joined, lang);
      // Each record's code and name as well (`dealerCode`, `dealerName`): the answers of pages moved onto the manifest had them.
      const prefix = refBase(r.field.key);
      selection[`${prefix}${r.ref.named ? 'Name' : 'Code'}`] ??= r.joined[keyOf(r.ref, r.ref.code)];
      if (r.ref.name) selection[`${prefix}Name`] ??= r.joined[keyOf(r.ref, languageName(r.ref, lang))];
    }
    for (const r of manyRefs) selection[refLabelKey(r.field)] = manyLabelOf(r.ref, table, columnOf(r.field), lang);
    return selection;
  };
  const selections = new Map<Language, Record<string, PgColumn | SQL>>();
  const rows = async (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number, lang: Language): Promise<Row[]> => {
    let selection = selections.get(lang);
    if (!selection) selections.set(lang, (selection = selectionIn(lang)));
    let q = db.select(selection).from(table).$dynamic();
    for (const r of refs) q = q.leftJoin(r.aliased, eq(r.joined.id, columnOf(r.field)));
    return (await q.where(where).orderBy(...order).limit(limit).offset(offset)).map((r) => ({ ...r, id: Number(r.id) }));
  };
  // A ref scoped through a column of its own (an area by its warehouse) holds no id of the scope: the record's other refs (its warehouse) scope it.
  const scopeOf = (ctx: CrudContext) => (rowScope ? rowScope(ctx) : and(...refs.flatMap((r) => (page.scope && page.scope !== 'none' && r.ref.scope && !r.ref.scopeColumn && !r.field.from
    ? [inScope(columnOf(r.field), ctx.scope[r.ref.scope])] : []))));
  /** The ids a ref may take for this caller, or null for any. */
  const allowedOf = (ctx: { scope: DataScope }, ref: RefTable) => (ref.scope ? ctx.scope[ref.scope] : null);

  /** Searches over several fields, each with what matches a value in each field: its column, or for a link field the link table. */
  const searches = (page.searches ?? []).map((s) => ({
    key: s.key,
    matches: (s.anyOf ?? [must(s.filled, `search ${s.key}: anyOf or filled`)]).map((key) => {
      const f = fields.find((k) => k.key === key);
      if (!f) throw new Error(`${page.api}: search ${s.key} names no field ${key}`);
      if (linked.keys.has(key)) return { column: undefined, holds: (v: unknown) => linked.holding(key, id, v) };
      const column = columnOf(f);
      return { column, holds: (v: unknown) => (f.many ? sql`${column} @> array[${Number(v)}]::integer[]` : eq(column, v)) };
    }),
    /** For a search on whether a field is filled: the option saying it is. */
    filled: s.filled ? must(s.options, `search ${s.key}: the options of a filled search`)[0].value : undefined,
  }));
  /** The records in the tree below a record, itself included (a department and every one within it). */
  const subtree = (f: FieldSpec, value: unknown) => {
    const ref = refOf(f);
    const t = sql.identifier(getTableName(ref.table));
    const [key, parent] = [sql.identifier(ref.id.name), sql.identifier(must(ref.parent, `parent column of ${getTableName(ref.table)}`).name)];
    return sql`${columnOf(f)} in (with recursive sub(id) as (select ${key} from ${t} where ${key} = ${Number(value)}
      union select t.${key} from ${t} t join sub on t.${parent} = sub.id) select id from sub)`;
  };
  /** A search on whether a field is filled: its field's column filled, or empty. */
  const filledWhere = (s: (typeof searches)[number], filled: boolean) => {
    const column = must(s.matches[0].column, `search ${s.key}: a column for whether it is filled`);
    return filled ? isNotNull(column) : isNull(column);
  };
  const keywordFields = keywordFieldsOf(page, fields);
  const where = (f: Record<string, unknown>, ctx: CrudContext) => {
    const keyword = typeof f.keyword === 'string' ? f.keyword.trim() : '';
    const words = keywordFields.map((k) => contains(columnOf(k), keyword));
    return and(
      keyword && words.length ? or(...words) : undefined,
      ...fields.filter((k) => k.search && f[k.key] !== undefined)
        .map((k) => (k.search === 'contains' ? contains(columnOf(k), String(f[k.key]).trim())
          : k.many ? sql`${columnOf(k)} @> array[${Number(f[k.key])}]::integer[]`
            : k.type === 'ref' && k.ref && TREE_REFS.includes(k.ref) ? subtree(k, f[k.key]) : eq(columnOf(k), f[k.key]))),
      ...searches.filter((s) => f[s.key] !== undefined)
        .map((s) => (s.filled ? filledWhere(s, f[s.key] === s.filled) : or(...s.matches.map((m) => m.holds(f[s.key]))))),
      scopeOf(ctx),
    );
  };

  /** A referenced record the caller may use (within the record's own `within` field's), or 400 naming the field. */
  async function checkRef(ctx: CrudContext, field: FieldSpec, value: unknown, input: Values) {
    if (value === null || value === undefined) return;
    const ref = refOf(field);
    const { within } = field;
    if (Array.isArray(value)) {
      if (!value.length) return;
      const ids = value.map(Number);
      const found = await db.select({ id: ref.id, scoped: ref.scopeColumn ?? ref.id }).from(ref.table).where(and(inArray(ref.id, ids), ref.choosable));
      if (found.length !== ids.length) throw badRequest('invalidValue', field.key);
      if (found.some((row) => !allows(allowedOf(ctx, ref), Number(row.scoped)))) throw badRequest('notInScope', field.key);
      if (within && found.some((row) => Number(row.scoped) !== Number(input[within]))) throw badRequest('invalidValue', field.key);
      return;
    }
    const [row] = await once(ctx, `id ${field.ref} ${String(value)}`, () => db.select({ id: ref.id, scoped: ref.scopeColumn ?? ref.id }).from(ref.table).where(eq(ref.id, Number(value))));
    if (!row) throw badRequest('invalidValue', field.key);
    if (!allows(allowedOf(ctx, ref), Number(row.scoped))) throw badRequest('notInScope', field.key);
    if (within && Number(row.scoped) !== Number(input[within])) throw badRequest('invalidValue', field.key);
  }

  const cell = (f: FieldSpec) => (row: Row, lang: Language) => {
    const v = row[f.key];
    if (f.type === 'ref') {
      if (f.sheetAs === 'code') return sheetCell(row[`${refBase(f.key)}Code`]);
      // A list of records by name is their labels: named per language (roles) they are their names.
      return sheetCell(f.sheetAs === 'name' && !f.many ? row[`${refBase(f.key)}Name`] : row[refLabelKey(f)]);
    }
    if (f.type === 'select') return (f.sheetAs === 'value' ? undefined : f.options?.find((o) => o.value === v)?.label[lang]) ?? sheetCell(v);
    if (f.type === 'boolean') return v === null || v === undefined ? null : YES_NO[v ? 0 : 1][lang];
    if (f.type === 'datetime') return sheetStamp(v instanceof Date ? v : null);
    if (f.type === 'money') return v === null || v === undefined ? null : Number(v);
    return sheetCell(v);
  };
  const codeHeader = (f: FieldSpec) => ({ 'zh-CN': `${f.label['zh-CN']}编码`, 'en-US': `${f.label['en-US']} code` });
  const sheetColumn = (f: FieldSpec): SheetColumn<Row> => ({
    key: f.type === 'ref' ? refCodeKey(f) : f.key, header: f.type === 'ref' && f.sheetAs === 'code' ? codeHeader(f) : f.label, width: f.width,
    // A password is read from a sheet, never written to one.
    value: f.type === 'password' ? () => null : cell(f),
    // Files of before a page's move name a ref's column `Dealer code` / `经销商编码` (or by its key, `dealerCode`).
    aliases: [...(f.aliases ?? []), ...(f.type === 'ref' ? [codeHeader(f)['en-US'], codeHeader(f)['zh-CN'], refCodeKey(f)] : [])],
  });
  const sheet = fields.filter(inExport).map(sheetColumn);
  const importColumns = fields.filter(inImport).map(sheetColumn);

  /**
   * A file whose header row lacks a ref's column while it holds a header no column takes (a
   * misspelt `Dealer kode`) is refused as a whole: read on, every row would lose its reference
   * without a word, or each say the reference cannot be empty when the file does hold it.
   */
  function checkImportHeaders(found: Set<string>, unknown: string[], lang: Language) {
    if (!unknown.length) return;
    const missing = fields.find((f) => f.type === 'ref' && inForm(f) && inExport(f) && !found.has(refCodeKey(f)));
    if (missing) throw new AppError(400, 'importUnknownColumn', { header: unknown[0], expected: missing.label[lang] }, refCodeKey(missing));
  }

  /** A sheet row as the save body: a select by its value or its label in either language, a ref by its code. */
  async function fromSheet(values: Record<string, string>, ctx: CrudContext): Promise<Values> {
    const out: Values = {};
    // What a dealer's own users never choose is not read from their sheets either (the record falls to their own dealer).
    for (const f of fields.filter((k) => inForm(k) && !(k.staffOnly && ctx.user.dealerId != null))) {
      if (f.type === 'ref' && f.many && f.sheetAs === 'name') {
        // Names hold spaces ('Channel staff'): only commas and semicolons part them. Each is a code or a name in either language.
        const names = [...new Set((values[refCodeKey(f)] ?? '').split(/[,，、;；]/).map((t) => t.trim()).filter(Boolean))];
        const ref = refOf(f);
        const ids: number[] = [];
        for (const text of names) {
          const [row] = await once(ctx, `name ${f.key} ${text}`, () => db.select({ id: ref.id }).from(ref.table).where(and(
            or(sql`lower(${ref.code}) = ${text.toLowerCase()}`, ref.name ? eq(ref.name, text) : undefined, ref.nameEn ? sql`lower(${ref.nameEn}) = ${text.toLowerCase()}` : undefined),
            inScope(ref.scopeColumn ?? ref.id, allowedOf(ctx, ref)), ref.choosable,
          )).limit(1));
          // The sheet's column, so the row's error names it.
          if (!row) throw badRequest('invalidValue', refCodeKey(f));
          if (!ids.includes(Number(row.id))) ids.push(Number(row.id));
        }
        out[f.key] = ids;
      } else if (f.type === 'ref' && f.many) {
        const codes = (values[refCodeKey(f)] ?? '').split(/[,，;；\s]+/).filter(Boolean);
        const ref = refOf(f);
        // Codes unique only within another record (a location's within its warehouse) are looked up there.
        const within = f.within && ref.scopeColumn ? eq(ref.scopeColumn, Number(out[f.within])) : undefined;
        const found = codes.length ? await db.select({ id: ref.id, code: ref.code }).from(ref.table)
          .where(and(inArray(ref.code, codes.map((c) => c.toUpperCase())), inScope(ref.scopeColumn ?? ref.id, allowedOf(ctx, ref)), ref.choosable, within)) : [];
        const idOf = new Map(found.map((r) => [String(r.code), Number(r.id)]));
        const ids = codes.map((c) => idOf.get(c.toUpperCase()) ?? -1);
        out[f.key] = ids;
        if (ids.includes(-1)) throw badRequest('invalidValue', f.key);
      } else if (f.type === 'ref' && refOf(f).named) {
        // Known by name alone (a department): the whole text, and a name two records share names neither.
        const name = (values[refCodeKey(f)] ?? '').trim();
        if (!name) continue;
        const ref = refOf(f);
        const found = await once(ctx, `name ${f.key} ${name}`, () => db.select({ id: ref.id }).from(ref.table)
          .where(and(eq(ref.code, name), inScope(ref.scopeColumn ?? ref.id, allowedOf(ctx, ref)), ref.choosable)).limit(2));
        if (found.length !== 1) throw badRequest('invalidValue', refCodeKey(f));
        out[f.key] = found[0].id;
      } else if (f.type === 'ref') {
        const code = (values[refCodeKey(f)] ?? '').split(/\s+/)[0];
        if (!code) continue;
        const ref = refOf(f);
        const within = f.within ? Number(out[f.within]) : undefined;
        // Without the record it lies within (none given, or not found), the ref cannot be found either: that field's own error says why.
        if (f.within && !Number.isInteger(within)) continue;
        // A file names the same few records on many rows (a brand): each is looked up once per import.
        const [row] = await once(ctx, `code ${f.key} ${values[refCodeKey(f)].trim()} ${within ?? ''}`, () => db.select({ id: ref.id }).from(ref.table)
          .where(and(
            ref.byName && ref.name ? or(eq(ref.code, code.toUpperCase()), eq(ref.name, values[refCodeKey(f)].trim()))
              : eq(ref.code, f.ref === 'vehicle' ? code : code.toUpperCase()),
            inScope(ref.scopeColumn ?? ref.id, allowedOf(ctx, ref)), ref.choosable,
            within !== undefined && ref.scopeColumn ? eq(ref.scopeColumn, within) : undefined,
          )));
        // The sheet's column is the code's, so the row's error names it.
        if (!row) throw badRequest('invalidValue', refCodeKey(f));
        out[f.key] = row.id;
      } else if (f.type === 'select') {
        const v = values[f.key];
        out[f.key] = f.options?.find((o) => o.value === v || o.label['zh-CN'] === v || o.label['en-US'] === v)?.value ?? v;
      } else {
        out[f.key] = values[f.key];
      }
    }
    return out;
  }

  const codes = permsOf(page);
  // Pages that only read the list (readBy) also search it by its ref fields.
  const readers = [...codes, ...(overrides.readBy ?? []).map((r) => r.code)];
  /** The choices of each ref field, within the caller's scope: `{ warehouseId: [{ value, label }] }`. */
  const optionsRoute = defineRoute({
    method: 'POST', url: refOptionsUrl(page), tag: page.path, permission: readers.length === 1 ? readers[0] : readers,
    summary: `${page.title['en-US']}: the records the form's reference fields choose from (caller's scope); `
      + 'a field chosen by typing (`searched`) answers only with { field, keyword }: at most 50 records whose code or name holds the keyword',
    body: refOptionsBody, answer: refOptionsAnswer,
    handler: async (ctx) => {
      const scope = await ctx.scope();
      const out: RefOptions = {};
      const { field, keyword } = ctx.body;
      for (const r of allRefs.filter((k) => (field ? k.field.key === field : !k.field.searched))) {
        const t = r.ref;
        const typed = r.field.searched && keyword?.trim() ? or(contains(t.code, keyword.trim()), t.name ? contains(t.name, keyword.trim()) : undefined) : undefined;
        // A ref within another field says which record of that field each choice belongs to (an area's warehouse), so the form offers only those;
        // a tree's record names its parent, so the form shows the tree.
        const parent = r.field.within && t.scopeColumn ? t.scopeColumn : t.parent ?? sql<null>`null`;
        const name = nameIn(t, ctx.lang);
        const found = await db.select({ value: t.id, code: t.code, name: name ?? sql<null>`null`, parent }).from(t.table)
          .where(and(inScope(t.scopeColumn ?? t.id, allowedOf({ scope }, t)), t.choosable, typed))
          .orderBy(...(t.order ? t.order.map((c) => asc(c)) : [t.newestFirst ? desc(t.id) : asc(t.code)]))
          .limit(r.field.searched ? 50 : t.newestFirst ? 1000 : 5000);
        out[r.field.key] = found.map((o) => ({
          value: Number(o.value), label: t.nameEn ? String(o.name) : o.name ? `${o.code} ${o.name}` : String(o.code), ...(o.parent == null ? {} : { parent: Number(o.parent) }),
        }));
      }
      return out;
    },
  });

  const ownList: CrudSpec<Row, Values>['list'] = (ctx, w, order, limit, offset) => rows(w, order, limit, offset, ctx.lang);
  const ownLoad: CrudSpec<Row, Values>['load'] = async (ctx, key) => (await rows(and(eq(id, key), scopeOf(ctx)), [id], 1, 0, ctx.lang))[0];

  const spec: CrudSpec<Row, Values> = {
    base: page.api,
    tag: page.path,
    pagePerm: page.perm,
    alsoPerms: codes.slice(1),
    entity: page.path,
    title: page.detail?.masterTitle ?? page.title,
    table,
    id,
    filters: filterSchemaOf(page),
    input: inputSchemaOf(page),
    // A page with a password has an update body of its own, as strict as its save body: a password sent is refused;
    // so has one with a secret, which an edit may leave blank.
    // The strict body takes the id among its fields; the intersection says it is there.
    ...(passwords.length || fields.some((f) => f.secret) ? { updateInput: z.intersection(z.object({ id: coercedRowId }), inputSchemaOf(page, 'update', { id: coercedRowId })) } : {}),
    where,
    list: ownList,
    count: async (_ctx, w) => {
      let q = db.select({ n: count() }).from(table).$dynamic();
      for (const r of refs) q = q.leftJoin(r.aliased, eq(r.joined.id, columnOf(r.field)));
      return (await q.where(w))[0].n;
    },
    load: ownLoad,
    sortable: {
      ...Object.fromEntries(fields.filter((f) => f.sortable).flatMap((f) => {
        const ref = refs.find((r) => r.field === f);
        if (!ref) return [[f.key, columnOf(f)]];
        // A ref sorts by its code as its label, and by its code or name under their own keys (`dealerName`), as older answers did.
        const [code, name] = [ref.joined[keyOf(ref.ref, ref.ref.code)], ref.ref.name && ref.joined[keyOf(ref.ref, ref.ref.name)]];
        const base = refBase(f.key);
        return [[refLabelKey(f), code], [`${base}${ref.ref.named ? 'Name' : 'Code'}`, code], ...(name ? [[`${base}Name`, name]] : [])];
      })),
      ...(columns.createdAt ? { createdAt: columns.createdAt } : {}),
    },
    defaultOrder: desc(id),
    unique: fields.filter((f) => f.unique).map((f) => ({
      field: f.key, column: columnOf(f),
      within: (f.uniqueWith ?? []).map((k) => ({ field: k, column: columns[k] })),
    })),
    toValues: async (body, ctx, editingId) => {
      // A field locked on edit keeps what it was, whatever the body says: the checks below (an area within the
      // record's warehouse, a code unique within it) see the record's own value.
      const locked = editingId ? fields.filter((k) => k.lockedOnEdit && inForm(k)) : [];
      const kept = editingId && locked.length
        ? (await db.select(Object.fromEntries(locked.map((k) => [k.key, columnOf(k)]))).from(table).where(eq(id, editingId)))[0] ?? {}
        : {};
      const given = { ...body, ...kept };
      const input = prepare ? { ...given, ...prepare(given, ctx) } : given;
      for (const f of fields.filter((k) => k.type === 'ref')) await checkRef(ctx, f, input[f.key], input);
      const values: Values = { ...input, ...(await check?.(input, ctx, editingId)) };
      // Link fields are rows of their own table, written beside the record (writeOwn).
      for (const key of linked.keys) delete values[key];
      // A password is kept as its hash, and only that.
      for (const f of passwords) {
        const password = values[f.key];
        if (typeof password === 'string') values[hashKey(f)] = await hashPassword(password);
        delete values[f.key];
      }
      return values;
    },
    // The trail holds what was written, less any password's hash or secret, and the record's links.
    auditValues: (values, input) => ({
      ...Object.fromEntries(Object.entries(values).filter(([key]) => !secret.has(key))), ...linked.audited(input),
    }),
    columns: sheet,
    importColumns,
    checkImportHeaders,
    fromSheet,
    ...overrides,
    ...(linked.keys.size ? withLinks(linked, overrides.list ?? ownList, overrides.load ?? ownLoad) : {}),
    extraRoutes: [
      ...(allRefs.length ? [optionsRoute] : []),
      ...transitionRoutes(services, { ...page, api: page.api }, table, columns, { perms: codes, entity: overrides.entity ?? page.path, scope: scopeOf }),
      ...(overrides.extraRoutes ?? []),
    ],
  };
  return crudRoutes(services, spec);
}

/** The list, detail and writes of a page with link fields: rows carry the links, and writes and imports replace them. */
function withLinks(linked: ReturnType<typeof pageLinks>, list: CrudSpec<Row, Values>['list'], load: CrudSpec<Row, Values>['load']): Partial<CrudSpec<Row, Values>> {
  return {
    list: async (...args) => linked.attach(await list(...args), args[0].lang),
    load: async (ctx, key) => {
      const row = await load(ctx, key);
      return row && (await linked.attach([row], ctx.lang))[0];
    },
    writeOwn: (tx, key, input) => linked.write(tx, key, input),
    afterImport: async (tx, imported) => { for (const r of imported) await linked.write(tx, r.id, r.input); },
  };
}
