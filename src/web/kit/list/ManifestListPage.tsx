import { Result, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Language } from '@shared/i18n/languages';
import { canonicalPage, type FieldSpec, type PlacedPage } from '@shared/pages';
import { PLATE_PATTERN } from '@shared/api/logistics';
import { defaultMax, inForm, inTable, isKeywordField, normalisePlate, refLabelKey, refOptionsUrl, searchFieldOf, type RefOptions } from '@shared/pages/schema';
import { crudApi } from '../../api/crud';
import { api } from '../../api/http';
import { useView } from '../../app/viewContext';
import { i18n } from '../../i18n';
import { session } from '../../stores/session';
import { stamp } from '../stamp';
import { optionsWithin, type FieldDef, type Option } from './fields';
import { ListPage, type Column, type ListPageProps } from './ListPage';
import { usePicker } from './picker';
import { useTransitions } from './transitions';

export type Row = { id: number } & Record<string, unknown>;
const NUMERIC = new Set(['number', 'int']);

/** The table column of a field: a select as a coloured tag of its label, a boolean as a Yes/No tag, a ref as its `code name`. */
function columnOf(f: FieldSpec, lang: Language): Column<Row> {
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
function controlOf(f: FieldSpec, lang: Language, refOptions: RefOptions | undefined, search = false): FieldDef {
  const label = f.label[lang];
  const options: Option[] | undefined = f.type === 'ref'
    ? refOptions?.[f.key] ?? []
    : f.options?.map((o) => ({ label: o.label[lang], value: o.value }));
  // Required as the server words it: '<label> cannot be empty' (spec section 5).
  const required = !search && f.required;
  const base: FieldDef = {
    field: f.key, label, required, extra: search ? undefined : f.hint?.[lang], placeholder: search ? undefined : f.emptyText?.[lang],
    requiredMessage: required ? i18n.t('msg:cannotBeEmpty', { label }) : undefined,
  };
  switch (f.type) {
    case 'boolean':
      // Searched as a choice of yes or no (or either), edited as a switch.
      return search
        ? { ...base, type: 'select', options: [{ label: i18n.t('kit.yes'), value: 'true' }, { label: i18n.t('kit.no'), value: 'false' }] }
        : { ...base, type: 'switch', lockedOnEdit: f.lockedOnEdit };
    case 'select':
    case 'ref':
      return { ...base, type: f.many && !search ? 'multiSelect' : 'select', options, lockedOnEdit: f.lockedOnEdit, within: search ? undefined : f.within };
    case 'number':
    case 'int':
      return { ...base, type: 'number', min: f.min, max: f.maxValue, lockedOnEdit: f.lockedOnEdit };
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
        rule: f.type === 'code' ? 'code' : f.type === 'phone' ? 'phone' : f.type === 'email' ? 'email' : undefined,
        rules: f.pattern && !search ? [{ match: f.pattern, message: i18n.t('msg:invalidValue') }] : undefined,
      };
  }
}

/**
 * A list page made from its manifest entry alone: columns, search form and edit form from its
 * fields. `perm` is the menu place's code when the page is shared (buttons are `<perm>:add`, ...).
 */
export function ManifestList({ page, perm = page.perm, extraColumns = [], fixedFilters: given, waitingFor, rowActions, toolbar, onSelect, ...rest }: {
  page: PlacedPage;
  perm?: string;
  extraColumns?: Column<Row>[];
} & Pick<ListPageProps<Row>, 'rowActions' | 'editable' | 'toolbar' | 'actionsWidth' | 'fixedFilters' | 'onSelect' | 'selectionType' | 'waitingFor'>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const dealerUser = useSnapshot(session).user?.dealerId != null;
  // A dealer's own users neither search nor choose what is their dealer's anyway.
  const all = useMemo(() => page.fields ?? [], [page.fields]);
  const fields = useMemo(() => (dealerUser ? all.filter((f) => !f.staffOnly) : all), [all, dealerUser]);
  const hasRefs = fields.some((f) => f.type === 'ref');
  const refOptions = useQuery({
    queryKey: ['page-options', page.api],
    queryFn: () => api.post<RefOptions>(refOptionsUrl(page), {}),
    enabled: hasRefs,
  });
  const listId = `page-${page.perm}`;
  const moves = useTransitions(page, perm, listId, lang);
  const picker = usePicker(page, refOptions.data, lang);
  const fixedFilters = picker ? { ...given, ...picker.fixed } : given;
  const listApi = useMemo(() => crudApi<Row, Record<string, unknown>>(page.api!), [page.api]);

  const columns = [...all.filter(inTable).map((f) => columnOf(f, lang)), ...extraColumns];
  /** A search field within one the page fixes (the areas of the warehouse chosen in its toolbar) offers that one's choices only. */
  const searchOf = (f: FieldSpec) => {
    const control = controlOf(f, lang, refOptions.data, true);
    const parent = f.within ? fixedFilters?.[f.within] : undefined;
    return parent === undefined ? control : { ...control, options: optionsWithin({ ...control, within: f.within }, parent) };
  };
  const search = [
    ...(fields.some(isKeywordField) ? [{ field: 'keyword', label: t('kit.keyword') }] : []),
    // What the page fixes is not searched again.
    ...fields.filter((f) => f.search && !(fixedFilters && f.key in fixedFilters)).map(searchOf),
    // A search over several ref fields chooses among the first one's records.
    ...(page.searches ?? []).map((s) => ({ ...controlOf(searchFieldOf(page, s), lang, refOptions.data, true), field: s.key, label: s.label[lang] })),
  ];
  const form = fields.filter(inForm).map((f) => controlOf(f, lang, refOptions.data));
  // By value: a page passes its fixed filters afresh each render, and new defaults would reset an open form.
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  const fixed = useMemo(() => JSON.parse(fixedKey) as Record<string, unknown>, [fixedKey]);
  const defaults = useMemo(
    () => Object.fromEntries([
      ...fields.filter((f) => f.type === 'select' && !f.required && f.options?.length).map((f) => [f.key, f.options![0].value]),
      ...fields.filter((f) => f.type === 'boolean').map((f) => [f.key, f.defaultValue ?? false]),
      // A new record lies where the page is fixed (the warehouse chosen in its toolbar).
      ...Object.entries(fixed).filter(([key]) => fields.some((f) => f.key === key && inForm(f))),
    ]),
    [fields, fixed],
  );

  return (
    <ListPage<Row>
      id={listId} title={page.title[lang]} perm={perm} api={listApi} columns={columns} search={search} form={form}
      toForm={(row) => Object.fromEntries(fields.filter(inForm).map((f) => [f.key, row[f.key] ?? undefined]))}
      defaults={defaults} fixedFilters={fixedFilters} waitingFor={picker?.waitingFor ?? waitingFor} {...rest}
      // Arrays, not fragments: the list spaces each button of them.
      rowActions={moves || rowActions ? (row) => [...(moves?.rowActions(row) ?? []), rowActions?.(row)] : undefined}
      toolbar={moves || toolbar || picker ? [picker?.control, ...(moves?.toolbar ?? []), toolbar] : undefined}
      onSelect={moves || onSelect ? (rows) => { moves?.onSelect(rows); onSelect?.(rows); } : undefined}
    />
  );
}

/** The page module of every manifest list page without a view of its own. */
export default function ManifestListPage() {
  const { t } = useTranslation();
  const { route } = useView();
  const page = canonicalPage(route.path);
  if (!page?.fields || !page.api) return <Result status="404" subTitle={route.path} title={t('kit.noData')} />;
  return <div className="page"><div className="page-card"><ManifestList page={page} perm={route.perm} /></div></div>;
}
