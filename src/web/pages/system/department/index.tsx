import { Button, Empty, Message, Modal, Result, Space, Table, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepartmentNode } from '@shared/api/department';
import { Perm, buttonPerm } from '@shared/permissions';
import { rethrowUnlessShown } from '../../../api/client';
import { api, exportHttp } from '../../../api/http';
import { saveResponse } from '../../../kit/download';
import { EntityForm } from '../../../kit/list/EntityForm';
import type { FieldDef, TreeOption } from '../../../kit/list/fields';
import { useButtons } from '../../../kit/usePermission';
import { ns } from './locale';
import { errorMessage } from '@shared/must';

type Row = Omit<DepartmentNode, 'children'> & { children?: Row[] };

/** Table rows: a department without sub-departments has no children array, so it shows no expand icon. */
const toRows = (nodes: DepartmentNode[]): Row[] =>
  nodes.map(({ children, ...n }) => ({ ...n, children: children.length ? toRows(children) : undefined }));
const allIds = (nodes: DepartmentNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);
/** Parent choices: the tree without the department being edited and everything below it (it cannot move there). */
const parentOptions = (nodes: DepartmentNode[], excludeId?: number): TreeOption[] =>
  nodes.filter((n) => n.id !== excludeId).map((n) => ({
    key: String(n.id), title: n.name, children: n.children.length ? parentOptions(n.children, excludeId) : undefined,
  }));

interface Editing { node: DepartmentNode | null; initial: Record<string, unknown>; title: string }

/** System › Departments: the organisation tree with user counts; add, edit, move and delete departments. */
export default function DepartmentPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const can = (action: string) => buttons.has(buttonPerm(Perm.department, action));
  const [expanded, setExpanded] = useState<(string | number)[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = useQuery({ queryKey: ['departments'], queryFn: () => api.post<DepartmentNode[]>('/sys/dept/tree', {}) });
  const tree = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(() => toRows(tree), [tree]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['departments'] });
  const findNode = (id: number, nodes = tree): DepartmentNode | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const hit = findNode(id, n.children);
      if (hit) return hit;
    }
    return undefined;
  };

  const add = (parent: Row | null) => setEditing({
    node: null, initial: { parentId: parent ? String(parent.id) : undefined, orderNum: 0 },
    title: parent ? t('addChildTitle', { name: parent.name }) : t('addTitle'),
  });
  const edit = (row: Row) => setEditing({
    node: findNode(row.id) ?? null,
    initial: { parentId: row.parentId != null ? String(row.parentId) : undefined, name: row.name, orderNum: row.orderNum },
    title: t('editTitle', { name: row.name }),
  });
  const remove = (row: Row) => Modal.confirm({
    title: t('kit.deleteTitle'),
    content: t('deleteConfirm', { name: row.name }),
    okButtonProps: { status: 'danger' },
    onOk: async () => {
      await api.post('/sys/dept/delete', { ids: [row.id] });
      Message.success(t('deleted'));
      await refresh();
    },
  });
  const save = async (values: Record<string, unknown>) => {
    const body = {
      parentId: values.parentId ? Number(values.parentId) : null,
      name: values.name,
      orderNum: typeof values.orderNum === 'number' ? values.orderNum : 0,
    };
    if (editing?.node) await api.post('/sys/dept/update', { ...body, id: editing.node.id });
    else await api.post('/sys/dept/save', body);
    Message.success(t('kit.saved'));
    setEditing(null);
    await refresh();
  };
  const exportTree = async () => {
    setExporting(true);
    try {
      saveResponse(await exportHttp.post<Blob>('/sys/dept/export', {}), `${t('title')}.xlsx`);
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why.
    } finally {
      setExporting(false);
    }
  };

  const fields: FieldDef[] = [
    { field: 'parentId', label: t('parent'), type: 'treeSelect', treeData: parentOptions(tree, editing?.node?.id), placeholder: t('topLevel'), wide: true },
    { field: 'name', label: t('name'), required: true, maxLength: 64 },
    { field: 'orderNum', label: t('orderNum'), type: 'number', min: 0, max: 9999 },
  ];

  const columns: TableColumnProps<Row>[] = [
    { key: 'name', dataIndex: 'name', title: t('name') },
    { key: 'userCount', dataIndex: 'userCount', title: t('userCount'), width: 130 },
    { key: 'totalUserCount', dataIndex: 'totalUserCount', title: t('totalUserCount'), width: 190 },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('orderNum'), width: 90 },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('createdAt'), width: 180, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
  ];
  if (can('add') || can('edit') || can('delete')) {
    columns.push({
      key: '__actions', title: t('kit.actions'), fixed: 'right', width: 270,
      render: (_: unknown, row: Row) => {
        const blocked = row.children?.length ? t('hasChildren') : row.userCount ? t('hasUsers') : '';
        return (
          <Space size={4}>
            {can('add') && <Button size="mini" type="text" icon={<IconPlus />} onClick={() => add(row)} data-testid="dept-add-child">{t('addChild')}</Button>}
            {can('edit') && <Button size="mini" type="text" icon={<IconEdit />} onClick={() => edit(row)} data-testid="dept-edit">{t('kit.edit')}</Button>}
            {can('delete') && (
              <Tooltip content={blocked} disabled={!blocked}>
                <Button size="mini" type="text" status="danger" icon={<IconDelete />} disabled={!!blocked} onClick={() => remove(row)} data-testid="dept-delete">
                  {t('kit.delete')}
                </Button>
              </Tooltip>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <div className="page">
      <div className="page-card" data-testid="department-page">
        <div className="list-page">
          <div className="list-toolbar">
            <Space wrap size={8}>
              {can('add') && <Button type="primary" icon={<IconPlus />} onClick={() => add(null)} data-testid="dept-add">{t('addRoot')}</Button>}
              <Button onClick={() => setExpanded(allIds(tree))}>{t('expandAll')}</Button>
              <Button onClick={() => setExpanded([])}>{t('collapseAll')}</Button>
              {can('export') && <Button icon={<IconDownload />} loading={exporting} onClick={() => void exportTree()}>{t('kit.export')}</Button>}
            </Space>
            <Tooltip content={t('kit.refresh')}><Button icon={<IconRefresh />} onClick={() => void refresh()} aria-label={t('kit.refresh')} /></Tooltip>
          </div>
          {query.isError ? (
            <Result status="error" title={t('loadFailed')} subTitle={errorMessage(query.error)}
              extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>} />
          ) : (
            <Table<Row>
              rowKey="id" size="small" loading={query.isFetching} columns={columns} data={rows} pagination={false}
              border={{ wrapper: true, cell: false }} scroll={{ x: 'max-content' }} noDataElement={<Empty description={t('empty')} />}
              expandedRowKeys={expanded ?? allIds(tree)} onExpandedRowsChange={(keys) => setExpanded(keys)}
            />
          )}
        </div>
      </div>
      <EntityForm
        title={editing?.title ?? ''} fields={fields} visible={!!editing} initial={editing?.initial ?? null}
        onCancel={() => setEditing(null)} onSubmit={save}
      />
    </div>
  );
}
