import { Button, Empty, Input, Message, Popconfirm, Result, Space, Table, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconExpand, IconPlus, IconRefresh, IconSearch, IconShrink } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHILD_TYPE, PARENT_TYPE, PATH_SEGMENT_PATTERN, PERM_PATTERN, SECTION_PATH_PATTERN,
} from '@shared/api/resource';
import { RESOURCE_TYPES, type EditorNode, type ResourceType } from '@shared/menu';
import { Perm, buttonPerm } from '@shared/permissions';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import { EntityForm } from '../../../kit/list/EntityForm';
import type { FieldDef } from '../../../kit/list/fields';
import { useButtons } from '../../../kit/usePermission';
import { ICON_NAMES, MenuIcon } from '../../../layout/MenuIcon';
import { ns } from './locale';
import './resources.css';
import { errorMessage, getOrThrow, must } from '@shared/must';

const resourceApi = {
  tree: () => api.post<EditorNode[]>('/sys/resource/tree'),
  create: (body: Record<string, unknown>) => api.post<{ id: number }>('/sys/resource/save', body),
  update: (id: number, body: Record<string, unknown>) => api.post<{ id: number }>('/sys/resource/update', { ...body, id }),
  remove: (id: number) => api.post<{ deleted: number }>('/sys/resource/delete', { ids: [id] }),
};
const TREE_KEY = ['resources', 'tree'];
const TYPE_COLOR: Record<ResourceType, string> = { section: 'arcoblue', group: 'cyan', page: 'green', button: 'orange' };

/** A table row: the node with its children left out when it has none, so leaves show no expand icon. */
type Row = Omit<EditorNode, 'children'> & { children?: Row[] };

/** The nodes matching a keyword, with their ancestors so the match stays in place in the tree. */
function filterTree(nodes: EditorNode[], keyword: string): Row[] {
  const k = keyword.trim().toLowerCase();
  const walk = (list: EditorNode[]): Row[] => list.flatMap((n) => {
    const children = walk(n.children);
    const hit = !k || [n.label, n.labelEn, n.path, n.perm].some((v) => v.toLowerCase().includes(k));
    if (!hit && !children.length) return [];
    return [{ ...n, children: children.length ? children : undefined }];
  });
  return walk(nodes);
}

function flatten(nodes: EditorNode[], into: EditorNode[] = []): EditorNode[] {
  for (const n of nodes) {
    into.push(n);
    flatten(n.children, into);
  }
  return into;
}

/** Ids of the rows that have children: a search shows its matches opened up. */
const parentsIn = (rows: Row[]): number[] => rows.flatMap((r) => (r.children ? [r.id, ...parentsIn(r.children)] : []));

/** What the form is open for: a node to change, or a new node under a parent (null: a section). */
type Editing = { row: EditorNode } | { parent: EditorNode | null };

/** System › Resources: the menu and button tree every role's grants are made of. */
export default function ResourcesPage() {
  const { t, i18n } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const can = (action: string) => buttons.has(buttonPerm(Perm.resources, action));
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<(string | number)[] | null>(null);
  const [editing, setEditing] = useState<Editing | undefined>();
  const query = useQuery({ queryKey: TREE_KEY, queryFn: resourceApi.tree });
  const refresh = () => queryClient.invalidateQueries({ queryKey: TREE_KEY });

  const all = useMemo(() => flatten(query.data ?? []), [query.data]);
  const byId = useMemo(() => new Map(all.map((n) => [n.id, n])), [all]);
  const rows = useMemo(() => filterTree(query.data ?? [], keyword), [query.data, keyword]);
  // Sections start open; a search opens everything it matched.
  const expandedKeys = keyword.trim() ? parentsIn(rows) : expanded ?? (query.data ?? []).map((n) => n.id);
  const english = i18n.language === 'en-US';
  const labelOf = (n: Pick<EditorNode, 'label' | 'labelEn'>) => (english ? n.labelEn : n.label);
  const typeTag = (type: ResourceType) => <Tag size="small" color={TYPE_COLOR[type]}>{t(`type_${type}`)}</Tag>;

  /** "System / Permissions / Users": where a possible parent sits. */
  const trail = (node: EditorNode): string => {
    const parent = node.parentId != null ? byId.get(node.parentId) : undefined;
    return parent ? `${trail(parent)} / ${labelOf(node)}` : labelOf(node);
  };

  const remove = async (node: EditorNode) => {
    try {
      await resourceApi.remove(node.id);
      Message.success(t('deleted'));
      await refresh();
    } catch (err) {
      rethrowUnlessShown(err); // the client showed why.
    }
  };

  const columns: TableColumnProps<Row>[] = [
    {
      key: 'label', title: t('name'), dataIndex: 'label', width: 280,
      render: (_: unknown, row) => (
        <span className="resources__label">
          {labelOf(row)}
          {row.builtIn && <Tag size="small" bordered style={{ marginLeft: 6 }}>{t('builtIn')}</Tag>}
        </span>
      ),
    },
    { key: 'type', title: t('type'), dataIndex: 'type', width: 90, render: (v: ResourceType) => typeTag(v) },
    { key: 'path', title: t('path'), dataIndex: 'path', render: (v: string) => v || '-' },
    {
      key: 'icon', title: t('icon'), dataIndex: 'icon', width: 150,
      render: (v: string | null, row) => (row.type === 'button' ? '-' : <Space size={6}><MenuIcon name={v} /><span className="resources__muted">{v ?? '-'}</span></Space>),
    },
    { key: 'orderNum', title: t('orderNum'), dataIndex: 'orderNum', width: 80 },
    {
      key: 'hidden', title: t('hidden'), dataIndex: 'hidden', width: 80,
      render: (v: boolean) => <Tag size="small" color={v ? 'orangered' : 'gray'}>{v ? t('kit.yes') : t('kit.no')}</Tag>,
    },
    { key: 'perm', title: t('perm'), dataIndex: 'perm', render: (v: string) => <code className="resources__code">{v}</code> },
  ];
  if (can('add') || can('edit') || can('delete')) {
    columns.push({
      key: '__actions', title: t('kit.actions'), fixed: 'right', width: 230,
      render: (_: unknown, row) => {
        const node = getOrThrow(byId, row.id, 'resource node');
        const reason = node.builtIn ? t('reasonBuiltIn') : node.children.length ? t('reasonChildren') : null;
        return (
          <Space size={2}>
            {can('add') && CHILD_TYPE[node.type] && (
              <Button size="mini" type="text" icon={<IconPlus />} onClick={() => setEditing({ parent: node })} data-testid="resource-add-child">{t('addChild')}</Button>
            )}
            {can('edit') && (
              <Button size="mini" type="text" icon={<IconEdit />} onClick={() => setEditing({ row: node })} data-testid="resource-edit">{t('kit.edit')}</Button>
            )}
            {can('delete') && (reason ? (
              <Tooltip content={reason}>
                <Button size="mini" type="text" status="danger" icon={<IconDelete />} disabled>{t('kit.delete')}</Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('deleteTitle')} content={t('deleteConfirm', { name: labelOf(node) })} okButtonProps={{ status: 'danger' }}
                onOk={() => remove(node)}
              >
                <Button size="mini" type="text" status="danger" icon={<IconDelete />} data-testid="resource-delete">{t('kit.delete')}</Button>
              </Popconfirm>
            ))}
          </Space>
        );
      },
    });
  }

  // The form: its type follows from where the node goes; a built-in node keeps type, parent, path and code.
  const current = editing && 'row' in editing ? editing.row : null;
  const type: ResourceType = current ? current.type : editing && 'parent' in editing && editing.parent ? must(CHILD_TYPE[editing.parent.type], `the type of a node under a ${editing.parent.type}`) : 'section';
  const locked = current?.builtIn ?? false;
  const parentType = PARENT_TYPE[type];
  const parentOptions = parentType ? all.filter((n) => n.type === parentType).map((n) => ({ value: n.id, label: trail(n) })) : [];
  const fields: FieldDef[] = [
    { field: 'type', label: t('type'), type: 'select', required: true, lockedOnEdit: true, options: RESOURCE_TYPES.map((v) => ({ value: v, label: t(`type_${v}`) })) },
    ...(parentType ? [{ field: 'parentId', label: t('parent'), type: 'select', required: true, lockedOnEdit: !current || locked, options: parentOptions } satisfies FieldDef] : []),
    { field: 'label', label: t('label'), required: true, maxLength: 64 },
    { field: 'labelEn', label: t('labelEn'), required: true, maxLength: 64 },
    ...(type !== 'button' ? [{
      field: 'path', label: t('path'), required: true, maxLength: 128, lockedOnEdit: locked,
      rules: [type === 'section' ? { match: SECTION_PATH_PATTERN, message: t('sectionPathRule') } : { match: PATH_SEGMENT_PATTERN, message: t('segmentPathRule') }],
    } satisfies FieldDef] : []),
    {
      field: 'perm', label: t('perm'), required: true, maxLength: 96, lockedOnEdit: locked,
      rules: [{ match: PERM_PATTERN, message: t('permRule') }], extra: locked ? t('lockedHint') : undefined,
    },
    ...(type !== 'button' ? [{
      field: 'icon', label: t('icon'), type: 'select', options: ICON_NAMES.map((name) => ({
        value: name, label: <span className="resources__icon-option"><MenuIcon name={name} /> {name}</span>,
      })),
    } satisfies FieldDef] : []),
    { field: 'orderNum', label: t('orderNum'), type: 'number', min: 0, max: 9999 },
    ...(type === 'section' || type === 'group'
      ? [{ field: 'redirectPath', label: t('redirectPath'), maxLength: 256, rules: [{ match: /^\//, message: t('redirectRule') }] } satisfies FieldDef]
      : []),
    ...(type !== 'button' ? [{ field: 'hidden', label: t('hidden'), type: 'switch' } satisfies FieldDef] : []),
    ...(type === 'page' ? [
      { field: 'noCache', label: t('noCache'), type: 'switch' } satisfies FieldDef,
      { field: 'affix', label: t('affix'), type: 'switch' } satisfies FieldDef,
    ] : []),
  ];

  // A new node's form opens filled in: its type, its parent, the next order and its parent's code as a prefix.
  const initial = useMemo((): Record<string, unknown> | null => {
    if (!editing) return null;
    if ('row' in editing) {
      const { children: _children, builtIn: _builtIn, ...values } = editing.row;
      return values;
    }
    const parent = editing.parent;
    const siblings = parent ? parent.children : query.data ?? [];
    let section: EditorNode | undefined = parent ?? undefined;
    while (section?.parentId != null) section = byId.get(section.parentId);
    // Codes follow src/shared/permissions.ts: `<section>:<page>` for groups and pages, `<page code>:<action>` for buttons.
    const permPrefix = !parent ? '' : parent.type === 'page' ? `${parent.perm}:` : `${section?.perm ?? parent.perm}:`;
    return {
      type: parent ? CHILD_TYPE[parent.type] : 'section', parentId: parent?.id, perm: permPrefix, path: parent ? '' : '/',
      orderNum: Math.max(0, ...siblings.map((s) => s.orderNum)) + 1, hidden: false, noCache: false, affix: false,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const save = async (values: Record<string, unknown>) => {
    const body = { ...values, type, parentId: parentType ? values.parentId ?? initial?.parentId : null, path: type === 'button' ? '' : values.path };
    if (current) await resourceApi.update(current.id, body);
    else await resourceApi.create(body);
    Message.success(t('saved'));
    setEditing(undefined);
    await refresh();
  };

  const formTitle = current
    ? `${t('kit.edit')} · ${labelOf(current)}`
    : editing && 'parent' in editing && editing.parent ? `${t('addChild')} · ${labelOf(editing.parent)}` : t('addSection');

  return (
    <div className="page">
      <div className="page-card" data-testid="resources-page">
        <div className="list-toolbar" style={{ marginBottom: 12 }}>
          <Space wrap size={8}>
            {can('add') && <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ parent: null })} data-testid="resource-add-section">{t('addSection')}</Button>}
            <Button icon={<IconExpand />} onClick={() => setExpanded(all.filter((n) => n.children.length).map((n) => n.id))}>{t('expandAll')}</Button>
            <Button icon={<IconShrink />} onClick={() => setExpanded([])}>{t('collapseAll')}</Button>
            <span className="resources__muted">{t('nodes', { count: all.length })}</span>
          </Space>
          <Space size={8}>
            <Input
              allowClear prefix={<IconSearch />} placeholder={t('keyword')} value={keyword} onChange={setKeyword} style={{ width: 240 }}
              data-testid="resource-search"
            />
            <Tooltip content={t('kit.refresh')}><Button icon={<IconRefresh />} onClick={() => void refresh()} aria-label={t('kit.refresh')} /></Tooltip>
          </Space>
        </div>
        {query.isError ? (
          <Result status="error" title={t('kit.loadFailed')} subTitle={errorMessage(query.error)}
            extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>} />
        ) : (
          <Table<Row>
            rowKey="id" size="small" loading={query.isFetching} columns={columns} data={rows} pagination={false}
            scroll={{ x: 'max-content' }} border={{ wrapper: true, cell: false }} indentSize={18}
            expandedRowKeys={expandedKeys}
            onExpand={(row, open) => setExpanded(open ? [...expandedKeys, row.id] : expandedKeys.filter((k) => k !== row.id))}
            noDataElement={<Empty description={keyword ? t('noMatch') : t('kit.noData')} />}
          />
        )}
      </div>
      <EntityForm
        title={formTitle} fields={fields} visible={editing !== undefined} initial={initial}
        onCancel={() => setEditing(undefined)} onSubmit={save}
      />
    </div>
  );
}
