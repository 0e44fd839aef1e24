import { Tag, TreeSelect } from '@arco-design/web-react';
import type { Language } from '@shared/i18n/languages';
import type { FieldSpec, PageSpec } from '@shared/pages';
import { TREE_REFS } from '@shared/pages/types';
import { PLATE_PATTERN } from '@shared/api/logistics';
import { passwordProblem } from '@shared/password';
import { PRICE_PATTERN } from '@shared/patterns';
import { defaultMax, normalisePlate, refLabelKey, type RefOptions } from '@shared/pages/schema';
import { i18n } from '../../i18n';
import { stamp } from '../stamp';
import type { FieldDef, Option, TreeOption } from './fields';
import type { Column } from './ListPage';

/** A row of a manifest list: its id and whatever its fields and labels hold. */
export type Row = { id: number } & Record<string, unknown>;
const NUMERIC = new Set(['number', 'int', 'money']);

/** The table column of a field: a select as a coloured tag of its label, a boolean as a Yes/No tag, a ref as its `code name`. */
export function columnOf(f: FieldSpec, lang: Language): Column<Row> {
  const title = f.label[lang];
  // A list of refs can be long: one line, cut, the whole list on hover.
  if (f.type === 'ref') {
    return {
      key: refLabelKey(f), title, sortable: f.sortable,
      render: (v: string | null) => (f.many && v ? <span className="list-cell-clip" title={v} style={{ maxWidth: (f.width ?? 30) * 8 }}>{v}</span> : v ?? empty(f, lang)),
    };
  }
  if (f.type === 'boolean') {
    return {
      key: f.key, title, sortable: f.sortable,
      render: (v: boolean | null) => (v === null || v === undefined ? '-' : <Tag size="small" color={v ? 'arcoblue' : 'gray'}>{i18n.t(v ? 'kit.yes' : 'kit.no')}</Tag>),
    };
  }
  if (f.type === 'datetime') return { key: f.key, title, sortable: f.sortable, render: (v: string | null) => stamp(v) };
  if (f.type === 'select') {
    return {
      key: f.key, title, sortable: f.sortable, render: (v: string) => {
        const o = f.options?.find((x) => x.value === v);
        return o ? <Tag size="small" color={o.color}>{o.label[lang]}</Tag> : v;
      },
    };
  }
  return {
    key: f.key, title, sortable: f.sortable, ellipsis: f.type === 'textarea',
    align: NUMERIC.has(f.type) ? 'right' : undefined, render: (v: unknown) => (v === null || v === undefined || v === '' ? empty(f, lang) : String(v)),
  };
}

/** An empty cell: what the field says emptiness means (any), or a dash. */
const empty = (f: FieldSpec, lang: Language) => (f.emptyText ? <span className="list-cell-empty">{f.emptyText[lang]}</span> : '-');

/** The form (or search) control of a field, its rules from the same declaration as the server's zod. */
export function controlOf(f: FieldSpec, lang: Language, refOptions: RefOptions | undefined, search = false, blankSaid?: PageSpec['blankSaid']): FieldDef {
  const label = f.label[lang];
  const options: Option[] | undefined = f.type === 'ref'
    ? refOptions?.[f.key] ?? []
    : f.options?.map((o) => ({ label: o.label[lang], value: o.value }));
  // Required as the server words it: '<label> cannot be empty' (docs/product.md#validation).
  const required = !search && f.required;
  const base: FieldDef = {
    field: f.key, label, required, extra: search ? undefined : f.hint?.[lang], placeholder: search ? undefined : f.emptyText?.[lang],
    requiredMessage: required && (f.blankSaid ?? blankSaid) !== 'mandatory' ? i18n.t('msg:cannotBeEmpty', { label }) : undefined,
  };
  switch (f.type) {
    case 'password':
      // Set when the record is made; the rules of docs/product.md#validation are checked here as the server checks them.
      return {
        ...base, type: 'password', createOnly: true, maxLength: 20,
        rules: [{ validator: (v: string | undefined, cb: (e?: string) => void) => { const problem = v ? passwordProblem(v) : null; cb(problem ? i18n.t(`msg:${problem}`) : undefined); } }],
      };
    case 'ref':
      if (TREE_REFS.includes(f.ref!) && !f.many) return { ...base, render: treeSelect(options ?? [], base.label, search) };
      return { ...base, type: f.many && !search ? 'multiSelect' : 'select', options, lockedOnEdit: f.lockedOnEdit, within: search ? undefined : f.within };
    case 'boolean':
      // Searched as a choice of yes or no (or either), edited as a switch.
      return search
        ? { ...base, type: 'select', options: [{ label: i18n.t('kit.yes'), value: 'true' }, { label: i18n.t('kit.no'), value: 'false' }] }
        : { ...base, type: 'switch', lockedOnEdit: f.lockedOnEdit };
    case 'select':
      return { ...base, type: f.many && !search ? 'multiSelect' : 'select', options, lockedOnEdit: f.lockedOnEdit, within: search ? undefined : f.within };
    case 'number':
    case 'int':
      return { ...base, type: 'number', min: f.min, max: f.maxValue, lockedOnEdit: f.lockedOnEdit };
    case 'money':
      return {
        ...base, type: 'number', min: 0, lockedOnEdit: f.lockedOnEdit,
        rules: search ? [] : [{ validator: (v: unknown, cb: (e?: string) => void) => cb(v == null || v === '' || PRICE_PATTERN.test(String(v)) ? undefined : i18n.t('msg:price')) }],
      };
    case 'textarea':
      return { ...base, type: search ? 'input' : 'textarea', maxLength: defaultMax(f), wide: true };
    case 'date':
      return { ...base, placeholder: 'YYYY-MM-DD', rules: [{ match: /^\d{4}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' }] };
    case 'plate':
      return {
        ...base, maxLength: 16, lockedOnEdit: f.lockedOnEdit,
        rules: search ? [] : [{ validator: (v: string | undefined, cb: (e?: string) => void) => cb(v && !PLATE_PATTERN.test(String(normalisePlate(v))) ? i18n.t('msg:plate') : undefined) }],
      };
    default:
      return {
        ...base, maxLength: defaultMax(f), lockedOnEdit: f.lockedOnEdit,
        // Typed unseen, never shown back: an edit leaves it blank to keep it (EntityForm).
        ...(f.secret && !search ? { type: 'password', secret: true } : {}),
        rule: f.type === 'code' ? 'code' : f.type === 'phone' ? 'phone' : f.type === 'email' ? 'email' : undefined,
        rules: f.pattern && !search ? [{ match: f.pattern, message: i18n.t(`msg:${f.patternMessage ?? 'invalidValue'}`) }] : undefined,
      };
  }
}

/** Each choices' tree, made once: a tree select given new tree data closes the nodes opened. */
const trees = new WeakMap<Option[], TreeOption[]>();
function treeOf(options: Option[]): TreeOption[] {
  let tree = trees.get(options);
  if (tree) return tree;
  const children = new Map<unknown, Option[]>();
  for (const o of options) {
    const parent = o.parent !== undefined && options.some((p) => p.value === o.parent) ? o.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), o]);
  }
  const build = (parent: unknown): TreeOption[] => (children.get(parent) ?? []).map((o) => {
    const below = build(o.value);
    return { key: String(o.value), title: o.label, ...(below.length ? { children: below } : {}) };
  });
  tree = build(null);
  trees.set(options, tree);
  return tree;
}

/**
 * A ref whose records form a tree (departments), from its choices and their parents: a tree select
 * (its keys are text) holding the record's id.
 */
function treeSelect(options: Option[], placeholder: string, search: boolean) {
  const treeData = treeOf(options);
  return ({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) => (
    <TreeSelect
      treeData={treeData} allowClear placeholder={placeholder} style={search ? undefined : { width: '100%' }}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onChange={(v: unknown) => onChange?.(v === undefined || v === null || v === '' ? (search ? undefined : null) : Number(v))}
    />
  );
}
