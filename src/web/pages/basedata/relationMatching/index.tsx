import { Button, Empty, Form, Input, Message, Modal, Select, Space, Table, Tag, Tooltip } from '@arco-design/web-react';
import { IconCheck, IconRefresh, IconSearch, IconThunderbolt } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CatalogueOptions, MatchSuggestionRow } from '@shared/api/basedata/catalogue';
import type { Page } from '@shared/api/paging';
import { rethrowUnlessShown } from '../../../api/client';
import { api } from '../../../api/http';
import { useButtons } from '../../../kit/usePermission';
import { session } from '../../../stores/session';
import { MaterialPicker } from './MaterialPicker';
import { ns } from './locale';

const PERM = 'basedata:goods';
const BASE = '/basedata/materialRelation';
const matchingApi = {
  unmatched: (body: Record<string, unknown>) => api.post<Page<MatchSuggestionRow>>(`${BASE}/unmatched`, body),
  options: () => api.post<CatalogueOptions>(`${BASE}/matchOptions`),
  match: (id: number, materialId: number) => api.post<{ id: number }>(`${BASE}/match`, { id, materialId }),
  autoMatch: (ids: number[]) => api.post<{ matched: number; skipped: number }>(`${BASE}/autoMatch`, { ids }),
};

/** Base data › Relation matching: unmatched dealer materials with a suggested factory material to accept, or one to pick. */
export default function RelationMatchingPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const canEdit = buttons.has(`${PERM}:edit`);
  const { user } = useSnapshot(session);
  const [filters, setFilters] = useState<{ keyword?: string; dealerId?: number }>({});
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState<MatchSuggestionRow | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const options = useQuery({ queryKey: ['match-options'], queryFn: matchingApi.options, staleTime: 60_000, enabled: user?.dealerId == null });
  const query = useQuery({
    queryKey: ['match', filters, pageNum, pageSize],
    queryFn: () => matchingApi.unmatched({ ...filters, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['match'] });

  // A refused match or auto-match was shown by the client and leaves the list as it was: the
  // buttons below let that go (`rethrowUnlessShown`), and nothing else.
  const accept = async (row: MatchSuggestionRow, materialId: number) => {
    await matchingApi.match(row.id, materialId);
    Message.success(t('matchedOne', { name: row.dealerMaterialCode }));
    setSelected((s) => s.filter((id) => id !== row.id));
    await refresh();
  };
  const acceptSelected = async () => {
    if (!selected.length) return void Message.warning(t('selectRows'));
    const { matched, skipped } = await matchingApi.autoMatch(selected);
    Message.success(t('autoDone', { matched, skipped }));
    setSelected([]);
    await refresh();
  };

  const columns = [
    { title: t('dealer'), dataIndex: 'dealerCode', render: (_: unknown, r: MatchSuggestionRow) => `${r.dealerCode} ${r.dealerName}` },
    { title: t('dealerMaterialCode'), dataIndex: 'dealerMaterialCode' },
    { title: t('dealerMaterialName'), dataIndex: 'dealerMaterialName' },
    {
      title: t('suggestion'), dataIndex: 'suggestion',
      render: (_: unknown, r: MatchSuggestionRow) => (r.suggestion
        ? <span data-testid="suggestion">{r.suggestion.code} <span className="muted">{r.suggestion.name}</span></span>
        : <Tag size="small" color="gray">{t('noSuggestion')}</Tag>),
    },
    {
      title: t('score'), dataIndex: 'score', width: 90,
      render: (_: unknown, r: MatchSuggestionRow) => (r.suggestion ? <Tag size="small" color={r.suggestion.score >= 16 ? 'green' : 'orange'}>{r.suggestion.score}</Tag> : '-'),
    },
    ...(canEdit ? [{
      title: t('kit.actions'), dataIndex: '__actions', fixed: 'right' as const, width: 220,
      render: (_: unknown, r: MatchSuggestionRow) => (
        <Space size={4}>
          {r.suggestion && (
            <Button size="mini" type="text" icon={<IconCheck />} data-testid="row-accept" onClick={() => { if (r.suggestion) void accept(r, r.suggestion.id).catch(rethrowUnlessShown); }}>
              {t('accept')}
            </Button>
          )}
          <Button size="mini" type="text" data-testid="row-pick" onClick={() => { setPicking(r); setPicked(r.suggestion?.id ?? null); }}>{t('pick')}</Button>
        </Space>
      ),
    }] : []),
  ];

  return (
    <div className="page">
      <div className="list-page" data-testid="list-relation-matching">
        <Form layout="inline" className="list-search" onSubmit={() => { setFilters({ ...filters, keyword: keyword || undefined }); setPageNum(1); }}>
          <Form.Item label={t('keyword')}>
            <Input value={keyword} onChange={setKeyword} allowClear placeholder={t('dealerMaterialName')} style={{ width: 220 }} />
          </Form.Item>
          {user?.dealerId == null && (
            <Form.Item label={t('dealer')}>
              <Select allowClear showSearch style={{ width: 260 }} value={filters.dealerId}
                options={(options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }))}
                onChange={(v: number | undefined) => { setFilters({ ...filters, dealerId: v }); setPageNum(1); }} />
            </Form.Item>
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>{t('kit.search')}</Button>
          </Form.Item>
        </Form>
        <div className="list-toolbar">
          <Space wrap size={8}>
            {canEdit && <Button type="primary" icon={<IconThunderbolt />} onClick={() => void acceptSelected().catch(rethrowUnlessShown)} data-testid="accept-selected">{t('acceptSelected')}</Button>}
          </Space>
          <Tooltip content={t('kit.refresh')}><Button icon={<IconRefresh />} onClick={() => void refresh()} aria-label={t('kit.refresh')} /></Tooltip>
        </div>
        <Table<MatchSuggestionRow>
          rowKey="id" loading={query.isFetching} columns={columns} data={query.data?.list ?? []} scroll={{ x: 'max-content' }}
          border={{ wrapper: true, cell: false }} noDataElement={<Empty description={t('allDone')} />}
          rowSelection={canEdit ? { type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
          pagination={{
            current: pageNum, pageSize, total: query.data?.total ?? 0, showTotal: true, sizeCanChange: true,
            onChange: (current, size) => { setPageNum(size !== pageSize ? 1 : current); setPageSize(size); },
          }}
        />
      </div>
      <Modal
        title={picking ? t('pickTitle', { name: picking.dealerMaterialName }) : ''} visible={!!picking} unmountOnExit
        onCancel={() => setPicking(null)} okButtonProps={{ disabled: !picked }} okText={t('common.confirm')} cancelText={t('common.cancel')}
        onOk={async () => { if (picking && picked) { await accept(picking, picked).catch(rethrowUnlessShown); setPicking(null); } }}
      >
        <MaterialPicker url={`${BASE}/matchMaterials`} value={picked} onChange={(v) => setPicked(v)} placeholder={t('pickHint')}
          initial={picking?.suggestion ? { id: picking.suggestion.id, code: picking.suggestion.code, name: picking.suggestion.name } : null} />
      </Modal>
    </div>
  );
}
