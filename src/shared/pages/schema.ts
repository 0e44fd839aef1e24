import { z } from 'zod';
import { calendarDay } from '../api/day';
import { PLATE_PATTERN } from '../api/logistics';
import { CODE_PATTERN, EMAIL_PATTERN, PHONE_PATTERN, PRICE_PATTERN } from '../patterns';
import type { MessageKey } from '../i18n/messages';
import { passwordProblem } from '../password';
import type { FieldSpec, PageSpec, SearchSpec } from './types';
import { coercedRowId } from '../api/rowId';
import { must } from '../must';

/** '' and spaces are no value (a cleared form field, an empty sheet cell). */
const blank = (v: unknown) => ((typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length) ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export const defaultMax = (f: FieldSpec) => f.max ?? (f.type === 'textarea' ? 256 : 64);
/** In the form, the save body and the import: a datetime is the server's to set, a field read through a ref the other record's. */
export const inForm = (f: FieldSpec) => f.form !== false && f.type !== 'datetime' && !f.from;
/** A password is in neither the table nor the export: no row carries it. */
export const inTable = (f: FieldSpec) => f.table !== false && f.type !== 'password';
export const inExport = (f: FieldSpec) => f.export !== false && f.type !== 'password';
/** In the import template and file: what the form takes and the export shows, and a first password. */
export const inImport = (f: FieldSpec) => inForm(f) && (f.type === 'password' || f.export !== false);
/** Text fields the page's keyword box searches. */
export const isKeywordField = (f: FieldSpec) => ['text', 'textarea', 'code', 'phone', 'email', 'plate'].includes(f.type);
/** The fields a page's keyword box searches: those it names, or every text field. */
export const keywordFieldsOf = ({ keyword, fields: all }: PageSpec, fields = all ?? []) =>
  (keyword ? fields.filter((f) => keyword.includes(f.key)) : fields.filter(isKeywordField));
/** Plates typed with spaces or in lower case are the same plate (沪a 12345 is 沪A12345). */
export const normalisePlate = (v: unknown) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v);

/** Yes and no as a form, a JSON body or a sheet cell gives them (是/否, Yes/No, true/false, 1/0); anything else stays as it is, to be refused. */
const YES = new Set(['true', '1', 'yes', 'y', '是']);
const NO = new Set(['false', '0', 'no', 'n', '否']);
export const toBoolean = (v: unknown) => {
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
  if (typeof v !== 'string') return v;
  const t = v.trim().toLowerCase();
  return YES.has(t) ? true : NO.has(t) ? false : v;
};

/** What the keys about a ref field's record start with: `warehouseId` -> `warehouse` (`warehouseCode`, `warehouseName`, ...). */
export const refBase = (key: string) => key.replace(/Id$/, '');
/** A ref field's `code name` in a list row (`warehouseId` -> `warehouseLabel`), and its column in a sheet (`warehouseCode`). */
export const refLabelKey = (f: FieldSpec) => `${refBase(f.key)}Label`;
export const refCodeKey = (f: FieldSpec) => (f.many && f.sheetAs === 'name' ? f.key.replace(/Ids$/, 's') : `${refBase(f.key)}${f.sheetAs === 'name' ? '' : 'Code'}`);

/** A pattern whose failure is said with one of the shared messages (messages.ts), naming the field. */
const matching = (pattern: RegExp, messageKey: MessageKey) => (v: string, ctx: z.RefinementCtx) => {
  if (!pattern.test(v)) ctx.addIssue({ code: 'custom', message: messageKey, params: { messageKey } });
};

/** The value rule of one field, before requiredness. */
function valueOf(f: FieldSpec): z.ZodType {
  switch (f.type) {
    case 'number':
    case 'int': {
      let n = z.coerce.number();
      if (f.type === 'int') n = n.int();
      if (f.min !== undefined) n = n.min(f.min);
      if (f.maxValue !== undefined) n = n.max(f.maxValue);
      return n;
    }
    case 'ref':
      return f.many
        ? z.array(coercedRowId).max(f.maxValue ?? 50).refine((ids) => new Set(ids).size === ids.length, { message: 'invalidValue' })
        : coercedRowId;
    case 'select':
      return z.enum((f.options ?? []).map((o) => o.value));
    case 'date':
      return calendarDay;
    case 'money':
      // A form sends a number, a sheet text: both are checked as the text they read as.
      return z.preprocess((v) => (typeof v === 'number' ? String(v) : trimmed(v)), z.string().superRefine(matching(PRICE_PATTERN, 'price')));
    case 'boolean':
      return z.preprocess(toBoolean, z.boolean());
    case 'password':
      // Its rules are docs/product.md#validation's (passwordProblem), checked once every field is valid: inputSchemaOf.
      return z.string().max(f.max ?? 128);
    case 'code':
      return z.preprocess(trimmed, z.string().max(defaultMax(f)).superRefine(matching(CODE_PATTERN, 'uppercase')));
    case 'phone':
      return z.preprocess(trimmed, z.string().superRefine(matching(PHONE_PATTERN, 'phone')));
    case 'email':
      return z.preprocess(trimmed, z.string().max(defaultMax(f)).superRefine(matching(EMAIL_PATTERN, 'email')));
    case 'plate':
      return z.preprocess(normalisePlate, z.string().max(16).superRefine(matching(PLATE_PATTERN, 'plate')));
    default: {
      const text = z.string().max(defaultMax(f));
      return z.preprocess(trimmed, f.pattern ? text.superRefine(matching(f.pattern, f.patternMessage ?? 'invalidValue')) : text);
    }
  }
}

/** One field of the save body: a required field refuses blanks, an optional one stores null; a select defaults to its first option. */
export function fieldSchema(f: FieldSpec, blankSaid?: PageSpec['blankSaid']): z.ZodType {
  const value = valueOf(f);
  // A password is not trimmed: only an empty one is blank, and spaces are refused by its rules.
  const blankOf = f.type === 'password' ? (v: unknown) => (v === '' ? null : v) : blank;
  if (f.required) {
    // Blank is its own issue, carrying the label, so the message names the field in the caller's language
    // (or says the general 'This input item is mandatory', for pages that always have).
    const params = (f.blankSaid ?? blankSaid) === 'mandatory' ? { messageKey: 'required' } : { emptyLabel: f.label };
    return z.preprocess((v) => blankOf(v) ?? null, value.nullable()).superRefine((v, ctx) => {
      if (v === null) ctx.addIssue({ code: 'custom', message: 'empty', params });
    });
  }
  if (f.type === 'select') return z.preprocess(blank, value.nullable().optional()).transform((v) => v ?? must(f.options, `options of select field ${f.key}`)[0].value);
  if (f.type === 'boolean') return z.preprocess(blank, value.nullable().optional()).transform((v) => v ?? f.defaultValue ?? false);
  if (f.many) return z.preprocess(blank, value.nullable().optional()).transform((v) => v ?? []);
  return z.preprocess(blankOf, value.nullable().optional()).transform((v) => v ?? null);
}

/**
 * The body of save and each import row (`create`), or of update, from the page's form fields. A
 * password is set on create only; its rules (docs/product.md#validation: length, kinds, too simple) are checked
 * once every field is valid, and said in the caller's language. `extra` adds fields to the same
 * strict body (an update's id).
 */
export function inputSchemaOf(page: PageSpec, body: 'create' | 'update' = 'create', extra: Record<string, z.ZodType> = {}) {
  const shape: Record<string, z.ZodType> = { ...extra };
  const fields = (page.fields ?? []).filter((f) => inForm(f) && !(body === 'update' && f.type === 'password'));
  for (const f of fields) {
    // An edit that leaves a secret blank keeps it: the body says nothing of it.
    shape[f.key] = body === 'update' && f.secret
      ? z.preprocess((v) => blank(v) ?? undefined, valueOf(f).optional())
      : fieldSchema(f, page.blankSaid);
  }
  const passwords = fields.filter((f) => f.type === 'password');
  const object = z.object(shape).strict();
  return passwords.length ? object.superRefine((values, ctx) => {
    for (const f of passwords) {
      const password = values[f.key];
      const problem = typeof password === 'string' ? passwordProblem(password) : null;
      if (problem) ctx.addIssue({ code: 'custom', path: [f.key], message: problem, params: { messageKey: problem } });
    }
  }) : object;
}

/** The field whose values a search over several fields takes (the first it names). */
export function searchFieldOf(page: PageSpec, search: SearchSpec): FieldSpec {
  const key = search.anyOf?.[0] ?? search.filled;
  const f = page.fields?.find((k) => k.key === key);
  if (!f) throw new Error(`${page.path}: search ${search.key} names no field ${key}`);
  return f;
}

/** The list filters: a keyword over the text fields and an exact match per search field. */
export function filterSchemaOf(page: PageSpec) {
  const shape: Record<string, z.ZodType> = { keyword: z.string().max(64).optional() };
  // A list of refs is searched for one of them.
  for (const f of page.fields ?? []) {
    if (!f.search) continue;
    // A contains search takes any text; an exact one a value of the field.
    const value = f.search === 'contains' ? z.string().max(64) : f.many ? valueOf({ ...f, many: false }) : valueOf(f);
    shape[f.key] = z.preprocess((v) => blank(v) ?? undefined, value.optional());
  }
  // A search over several fields takes a value of the first of them.
  for (const s of page.searches ?? []) {
    const f = searchFieldOf(page, s);
    // Whether a field is filled takes one of its two options.
    shape[s.key] = z.preprocess((v) => blank(v) ?? undefined, (s.filled ? z.enum(must(s.options, `options of search ${s.key}`).map((o) => o.value)) : valueOf({ ...f, many: false })).optional());
  }
  return z.object(shape);
}

/** The call a list page's form takes its reference choices from. */
export const refOptionsUrl = (page: PageSpec) => page.optionsApi ?? `${page.api}/options`;

/** What the options call is asked: every ref field's choices, or those of one field chosen by typing that hold a keyword. */
export const refOptionsBody = z.object({ field: z.string().max(64).optional(), keyword: z.string().max(64).optional() });

/** The answer of a list page's `<api>/options`: the choices of each ref field. */
export const refOptionsAnswer = z.record(z.string(), z.array(z.object({
  value: z.number().int(),
  label: z.string(),
  /** For a field `within` another: the record of that field this choice belongs to (an area's warehouse). */
  parent: z.number().int().optional(),
})));
export type RefOptions = z.infer<typeof refOptionsAnswer>;
