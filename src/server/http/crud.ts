import { and, count, eq, gt, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { pageBody } from '../../shared/api/paging';
import type { Language } from '../../shared/i18n/languages';
import type { RoutePermission } from '../../shared/permissions';
import { message, type MessageKey } from '../../shared/i18n/messages';
import type { Db } from '../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../db/pgErrors';
import { recordAudit } from '../platform/audit';
import type { DataScope } from '../platform/dataScope';
import type { RequestContext } from '../platform/requestContext';
import type { SessionUser } from '../platform/sessionStore';
import type { Services } from '../services';
import { AppError, conflict, notFound } from './errors';
import { offsetOf, orderFrom, pageAnswer } from './paging';
import { defineRoute, type RouteDef } from './route';
import { describeIssue } from './validation';
import { inBatches, sendTemplate, streamXlsx, type SheetColumn } from './xlsx';
import { readXlsx } from './xlsxImport';
import { importProgressOf, type ImportProgress } from './importTickets';
import { coercedRowId } from '../../shared/api/rowId';
import { must } from '../../shared/must';
import { XLSX_FILE } from './rawAnswers';

type Values = Record<string, unknown>;

export interface CrudContext {
  db: Db;
  user: SessionUser;
  scope: DataScope;
  lang: Language;
}

/**
 * One list-page entity: its table, filters, form, uniqueness, scope and sheet columns. The
 * routes (page, detail, save, update, delete, export, import, template) and their
 * permissions come from this one record, so every base-data page behaves the same.
 */
export interface CrudSpec<Row extends { id: number }, Input extends Values, Filters extends z.ZodObject = z.ZodObject> {
  /** Call path prefix, e.g. `/system/dict/type`. */
  base: string;
  tag: string;
  /** The page's permission code; buttons are `<code>:add` and so on. */
  pagePerm: string;
  /** Codes of the same page placed under other menus, each as good as `pagePerm`. */
  alsoPerms?: string[];
  /**
   * Codes of other pages that read this list (page and detail) without writing it — the dispatch
   * and route following pages over car requests — and export it when they hold `<code>:export`.
   */
  readBy?: { code: string; export?: boolean }[];
  /**
   * Rows an update or delete may still touch, checked in the write itself (a car request once a
   * vehicle is assigned): a row that no longer qualifies is refused with `refusal`, whatever
   * moved it between the checks and the write.
   */
  writableWhen?: { where: SQL; refusal: MessageKey };
  /** Name in the audit trail. */
  entity: string;
  title: Record<Language, string>;
  table: PgTable;
  id: PgColumn;
  filters: Filters;
  input: z.ZodType<Input>;
  /** The whole update body, id included, when not the save body's and the id (a user's first password is set at creation only). */
  updateInput?: z.ZodType<Input & { id: number }>;
  /** Rows of a page, with display columns joined in. */
  list(ctx: CrudContext, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<Row[]>;
  count(ctx: CrudContext, where: SQL | undefined): Promise<number>;
  /** Filters plus data scope, as one WHERE condition. */
  where(filters: z.output<Filters>, ctx: CrudContext): SQL | undefined;
  sortable: Record<string, PgColumn>;
  defaultOrder: SQL | PgColumn;
  /** Columns that must be unique (409 naming the field). `within` narrows to rows sharing those values. */
  unique?: { field: keyof Input & string; column: PgColumn; within?: { field: keyof Input & string; column: PgColumn }[] }[];
  /** Input to column values; may check or fix scope (a dealer user writes its own dealer). */
  toValues(input: Input, ctx: CrudContext, editingId?: number): Values | Promise<Values>;
  /** The record's row before a change, or undefined when it does not exist or is out of scope. */
  load(ctx: CrudContext, id: number): Promise<Row | undefined>;
  /** Why these rows cannot be deleted, or null. */
  inUse?(ctx: CrudContext, ids: number[]): Promise<MessageKey | null>;
  columns: SheetColumn<Row>[];
  /** Columns of the import template and file, when they differ from the export's (a user's password). */
  importColumns?: SheetColumn<Row>[];
  /** Refuses an import file by its header row (column keys found, headers no column takes) before any row is read. */
  checkImportHeaders?(found: Set<string>, unknown: string[], lang: Language): void;
  /** A sheet row (strings by column key) as the input object to validate. */
  fromSheet?(values: Record<string, string>, ctx: CrudContext): Values | Promise<Values>;
  /** Runs after every committed write (save, update, delete, import). */
  afterWrite?(): void;
  /**
   * A check in the transaction of an update or delete, before it writes (the last administrator,
   * under an advisory lock every write that can take one away holds); throws to refuse it.
   */
  guardWrite?(tx: Db, write: { action: 'update' | 'delete'; ids: number[]; input?: Input }, ctx: CrudContext): Promise<void>;
  /** What the audit trail records of a save or update, when not the values written (never a password's hash; a record's links). */
  auditValues?(values: Values, input: Input): Values;
  /**
   * Write routes the page makes itself in `extraRoutes`, because a write there does more than
   * one table's row (a user's save also assigns roles, its delete guards the last administrator).
   */
  ownRoutes?: ('save' | 'update' | 'delete')[];
  /** Rows beside the record (a rule's target locations), written in its save's or update's transaction. */
  writeOwn?(tx: Db, id: number, input: Input): Promise<void>;
  /** Rows beside the imported records (a user's roles), written in the import's transaction. */
  afterImport?(tx: Db, imported: { id: number; input: Input }[]): Promise<void>;
  /** Extra routes of this page (freeze, reset password, ...). */
  extraRoutes?: RouteDef[];
}

/** The context crud callbacks get: the call's user, language and data scope (read once per call, docs/product.md#permissions). */
export const crudContext = async (db: Db, { user, lang, scope }: RequestContext): Promise<CrudContext> =>
  ({ db, user, lang, scope: await scope() });

/** The answers of the list calls, for the API document (a row is the page's own; its id is what every row has). */
const rowAnswer = z.looseObject({ id: z.number() });
const pageAnswerSchema = z.object({ list: z.array(rowAnswer), total: z.number(), pageNum: z.number(), pageSize: z.number() });
const idAnswer = z.object({ id: z.number() });
const idsBody = z.object({ ids: z.array(coercedRowId).min(1).max(500) });
const idBody = z.object({ id: coercedRowId });

export function crudRoutes<Row extends { id: number }, Input extends Values, Filters extends z.ZodObject = z.ZodObject>(
  { db }: Services, spec: CrudSpec<Row, Input, Filters>,
): RouteDef[] {
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });
  /** The page's code, or a button's (`add`, ...), as a route permission: any menu place of the page grants it. */
  const perm = (action?: string): RoutePermission => {
    const readers = (spec.readBy ?? []).filter((r) => action === undefined || (action === 'export' && r.export)).map((r) => r.code);
    const codes = [spec.pagePerm, ...(spec.alsoPerms ?? []), ...readers].map((c) => (action ? `${c}:${action}` : c));
    return codes.length === 1 ? codes[0] : codes;
  };
  // The paging fields and the filters, each part reading its own keys of the one body.
  const pageSchema = z.intersection(pageBody, spec.filters);
  const exportSchema = z.intersection(spec.filters, z.object({ ids: z.array(z.coerce.number().int()).max(10_000).optional() }));

  const audited = (values: Values, input: Input) => (spec.auditValues ? spec.auditValues(values, input) : values);
  /**
   * Races the checks cannot see, answered as a check would: two saves of one unique value at the
   * same moment both pass assertUnique and the index refuses the second; a record the write refers
   * to, deleted by another call after the refs were checked, is refused by its foreign key.
   */
  async function constraintRace<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      if (isUniqueViolation(err) && spec.unique?.length === 1) throw conflict('duplicate', spec.unique[0].field);
      if (isForeignKeyViolation(err)) throw conflict('inUse');
      throw err;
    }
  }

  async function assertUnique(tx: Db, values: Values, excludeId?: number) {
    for (const u of spec.unique ?? []) {
      const value = values[u.field];
      if (value === undefined || value === null || value === '') continue;
      const conditions = [eq(u.column, value), ...(u.within ?? []).map((w) => eq(w.column, values[w.field]))];
      if (excludeId) conditions.push(ne(spec.id, excludeId));
      const [hit] = await tx.select({ n: count() }).from(spec.table).where(and(...conditions));
      if (hit.n > 0) throw conflict('duplicate', u.field);
    }
  }

  /** Rows of an import whose unique values the database already holds, each with the first such field. */
  async function takenRows(tx: Db, accepted: { row: number; values: Values }[]): Promise<Map<number, string>> {
    const takenField = new Map<number, string>();
    const keyOf = (value: unknown, within: unknown[]) => [value, ...within].map((v) => String(v ?? '')).join('\u0001');
    for (const u of spec.unique ?? []) {
      const rows = accepted.filter((a) => a.values[u.field] !== undefined && a.values[u.field] !== null && a.values[u.field] !== '');
      for (let i = 0; i < rows.length; i += 1000) {
        const chunk = rows.slice(i, i + 1000);
        const fields: Record<string, PgColumn> = { v: u.column };
        (u.within ?? []).forEach((w, k) => { fields[`w${k}`] = w.column; });
        const hits = await tx.select(fields).from(spec.table).where(inArray(u.column, [...new Set(chunk.map((a) => a.values[u.field]))]));
        const held = new Set(hits.map((h) => keyOf(h.v, (u.within ?? []).map((_, k) => h[`w${k}`]))));
        for (const a of chunk) {
          if (takenField.has(a.row)) continue;
          if (held.has(keyOf(a.values[u.field], (u.within ?? []).map((w) => a.values[w.field])))) takenField.set(a.row, u.field);
        }
      }
    }
    return takenField;
  }

  const routes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${spec.base}/selectByPage`, tag: spec.tag, permission: perm(), answer: pageAnswerSchema, body: pageSchema,
      summary: `${spec.title['en-US']}: a page of the list, filtered and sorted, within the caller's data scope`,
      handler: async ({ body: page, user, lang, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const where = spec.where(page, ctx);
        const [list, total] = await Promise.all([
          spec.list(ctx, where, orderFrom(page.orderBy, spec.sortable, spec.defaultOrder), page.pageSize, offsetOf(page)),
          spec.count(ctx, where),
        ]);
        return pageAnswer(list, total, page);
      },
    }),
    defineRoute({
      method: 'POST', url: `${spec.base}/detail`, tag: spec.tag, permission: perm(), answer: rowAnswer, body: idBody,
      summary: `${spec.title['en-US']}: one record`,
      handler: async ({ body, user, lang, scope }) => {
        const row = await spec.load(await ctxOf({ user, lang, scope }), body.id);
        if (!row) throw notFound();
        return row;
      },
    }),
    defineRoute({
      method: 'POST', url: `${spec.base}/save`, tag: spec.tag, permission: perm('add'), answer: idAnswer, body: spec.input,
      summary: `${spec.title['en-US']}: create a record`,
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const values = await spec.toValues(body, ctx);
        return constraintRace(db.transaction(async (tx) => {
          await assertUnique(tx, { ...body, ...values });
          const [row] = await tx.insert(spec.table).values(values).returning({ id: spec.id });
          const id = Number(row.id);
          await spec.writeOwn?.(tx, id, body);
          await recordAudit(tx, actor(user, req.ip), { action: 'create', entity: spec.entity, entityId: id, after: audited(values, body) });
          return { id };
        })).finally(() => spec.afterWrite?.());
      },
    }),
    defineRoute({
      method: 'POST', url: `${spec.base}/update`, tag: spec.tag, permission: perm('edit'), answer: idAnswer,
      body: spec.updateInput ?? z.intersection(idBody, spec.input),
      summary: `${spec.title['en-US']}: change a record`,
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const { id, ...rest } = body;
        // The update body is the save body and the id: less the id it is the save body, which zod
        // cannot say of a body it knows only as `Input`.
        const input = rest as unknown as Input;
        const before = await spec.load(ctx, id);
        if (!before) throw notFound();
        const values = await spec.toValues(input, ctx, id);
        await constraintRace(db.transaction(async (tx) => {
          await spec.guardWrite?.(tx, { action: 'update', ids: [id], input }, ctx);
          await assertUnique(tx, { ...input, ...values }, id);
          const changed = await tx.update(spec.table).set(values).where(and(eq(spec.id, id), spec.writableWhen?.where)).returning({ id: spec.id });
          if (!changed.length) throw spec.writableWhen ? conflict(spec.writableWhen.refusal) : notFound();
          await spec.writeOwn?.(tx, id, input);
          await recordAudit(tx, actor(user, req.ip), { action: 'update', entity: spec.entity, entityId: id, before, after: audited(values, input) });
        }));
        spec.afterWrite?.();
        return { id };
      },
    }),
    defineRoute({
      method: 'POST', url: `${spec.base}/delete`, tag: spec.tag, permission: perm('delete'), answer: z.object({ deleted: z.number() }), body: idsBody,
      summary: `${spec.title['en-US']}: delete records (refused with a reason when one is in use)`,
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const ids = [...new Set(body.ids)];
        const rows = await Promise.all(ids.map((id) => spec.load(ctx, id)));
        if (rows.some((r) => !r)) throw notFound();
        const reason = await spec.inUse?.(ctx, ids);
        if (reason) throw conflict(reason);
        try {
          await db.transaction(async (tx) => {
            await spec.guardWrite?.(tx, { action: 'delete', ids }, ctx);
            const gone = await tx.delete(spec.table).where(and(inArray(spec.id, ids), spec.writableWhen?.where)).returning({ id: spec.id });
            if (spec.writableWhen && gone.length < ids.length) throw conflict(spec.writableWhen.refusal);
            await recordAudit(tx, actor(user, req.ip), rows.map((r) => ({ action: 'delete', entity: spec.entity, entityId: must(r, 'a record checked above').id, before: r })));
          });
        } catch (err) {
          // A reference the in-use check does not know (a table added later) still refuses cleanly.
          if (isForeignKeyViolation(err)) throw conflict('inUse');
          throw err;
        }
        spec.afterWrite?.();
        return { deleted: ids.length };
      },
    }),
    defineRoute({
      method: 'POST', url: `${spec.base}/export`, tag: spec.tag, permission: perm('export'), body: exportSchema, raw: XLSX_FILE,
      summary: `${spec.title['en-US']}: the filtered list (or the selected ids) as a streamed xlsx file`,
      handler: async ({ body, user, lang, reply, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const where = and(spec.where(body, ctx), body.ids?.length ? inArray(spec.id, body.ids) : undefined);
        const rows = inBatches((after, limit) => spec.list(ctx, and(where, gt(spec.id, after)), [spec.id], limit, 0));
        await streamXlsx(reply, `${spec.title[lang]}.xlsx`, lang, spec.columns, rows);
      },
    }),
    defineRoute({
      method: 'GET', url: `${spec.base}/template`, tag: spec.tag, permission: perm('import'), raw: XLSX_FILE,
      summary: `${spec.title['en-US']}: the import template (headers only)`,
      handler: async ({ lang, reply }) => sendTemplate(reply, `${spec.title[lang]}-template.xlsx`, lang, spec.importColumns ?? spec.columns),
    }),
    defineRoute({
      method: 'POST', url: `${spec.base}/import`, tag: spec.tag, permission: perm('import'), answer: z.object({ imported: z.number() }),
      summary: `${spec.title['en-US']}: create records from an xlsx file (body: the file, application/octet-stream); all rows or none`,
      handler: async ({ user, lang, req, scope, query }) => {
        const ctx = await ctxOf({ user, lang, scope });
        // The rows read and checked so far, for the console's dialog (importTickets.ts).
        const progress = await importProgressOf(db, user, query.ticket);
        try {
          const imported = await importSheet(ctx, req.body, progress, req.ip);
          await progress.finish(true);
          return imported;
        } catch (err) {
          await progress.finish(false);
          throw err;
        }
      },
    }),
  ];
  /** Reads, checks and writes an uploaded workbook: every row or none. */
  async function importSheet(ctx: CrudContext, body: unknown, progress: ImportProgress, ip: string) {
    const { user, lang } = ctx;
    const { checkImportHeaders } = spec;
    const sheet = await readXlsx(body, spec.importColumns ?? spec.columns, checkImportHeaders && ((found, unknown) => checkImportHeaders(found, unknown, lang)), progress.read);
    const errors: { row: number; message: string }[] = [];
    const accepted: { row: number; input: Input; values: Values }[] = [];
    let checked = 0;
    for (const { row, values } of sheet) {
      await progress.checked(++checked);
      try {
        const raw = spec.fromSheet ? await spec.fromSheet(values, ctx) : values;
        const parsed = spec.input.safeParse(raw, { reportInput: true });
        if (!parsed.success) {
          errors.push({ row, message: describeIssue(parsed.error, lang) });
          continue;
        }
        accepted.push({ row, input: parsed.data, values: await spec.toValues(parsed.data, ctx) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push({ row, message: `${err.field ? `${err.field}: ` : ''}${message(lang, err.key, err.params)}` });
      }
    }
    // Duplicates inside the file, then against the database.
    for (const u of spec.unique ?? []) {
      const seen = new Map<string, number>();
      for (const a of accepted) {
        const key = [a.values[u.field], ...(u.within ?? []).map((w) => a.values[w.field])].join('\u0001');
        if (a.values[u.field] == null || a.values[u.field] === '') continue;
        if (seen.has(key)) errors.push({ row: a.row, message: `${u.field}: ${message(lang, 'duplicate')} (${seen.get(key)})` });
        else seen.set(key, a.row);
      }
    }
    if (!errors.length) await progress.writing();
    const imported = await db.transaction(async (tx) => {
      // Every row is checked, so one report lists all there is to fix; a few queries per
      // thousand rows rather than one query per row.
      for (const [row, field] of await takenRows(tx, accepted)) errors.push({ row, message: `${field}: ${message(lang, 'duplicate')}` });
      if (errors.length) return 0;
      // toValues ran before the transaction: on the embedded database a query outside an open
      // transaction waits for it, so nothing in here may use `db`.
      const insertValues = accepted.map((a) => a.values);
      for (let i = 0; i < insertValues.length; i += 1000) {
        const batch = accepted.slice(i, i + 1000);
        const insert = tx.insert(spec.table).values(batch.map((a) => a.values));
        if (!spec.afterImport) {
          await insert;
          continue;
        }
        // A multi-row INSERT ... RETURNING answers its rows in VALUES order, so ids pair with inputs.
        const ids = await insert.returning({ id: spec.id });
        await spec.afterImport(tx, ids.map((r, k) => ({ id: Number(r.id), input: batch[k].input })));
      }
      await recordAudit(tx, actor(user, ip), { action: 'import', entity: spec.entity, after: { rows: insertValues.length } });
      return insertValues.length;
    });
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      throw new AppError(400, 'importRowErrors', { count: new Set(errors.map((e) => e.row)).size }, undefined, { errors });
    }
    spec.afterWrite?.();
    return { imported };
  }
  const own = new Set((spec.ownRoutes ?? []).map((name) => `${spec.base}/${name}`));
  return [...routes.filter((r) => !own.has(r.url)), ...(spec.extraRoutes ?? [])];
}
