import { Button, Message, Modal, Popconfirm, Tag } from '@arco-design/web-react';
import { IconCheckCircle, IconLock } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DevicesPerm, PDA_STATUS, SERIAL_PATTERN, type PdaRow } from '@shared/api/basedata/devices';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import { DictLabel } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useButtons } from '../../../kit/usePermission';
import { session } from '../../../stores/session';
import { stamp, useDeviceOptions } from '../devicesShared';
import { ns } from './locale';

const LIST_ID = 'basedata-pda';
const pdaApi = {
  ...crudApi<PdaRow, Record<string, unknown>>('/basedata/pda'),
  activate: (ids: number[]) => api.post<{ changed: number }>('/basedata/pda/activate', { ids }),
  freeze: (ids: number[]) => api.post<{ changed: number }>('/basedata/pda/freeze', { ids }),
};
const STATUS_COLOR: Record<string, string> = { [PDA_STATUS.inactive]: 'gray', [PDA_STATUS.active]: 'green', [PDA_STATUS.frozen]: 'red' };
const canActivate = (r: PdaRow) => r.status === PDA_STATUS.inactive || r.status === PDA_STATUS.frozen;
const canFreeze = (r: PdaRow) => r.status === PDA_STATUS.active;

/** Base data › PDA devices: handhelds registered to a dealer's warehouse, activated and frozen (dictionary pda_status). */
export default function PdaDevicesPage() {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const buttons = useButtons();
  const { user } = useSnapshot(session);
  const options = useDeviceOptions('/basedata/pda');
  const [selected, setSelected] = useState<PdaRow[]>([]);
  const dealerUser = user?.dealerId != null;
  const canEdit = buttons.has(`${DevicesPerm.pda}:edit`);

  const dealerOptions = (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }));
  const dealerCode = new Map((options.data?.dealers ?? []).map((d) => [d.id, d.code]));
  const warehouseOptions = (options.data?.warehouses ?? []).filter((w) => w.dealerId != null || !dealerUser)
    .map((w) => ({ label: `${w.dealerId ? `${dealerCode.get(w.dealerId) ?? ''} · ` : ''}${w.code} ${w.name}`, value: w.id }));

  const move = async (action: 'activate' | 'freeze', rows: PdaRow[]) => {
    const ids = rows.map((r) => r.id);
    await pdaApi[action](ids);
    Message.success(t(action === 'activate' ? 'activated' : 'frozen', { count: ids.length }));
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: ['list', LIST_ID] });
  };
  const bulk = (action: 'activate' | 'freeze') => {
    const rows = selected.filter(action === 'activate' ? canActivate : canFreeze);
    if (!rows.length || rows.length !== selected.length) return void Message.warning(t(action === 'activate' ? 'selectActivatable' : 'selectFreezable'));
    Modal.confirm({
      title: t(action), content: t(action === 'activate' ? 'activateConfirm' : 'freezeConfirm', { count: rows.length }),
      okButtonProps: action === 'freeze' ? { status: 'danger' } : undefined,
      onOk: () => move(action, rows).catch(() => undefined),
    });
  };

  const columns: Column<PdaRow>[] = [
    { key: 'serialNo', title: t('serialNo'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'model', title: t('model'), render: (v: string | null) => v ?? '-' },
    {
      key: 'status', title: t('kit.status'), sortable: true,
      render: (v: string) => <Tag size="small" color={STATUS_COLOR[v]}><DictLabel type="pda_status" value={v} /></Tag>,
    },
    { key: 'dealerName', title: t('dealer'), sortable: true, render: (_: unknown, r: PdaRow) => (r.dealerId ? `${r.dealerCode} ${r.dealerName}` : '-') },
    { key: 'warehouseName', title: t('warehouse'), render: (_: unknown, r: PdaRow) => (r.warehouseId ? `${r.warehouseCode} ${r.warehouseName}` : '-') },
    { key: 'activatedAt', title: t('activatedAt'), sortable: true, render: (v: string | null) => stamp(v) },
    { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];

  const rowActions = canEdit ? (row: PdaRow) => [
    canActivate(row) ? (
      <Popconfirm key="activate" title={t('activate')} content={t('activateConfirm', { count: 1 })} onOk={() => move('activate', [row]).catch(() => undefined)}>
        <Button size="mini" type="text" status="success" icon={<IconCheckCircle />} data-testid="row-activate">{t('activate')}</Button>
      </Popconfirm>
    ) : (
      <Popconfirm key="freeze" title={t('freeze')} content={t('freezeConfirm', { count: 1 })} okButtonProps={{ status: 'danger' }}
        onOk={() => move('freeze', [row]).catch(() => undefined)}>
        <Button size="mini" type="text" status="warning" icon={<IconLock />} data-testid="row-freeze">{t('freeze')}</Button>
      </Popconfirm>
    ),
  ] : undefined;

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<PdaRow>
          id={LIST_ID} title={t('title')} perm={DevicesPerm.pda} api={pdaApi} columns={columns} actionsWidth={190}
          onSelect={setSelected} rowActions={rowActions}
          toolbar={canEdit ? (
            <>
              <Button icon={<IconCheckCircle />} onClick={() => bulk('activate')} data-testid="toolbar-activate">{t('activate')}</Button>
              <Button icon={<IconLock />} onClick={() => bulk('freeze')} data-testid="toolbar-freeze">{t('freeze')}</Button>
            </>
          ) : undefined}
          search={[
            { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
            { field: 'status', label: t('kit.status'), type: 'dict', dictType: 'pda_status' },
            ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: dealerOptions }]),
          ]}
          form={[
            { field: 'serialNo', label: t('serialNo'), required: true, maxLength: 64, lockedOnEdit: true, rules: [{ match: SERIAL_PATTERN, message: t('msg:invalidValue') }] },
            { field: 'name', label: t('name'), required: true, maxLength: 64 },
            { field: 'model', label: t('model'), maxLength: 64 },
            ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: dealerOptions }]),
            { field: 'warehouseId', label: t('warehouse'), type: 'select', options: warehouseOptions, extra: t('warehouseHint'), wide: true },
          ]}
          toForm={(r) => ({ serialNo: r.serialNo, name: r.name, model: r.model ?? '', dealerId: r.dealerId ?? undefined, warehouseId: r.warehouseId ?? undefined })}
          fromForm={(v) => ({ serialNo: v.serialNo, name: v.name, model: v.model ?? '', dealerId: v.dealerId ?? null, warehouseId: v.warehouseId ?? null })}
        />
      </div>
    </div>
  );
}
