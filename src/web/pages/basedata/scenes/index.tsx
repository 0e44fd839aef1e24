import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DevicesPerm, type SceneRow } from '@shared/api/basedata/devices';
import { crudApi } from '../../../api/crud';
import { DictLabel } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { ns } from './locale';

const scenesApi = crudApi<SceneRow, Record<string, unknown>>('/basedata/scene');

/** Base data › Scenes (scenceConfig): how each order type is scanned and whether it posts to the ERP. */
export default function ScenesPage() {
  const { t } = useTranslation(ns);
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];
  const yesNo = (v: boolean) => <Tag size="small" color={v ? 'arcoblue' : 'gray'}>{t(v ? 'kit.yes' : 'kit.no')}</Tag>;

  const columns: Column<SceneRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'orderType', title: t('orderType'), sortable: true, render: (v: string) => <span>{v} · <DictLabel type="order_type" value={v} /></span> },
    { key: 'scanRequired', title: t('scanRequired'), render: (v: boolean) => yesNo(v) },
    { key: 'postToErp', title: t('postToErp'), render: (v: boolean) => yesNo(v) },
    { key: 'remark', title: t('remark'), ellipsis: true, render: (v: string | null) => v ?? '-' },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<SceneRow>
          id="basedata-scenes" title={t('title')} perm={DevicesPerm.scene} api={scenesApi} columns={columns}
          search={[
            { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
            { field: 'orderType', label: t('orderType'), type: 'dict', dictType: 'order_type' },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={[
            { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32, lockedOnEdit: true },
            { field: 'name', label: t('name'), required: true, maxLength: 64 },
            { field: 'orderType', label: t('orderType'), type: 'dict', dictType: 'order_type', required: true },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions, required: true },
            { field: 'scanRequired', label: t('scanRequired'), type: 'switch' },
            { field: 'postToErp', label: t('postToErp'), type: 'switch' },
            { field: 'remark', label: t('remark'), type: 'textarea', maxLength: 256, wide: true },
          ]}
          toForm={(r) => ({ ...r, remark: r.remark ?? '' })}
          fromForm={(v) => ({
            code: v.code, name: v.name, orderType: v.orderType, status: v.status ?? 'normal',
            scanRequired: Boolean(v.scanRequired), postToErp: Boolean(v.postToErp), remark: v.remark ?? '',
          })}
        />
      </div>
    </div>
  );
}
