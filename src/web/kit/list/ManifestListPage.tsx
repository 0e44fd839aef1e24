import { Result } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Language } from '@shared/i18n/languages';
import { canonicalPage, type FieldSpec, type PlacedPage } from '@shared/pages';
import { filterSchemaOf, inForm, inTable, keywordFieldsOf, refLabelKey, refOptionsUrl, searchFieldOf, type RefOptions } from '@shared/pages/schema';
import { crudApi } from '../../api/crud';
import { api } from '../../api/http';
import { useView } from '../../app/viewContext';
import { session } from '../../stores/session';
import { optionsWithin, type FieldDef } from './fields';
import { ListPage, type Column, type ListPageProps } from './ListPage';
import { columnOf, controlOf, type Row } from './manifestFields';
import { MasterDetail } from './MasterDetail';
import { usePicker } from './picker';
import { RefPicker } from './RefPicker';
import { useTransitions } from './transitions';

export type { Row } from './manifestFields';

/**
 * A list page made from its manifest entry alone: columns, search form and edit form from its
 * fields. `perm` is the menu place's code when the page is shared (buttons are `<perm>:add`, ...).
 */
export function ManifestList({
  page, perm = page.perm, listId = `page-${page.perm}`, extraColumns = [], fixedFilters: given, hideFixed, waitingFor, rowActions, toolbar, onSelect, ...rest
}: {
  page: PlacedPage;
  perm?: string;
  /** The list's id (its queries, column settings and test id); `page-<perm>` unless a page holds two lists. */
  listId?: string;
  extraColumns?: Column<Row>[];
  /** Fixed fields are not shown in the form; their values go with it (a dictionary entry's type). */
  hideFixed?: boolean;
} & Pick<ListPageProps<Row>, 'rowActions' | 'editable' | 'toolbar' | 'actionsWidth' | 'fixedFilters' | 'onSelect' | 'selectionType' | 'waitingFor' | 'pageSize' | 'viewKey'>) {
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
  const moves = useTransitions(page, perm, listId, lang);
  const picker = usePicker(page, refOptions.data, lang);
  const fixedFilters = picker ? { ...given, ...picker.fixed } : given;
  const filterShape = useMemo(() => filterSchemaOf(page).shape, [page]);
  const listApi = useMemo(() => crudApi<Row, Record<string, unknown>>(page.api!), [page.api]);

  const columns = [...all.filter(inTable).map((f) => columnOf(f, lang)), ...extraColumns];
  /** A search field within one the page fixes (the areas of the warehouse chosen in its toolbar) offers that one's choices only. */
  const searchOf = (f: FieldSpec) => {
    const control = controlOf(f, lang, refOptions.data, true);
    const parent = f.within ? fixedFilters?.[f.within] : undefined;
    return parent === undefined ? control : { ...control, options: optionsWithin({ ...control, within: f.within }, parent) };
  };
  const search = [
    ...(keywordFieldsOf(page, fields).length ? [{ field: 'keyword', label: t('kit.keyword') }] : []),
    // What the page fixes is not searched again.
    ...fields.filter((f) => f.search && !(fixedFilters && f.key in fixedFilters)).map(searchOf),
    // A search over several ref fields chooses among the first one's records.
    ...(page.searches ?? []).map((s) => (s.filled
      ? { field: s.key, label: s.label[lang], type: 'select' as const, options: s.options!.map((o) => ({ label: o.label[lang], value: o.value })) }
      : { ...controlOf(searchFieldOf(page, s), lang, refOptions.data, true), field: s.key, label: s.label[lang] })),
  ];
  const hidden = hideFixed ? Object.fromEntries(Object.entries(fixedFilters ?? {}).filter(([key]) => fields.some((f) => f.key === key && inForm(f)))) : {};
  const controls = fields.filter((f) => inForm(f) && !(f.key in hidden)).map((f) => ({ f, control: controlOf(f, lang, refOptions.data, false, page.blankSaid) }));
  // A ref chosen by typing names the record the row holds before anything is typed.
  const form = (row: Row | null) => controls.map(({ f, control }) => lockedFor(f, row, control)).map(({ f, control }) => (f.type === 'ref' && f.searched ? {
    ...control, type: undefined,
    render: ({ value, onChange }: { value?: unknown; onChange?: (v: unknown) => void }) => (
      <RefPicker page={page} field={f} value={value} onChange={onChange} placeholder={control.label} disabled={!!row && f.lockedOnEdit}
        initial={row && row[f.key] != null ? { value: row[f.key] as number, label: String(row[refLabelKey(f)] ?? row[f.key]) } : undefined} />
    ),
  } : control));
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
      id={listId} title={(page.detail?.masterTitle ?? page.title)[lang]} perm={perm} api={listApi} columns={columns} search={search} form={form}
      // A price reads as text ('455.50'); its input takes a number.
      toForm={(row) => Object.fromEntries(fields.filter(inForm).map((f) => [f.key, f.type === 'money' && row[f.key] != null ? Number(row[f.key]) : row[f.key] ?? undefined]))}
      fromForm={hideFixed ? (values) => ({ ...values, ...hidden }) : undefined}
      defaults={defaults} fixedFilters={fixedFilters} filterShape={filterShape} waitingFor={picker?.waitingFor ?? waitingFor} {...rest}
      // Arrays, not fragments: the list spaces each button of them.
      rowActions={moves || rowActions ? (row) => [...(moves?.rowActions(row) ?? []), rowActions?.(row)] : undefined}
      toolbar={moves || toolbar || picker ? [picker?.control, ...(moves?.toolbar ?? []), toolbar] : undefined}
      onSelect={moves || onSelect ? (rows) => { moves?.onSelect(rows); onSelect?.(rows); } : undefined}
    />
  );
}

/** A field locked on this record (`lockedWhen`: the built-in administrator's role code) is shown as locked on edit. */
function lockedFor(f: FieldSpec, row: Row | null, control: FieldDef): { f: FieldSpec; control: FieldDef } {
  const locked = !!row && !!f.lockedWhen && Object.entries(f.lockedWhen).every(([key, value]) => row[key] === value);
  return locked ? { f: { ...f, lockedOnEdit: true }, control: { ...control, lockedOnEdit: true } } : { f, control };
}

/** The page module of every manifest list page without a view of its own. */
export default function ManifestListPage() {
  const { t } = useTranslation();
  const { route } = useView();
  const page = canonicalPage(route.path);
  if (!page?.fields || !page.api) return <Result status="404" subTitle={route.path} title={t('kit.noData')} />;
  if (page.detail) return <MasterDetail page={page} perm={route.perm} />;
  return <div className="page"><div className="page-card"><ManifestList page={page} perm={route.perm} /></div></div>;
}
