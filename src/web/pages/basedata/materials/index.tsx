import { Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { materialProblem, type MaterialRow } from '@shared/api/basedata/catalogue';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { ns } from './locale';

const PERM = 'basedata:material';
const materialsApi = {
  ...crudApi<MaterialRow, Record<string, unknown>>('/basedata/material'),
  options: () => api.post<{ brands: { id: number; code: string; name: string }[] }>('/basedata/material/options'),
};

/** A form rule from the shared material rules: the same words the server would answer. */
const sharedRule = (field: string, t: (key: string) => string, values: () => Record<string, unknown>) => ({
  validator: (value: unknown, callback: (error?: string) => void) => {
    const problem = materialProblem({ code: 'X', price: 0, ...values(), [field]: value as string });
    callback(problem && problem.field === field ? t(`msg:${problem.key}`) : undefined);
  },
});

/** Base data › Materials: the factory and ERP material master. */
export default function MaterialsPage() {
  const { t } = useTranslation(ns);
  const options = useQuery({ queryKey: ['material-options'], queryFn: materialsApi.options, staleTime: 60_000 });
  const brandOptions = useMemo(() => (options.data?.brands ?? []).map((b) => ({ label: b.name, value: b.id })), [options.data]);
  const sourceOptions = [{ label: t('factory'), value: 'factory' }, { label: t('erp'), value: 'erp' }];
  const statusOptions = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];
  const none = () => ({});

  const columns: Column<MaterialRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'brandName', title: t('brand'), sortable: true },
    { key: 'specification', title: t('specification'), sortable: true },
    { key: 'pattern', title: t('pattern'), sortable: true },
    { key: 'loadIndex', title: t('loadIndex') },
    { key: 'speedIndex', title: t('speedIndex') },
    { key: 'unit', title: t('unit') },
    { key: 'price', title: t('price'), sortable: true, align: 'right' },
    { key: 'source', title: t('source'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'erp' ? 'purple' : 'arcoblue'}>{t(v)}</Tag> },
    { key: 'erpCode', title: t('erpCode'), render: (v: string | null) => v ?? '-' },
    { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag> },
  ];

  const search: FieldDef[] = [
    { field: 'keyword', label: t('keyword'), placeholder: t('keywordHint') },
    { field: 'brandId', label: t('brand'), type: 'select', options: brandOptions },
    { field: 'specification', label: t('specification') },
    { field: 'pattern', label: t('pattern') },
    { field: 'source', label: t('source'), type: 'select', options: sourceOptions },
    { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions },
  ];

  const form = (row: MaterialRow | null): FieldDef[] => [
    { field: 'code', label: t('code'), maxLength: 32, lockedOnEdit: !!row, rules: [sharedRule('code', t, none)] },
    { field: 'name', label: t('name'), required: true, maxLength: 128 },
    { field: 'brandId', label: t('brand'), type: 'select', options: brandOptions, required: true },
    { field: 'specification', label: t('specification'), required: true, maxLength: 64, placeholder: t('specHint'), rules: [sharedRule('specification', t, none)] },
    { field: 'pattern', label: t('pattern'), required: true, maxLength: 64 },
    { field: 'loadIndex', label: t('loadIndex'), required: true, maxLength: 16, rules: [sharedRule('loadIndex', t, none)] },
    { field: 'speedIndex', label: t('speedIndex'), required: true, maxLength: 4, rules: [sharedRule('speedIndex', t, none)] },
    { field: 'unit', label: t('unit'), maxLength: 8, placeholder: '条' },
    { field: 'price', label: t('price'), type: 'number', min: 0, required: true, rules: [sharedRule('price', t, none)] },
    { field: 'source', label: t('source'), type: 'select', options: sourceOptions, placeholder: t('factory') },
    { field: 'erpCode', label: t('erpCode'), maxLength: 32 },
    { field: 'status', label: t('kit.status'), type: 'select', options: statusOptions, placeholder: t('kit.normal') },
  ];

  return (
    <div className="page">
      <ListPage<MaterialRow>
        id="materials" title={t('title')} perm={PERM} api={materialsApi} columns={columns} search={search} form={form}
        toForm={(row) => ({ ...row, price: Number(row.price), erpCode: row.erpCode ?? '' })}
        fromForm={(values, row) => ({
          code: row ? row.code : values.code ?? '', name: values.name, brandId: values.brandId, specification: values.specification,
          pattern: values.pattern, loadIndex: values.loadIndex, speedIndex: values.speedIndex, unit: values.unit ?? '条',
          price: values.price ?? null, source: values.source ?? 'factory', erpCode: values.erpCode ?? '', status: values.status ?? 'normal',
        })}
      />
    </div>
  );
}
