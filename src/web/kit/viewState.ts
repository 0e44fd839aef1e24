/**
 * A view's state in its address: the filters, sort, page, page size and tab of a list, report or
 * dashboard live in the query of the hash (`#/path?dealerId=3&sort=quantity.desc&page=2`), so a
 * copied address opens the same view. Parsing never throws: a value that does not parse, or is not
 * allowed any more (a column no longer sortable, a page size not offered), is left out and its
 * default applies. Pure rules; the hook that reads and writes the router is `useViewState.ts`.
 */

export interface SortBy { field: string; order: 'asc' | 'desc' }

export interface ViewState {
  filters: Record<string, unknown>;
  page: number;
  size: number;
  sort: SortBy[];
  tab?: string;
}

/** What a view keeps in its address, and what each of its values may be. */
export interface ViewSpec {
  /**
   * Parses one filter from its values in the address (several for a multiple choice); undefined
   * when it does not parse or is not allowed. It never throws (safeParse, tests of the text).
   */
  parseFilter(key: string, values: string[]): unknown;
  /** The filters this view owns in the address (others, a page's own `?id=`, are left alone). */
  filterKeys: readonly string[];
  /** Columns that may be sorted; a sort by any other falls back to the default. */
  sortable: readonly string[];
  defaultSort?: readonly SortBy[];
  sizes: readonly number[];
  defaultSize: number;
  tabs?: readonly string[];
  defaultTab?: string;
  /** For a second list on a page (`detail.page=2`): its keys carry this prefix and a dot. */
  prefix?: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** Beyond this a page number is a typing slip, not a page. */
const MAX_PAGE = 100_000;

const name = (spec: ViewSpec, key: string) => (spec.prefix ? `${spec.prefix}.${key}` : key);
const reserved = ['page', 'size', 'sort', 'tab'];

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= MAX_PAGE ? n : undefined;
}

function parseSort(raw: string | null, spec: ViewSpec): SortBy[] | undefined {
  if (!raw) return undefined;
  const m = /^([A-Za-z_][\w]{0,63})\.(asc|desc)$/.exec(raw);
  if (!m || !spec.sortable.includes(m[1])) return undefined;
  return [{ field: m[1], order: m[2] === 'asc' ? 'asc' : 'desc' }];
}

/** The view an address shows: every value it carries that parses, the defaults for the rest. */
export function parseView(query: URLSearchParams, spec: ViewSpec): ViewState {
  const filters: Record<string, unknown> = {};
  for (const key of spec.filterKeys) {
    const values = query.getAll(name(spec, key)).filter((v) => v !== '');
    if (!values.length) continue;
    const value = spec.parseFilter(key, values);
    if (value !== undefined && value !== null) filters[key] = value;
  }
  const size = positiveInt(query.get(name(spec, 'size')));
  const tab = query.get(name(spec, 'tab'));
  return {
    filters,
    page: positiveInt(query.get(name(spec, 'page'))) ?? 1,
    size: size !== undefined && spec.sizes.includes(size) ? size : spec.defaultSize,
    sort: parseSort(query.get(name(spec, 'sort')), spec) ?? [...(spec.defaultSort ?? [])],
    tab: tab !== null && spec.tabs?.includes(tab) ? tab : spec.defaultTab,
  };
}

const sameSort = (a: readonly SortBy[], b: readonly SortBy[]) =>
  a.length === b.length && a.every((s, i) => s.field === b[i].field && s.order === b[i].order);

/** Text of one filter value in the address. */
function texts(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

/**
 * The address of a view: `base`'s parameters this view does not own are kept, its own are written
 * afresh, and defaults are left out (the plain address is the default view).
 */
export function serialiseView(state: ViewState, spec: ViewSpec, base = new URLSearchParams()): URLSearchParams {
  const owned = new Set([...spec.filterKeys, ...reserved].map((k) => name(spec, k)));
  const out = new URLSearchParams();
  for (const [k, v] of base) if (!owned.has(k)) out.append(k, v);
  for (const key of spec.filterKeys) for (const text of texts(state.filters[key])) out.append(name(spec, key), text);
  if (state.tab !== undefined && state.tab !== spec.defaultTab) out.set(name(spec, 'tab'), state.tab);
  // A view with a default order always has one: clearing the sort goes back to it.
  if (state.sort[0] && !sameSort(state.sort, spec.defaultSort ?? [])) out.set(name(spec, 'sort'), `${state.sort[0].field}.${state.sort[0].order}`);
  if (state.page > 1) out.set(name(spec, 'page'), String(state.page));
  if (state.size !== spec.defaultSize) out.set(name(spec, 'size'), String(state.size));
  return out;
}

/** Filters by their types as a search form's fields declare them: a number, one of the choices, text. */
export interface FilterField {
  field: string;
  type?: string;
  options?: readonly { value: string | number }[];
}

/**
 * A filter parser from a form's fields: numbers must be numbers; a choice one of the field's choices
 * (while they are still loading, a number stays a number, so a reference is not lost); text up to 64.
 */
export function fieldFilterParser(fields: readonly FilterField[]) {
  return (key: string, values: string[]): unknown => {
    const f = fields.find((x) => x.field === key);
    if (!f) return undefined;
    const one = (raw: string): string | number | undefined => {
      if (f.type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined;
      if (f.type === 'select' || f.type === 'multiSelect') {
        if (f.options?.length) return f.options.find((o) => String(o.value) === raw)?.value;
        return /^\d{1,15}$/.test(raw) ? Number(raw) : raw.length <= 64 ? raw : undefined;
      }
      if (f.type === 'switch') return undefined;
      return raw.length <= 64 ? raw : undefined;
    };
    if (f.type === 'switch') return values[0] === 'true' ? true : values[0] === 'false' ? false : undefined;
    if (f.type === 'multiSelect') {
      const list = values.map(one);
      return list.every((v) => v !== undefined) ? list : undefined;
    }
    return one(values[0]);
  };
}

interface SafeParser { safeParse(value: unknown): { success: boolean; data?: unknown } }

/**
 * A filter parser from a schema per key (the server's own, so what the address carries is what the
 * call accepts): the text as it is, then as a number, then as a list, the first that parses.
 */
export function schemaFilterParser(shape: Record<string, SafeParser>) {
  return (key: string, values: string[]): unknown => {
    const schema = shape[key];
    if (!schema) return undefined;
    const tries: unknown[] = values.length > 1 ? [values] : [values[0], ...(/^-?\d+(\.\d+)?$/.test(values[0]) ? [Number(values[0])] : []), values];
    for (const value of tries) {
      const parsed = schema.safeParse(value);
      if (parsed.success && parsed.data !== undefined) return parsed.data;
    }
    return undefined;
  };
}
