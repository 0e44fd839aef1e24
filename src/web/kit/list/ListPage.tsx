import { Button, Empty, Message, Modal, Result, Space, Table, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit, IconPlus, IconRefresh, IconUpload } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { rethrowUnlessShown } from '../../api/client';
import { appState } from '../../stores/app';
import type { CrudApi } from '../../api/crud';
import { useButtons } from '../usePermission';
import { useViewState } from '../useViewState';
import { ViewsMenu } from '../views/ViewsMenu';
import { fieldFilterParser, PAGE_SIZES, schemaFilterParser, type ViewSpec } from '../viewState';
import { saveResponse } from '../download';
import { ColumnSettings } from './ColumnSettings';
import { EntityForm } from './EntityForm';
import type { FieldDef } from './fields';
import { ImportDialog } from './ImportDialog';
import { SearchForm } from './SearchForm';
import { sortHeader } from './sortHeader';
import { arrange, useTablePrefs } from './useTablePrefs';
import './list.css';

export interface Column<Row> extends Omit<TableColumnProps<Row>, 'key' | 'sorter'> {
  key: string;
  /** Sorted by the server under this key. */
  sortable?: boolean;
}

export interface ListPageProps<Row extends { id: number }> {
  /** Remembers column settings; also the query key. */
  id: string;
  title: string;
  /** The page's permission code; buttons are `<code>:add` and so on. */
  perm: string;
  api: CrudApi<Row, Record<string, unknown>>;
  columns: Column<Row>[];
  search?: FieldDef[];
  form?: FieldDef[] | ((row: Row | null) => FieldDef[]);
  /** Values a new record's form starts with. */
  defaults?: Record<string, unknown>;
  /** Form values of a row being edited (defaults to the row itself). */
  toForm?(row: Row): Record<string, unknown>;
  /** Body sent to save/update (defaults to the form values). */
  fromForm?(values: Record<string, unknown>, row: Row | null): Record<string, unknown>;
  /** Filters fixed by the page around the list (the type chosen on the left, ...). */
  fixedFilters?: Record<string, unknown>;
  /** Nothing to list until the page around says so ('Please select a single row on the left'). */
  waitingFor?: string;
  rowActions?(row: Row): ReactNode;
  /** Whether a row may be edited (a request once a vehicle is assigned may not); all by default. */
  editable?(row: Row): boolean;
  toolbar?: ReactNode;
  onSelect?(rows: Row[]): void;
  selectionType?: 'checkbox' | 'radio';
  /** Width of the row actions column, for pages with several row actions. */
  actionsWidth?: number;
  pageSize?: number;
  /**
   * The list's keys in its view's address, for a page holding more than one list (`detail` gives
   * `detail.page=2`); the one list of a page needs none.
   */
  viewKey?: string;
  /** The server's schema of each filter, to read the address with (a manifest list's); the search fields' types otherwise. */
  filterShape?: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
}

/** What a list keeps in its view's address: its search fields, sortable columns, page and page size. */
function listViewSpec<Row extends { id: number }>(props: ListPageProps<Row>): ViewSpec {
  const search = props.search ?? [];
  return {
    filterKeys: search.map((f) => f.field),
    parseFilter: props.filterShape
      ? schemaFilterParser(props.filterShape)
      : fieldFilterParser(search.map((f) => ({ field: f.field, type: f.type, options: f.options }))),
    sortable: props.columns.filter((c) => c.sortable).map((c) => c.key),
    sizes: PAGE_SIZES,
    defaultSize: props.pageSize ?? 20,
    prefix: props.viewKey,
  };
}

/**
 * One way to build a list page (issue: page kit): search form, server-paged and sorted
 * table with column settings, selection, permission-aware toolbar, modal form, delete
 * with confirmation, export and import. A page is mostly its columns, fields and calls.
 */
export function ListPage<Row extends { id: number }>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const buttons = useButtons();
  // On a phone the row buttons scroll with the row: held at the right edge they took the whole width (Users: three of them).
  const mobile = useSnapshot(appState).device === 'mobile';
  const can = (action: string) => buttons.has(`${props.perm}:${action}`);
  const spec = listViewSpec(props);
  const [view, setView] = useViewState(spec);
  const { filters, page: pageNum, size: pageSize, sort: orderBy } = view;
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [prefs, setPrefs] = useTablePrefs(props.id);

  const allFilters = { ...filters, ...props.fixedFilters };
  const query = useQuery({
    queryKey: ['list', props.id, allFilters, pageNum, pageSize, orderBy],
    queryFn: () => props.api.page({ pageNum, pageSize, orderBy: orderBy.length ? orderBy : undefined, ...allFilters }),
    enabled: !props.waitingFor,
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', props.id] });
  const select = (rows: Row[]) => {
    setSelected(rows);
    props.onSelect?.(rows);
  };

  const fields = typeof props.form === 'function' ? props.form(editing ?? null) : props.form ?? [];
  const columns = useMemo(() => {
    const base = arrange(props.columns, prefs).map(({ sortable, key, ...c }) => ({
      ...c, key, dataIndex: c.dataIndex ?? key,
      sorter: sortable ? true : undefined,
      sortOrder: sortable ? (orderBy.find((o) => o.field === key)?.order === 'asc' ? 'ascend' : orderBy.find((o) => o.field === key) ? 'descend' : undefined) : undefined,
      onHeaderCell: sortable ? sortHeader(orderBy.find((o) => o.field === key)?.order) : undefined,
    }) as TableColumnProps<Row>);
    if (can('edit') && props.form || props.rowActions) {
      base.push({
        key: '__actions', title: t('kit.actions'), fixed: mobile ? undefined : 'right', width: props.actionsWidth ?? 160,
        render: (_: unknown, row: Row) => (
          <Space size={4}>
            {can('edit') && props.form && (props.editable?.(row) ?? true) && (
              <Button size="mini" type="text" icon={<IconEdit />} onClick={() => setEditing(row)} data-testid="row-edit">{t('kit.edit')}</Button>
            )}
            {props.rowActions?.(row)}
          </Space>
        ),
      });
    }
    return base;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.columns, prefs, orderBy, buttons, props.rowActions, props.editable, props.form, t, mobile]);

  const remove = () => {
    if (!selected.length) return void Message.warning(t('msg:selectToDelete'));
    Modal.confirm({
      title: t('kit.deleteTitle'),
      content: t('kit.deleteConfirm', { count: selected.length }),
      okButtonProps: { status: 'danger' },
      onOk: async () => {
        try {
          await props.api.remove(selected.map((r) => r.id));
        } catch (err) {
          // Refused (in use, out of scope): the client showed the reason; the dialog closes.
          rethrowUnlessShown(err);
          return;
        }
        Message.success(t('kit.deleted', { count: selected.length }));
        select([]);
        await refresh();
      },
    });
  };

  const editSelected = () => {
    if (selected.length !== 1) return void Message.warning(t('msg:selectOne'));
    setEditing(selected[0]);
  };

  const exportList = async () => {
    setExporting(true);
    try {
      const body = selected.length ? { ...allFilters, ids: selected.map((r) => r.id) } : allFilters;
      saveResponse(await props.api.exportFile(body), `${props.title}.xlsx`);
    } catch (err) {
      rethrowUnlessShown(err); // a refused export: shown by the client
    } finally {
      setExporting(false);
    }
  };

  const save = async (values: Record<string, unknown>) => {
    const body = props.fromForm ? props.fromForm(values, editing ?? null) : values;
    if (editing) await props.api.update(editing.id, body);
    else await props.api.create(body);
    Message.success(t('kit.saved'));
    setEditing(undefined);
    await refresh();
  };

  const data = query.data;
  const empty = props.waitingFor
    ? <Empty description={props.waitingFor} />
    : <Empty description={Object.keys(filters).length ? t('kit.noMatch') : t('kit.noData')} />;

  return (
    <div className="list-page" data-testid={`list-${props.id}`}>
      {props.search && props.search.length > 0 && (
        <SearchForm fields={props.search} values={filters} onSearch={(values) => { setView({ filters: values, page: 1 }); select([]); }} />
      )}
      <div className="list-toolbar">
        <Space wrap size={8}>
          {props.form && can('add') && <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="toolbar-add">{t('kit.add')}</Button>}
          {props.form && can('edit') && <Button icon={<IconEdit />} onClick={editSelected} data-testid="toolbar-edit">{t('kit.edit')}</Button>}
          {can('delete') && <Button status="danger" icon={<IconDelete />} onClick={remove} data-testid="toolbar-delete">{t('kit.delete')}</Button>}
          {can('import') && <Button icon={<IconUpload />} onClick={() => setImporting(true)} data-testid="toolbar-import">{t('kit.import')}</Button>}
          {can('export') && (
            <Button icon={<IconDownload />} loading={exporting} onClick={() => void exportList()} data-testid="toolbar-export">
              {selected.length ? t('kit.exportSelected', { count: selected.length }) : t('kit.export')}
            </Button>
          )}
          {props.toolbar}
        </Space>
        <Space size={8}>
          {props.viewKey !== 'detail' && <ViewsMenu />}
          <Tooltip content={t('kit.refresh')}><Button icon={<IconRefresh />} onClick={() => void refresh()} aria-label={t('kit.refresh')} /></Tooltip>
          <ColumnSettings columns={props.columns.map((c) => ({ key: c.key, title: c.title as ReactNode }))} prefs={prefs} onChange={setPrefs} />
        </Space>
      </div>
      {query.isError ? (
        <Result status="error" title={t('kit.loadFailed')} subTitle={query.error?.message}
          extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <Table<Row>
          rowKey="id"
          size={prefs.density}
          loading={query.isFetching}
          columns={columns}
          data={props.waitingFor ? [] : data?.list ?? []}
          noDataElement={empty}
          scroll={{ x: 'max-content' }}
          border={{ wrapper: true, cell: false }}
          rowSelection={{
            type: props.selectionType ?? 'checkbox',
            selectedRowKeys: selected.map((r) => r.id),
            onChange: (_keys, rows) => select(rows),
          }}
          onRow={props.selectionType === 'radio' ? (row) => ({ onClick: () => select([row]) }) : undefined}
          pagination={{
            current: pageNum, pageSize, total: data?.total ?? 0, showTotal: true, sizeCanChange: true, sizeOptions: [10, 20, 50, 100],
            onChange: (current, size) => setView({ page: size !== pageSize ? 1 : current, size }),
          }}
          onChange={(_pagination, sorter, _filters, extra) => {
            if (extra.action !== 'sort') return;
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            setView({ sort: s?.field && s.direction ? [{ field: String(s.field), order: s.direction === 'ascend' ? 'asc' : 'desc' }] : [], page: 1 });
          }}
        />
      )}
      {props.form && (
        <EntityForm
          title={editing ? `${t('kit.edit')} · ${props.title}` : `${t('kit.add')} · ${props.title}`}
          fields={fields}
          visible={editing !== undefined}
          defaults={props.defaults}
          initial={editing ? (props.toForm ? props.toForm(editing) : (editing as unknown as Record<string, unknown>)) : null}
          onCancel={() => setEditing(undefined)}
          onSubmit={save}
        />
      )}
      {can('import') && (
        <ImportDialog api={props.api as CrudApi<unknown, unknown>} title={props.title} visible={importing} onClose={() => setImporting(false)}
          onImported={(count) => { Message.success(t('kit.imported', { count })); void refresh(); }} />
      )}
    </div>
  );
}
