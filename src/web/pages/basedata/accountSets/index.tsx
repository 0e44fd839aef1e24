import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DevicesPerm, type AccountSetRow } from '@shared/api/basedata/devices';
import { crudApi } from '../../../api/crud';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { stamp, useDeviceOptions } from '../devicesShared';
import { ns } from './locale';

const setsApi = crudApi<AccountSetRow, Record<string, unknown>>('/basedata/accountSet');

/** Base data › Account sets: the accounting sets orders post to, with their ERP company code. */
export default function AccountSetsPage() {
  const { t } = useTranslation(ns);
  const options = useDeviceOptions('/basedata/accountSet');
  const dealerOptions = (options.data?.dealers ?? []).map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }));
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];

  const columns: Column<AccountSetRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    {
      key: 'dealerName', title: t('dealer'), sortable: true,
      render: (_: unknown, r: AccountSetRow) => (r.dealerId ? `${r.dealerCode} ${r.dealerName}` : <Tag size="small" color="arcoblue">{t('shared')}</Tag>),
    },
    { key: 'erpCompanyCode', title: t('erpCompanyCode'), render: (v: string | null) => v ?? '-' },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
    { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<AccountSetRow>
          id="basedata-account-sets" title={t('title')} perm={DevicesPerm.accountSet} api={setsApi} columns={columns}
          search={[
            { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
            { field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
          ]}
          form={[
            { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32, lockedOnEdit: true },
            { field: 'name', label: t('name'), required: true, maxLength: 64 },
            { field: 'dealerId', label: t('dealer'), type: 'select', options: dealerOptions },
            { field: 'erpCompanyCode', label: t('erpCompanyCode'), maxLength: 32 },
            { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions, required: true },
          ]}
          toForm={(r) => ({ code: r.code, name: r.name, dealerId: r.dealerId ?? undefined, erpCompanyCode: r.erpCompanyCode ?? '', status: r.status })}
          fromForm={(v) => ({ ...v, dealerId: v.dealerId ?? null, erpCompanyCode: v.erpCompanyCode ?? '', status: v.status ?? 'normal' })}
        />
      </div>
    </div>
  );
}
