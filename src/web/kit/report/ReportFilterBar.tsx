import { Button, DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DOT_AGE_GROUPS, NO_DOT } from '@shared/analytics/ageGroups';
import { DATE_DIMENSIONS } from '@shared/analytics/domain';
import type { AnalyticsFilters, FilterKey } from '@shared/analytics/filters';
import { AGE_COLUMNS } from '@shared/analytics/reports/analysis';
import type { Language } from '@shared/i18n/languages';
import { appState } from '../../stores/app';
import { session } from '../../stores/session';
import { ns } from './locale';
import { labelColumn } from '../list/labelWidth';
import { cleanFilters } from './reportFilters';
import { filterOptions } from './reportApi';

type Values = Partial<AnalyticsFilters>;
type FormValues = Omit<Values, 'dateFrom' | 'dateTo'> & { dateRange?: string[] };

const toForm = ({ dateFrom, dateTo, ...rest }: Values): FormValues => ({ ...rest, dateRange: dateFrom && dateTo ? [dateFrom, dateTo] : undefined });
const fromForm = ({ dateRange, ...rest }: FormValues): Values =>
  cleanFilters({ ...rest, dateFrom: dateRange?.[0], dateTo: dateRange?.[1] });

/**
 * The filter bar of a report, built from the filters its definition names. Dealers are
 * offered to staff only (a dealer user's scope is its own dealer); options come from the
 * server within the caller's scope. On a phone it shows one filter until expanded.
 */
export function ReportFilterBar({ keys, initial, onSearch, keywordHint }: { keys: FilterKey[]; initial: Values; onSearch(values: Values): void; keywordHint?: string }) {
  const { t, i18n } = useTranslation(ns);
  const lang = i18n.language as Language;
  const [form] = Form.useForm<FormValues>();
  const { device } = useSnapshot(appState);
  const { user } = useSnapshot(session);
  const [expanded, setExpanded] = useState(false);
  const [dealerId, setDealerId] = useState(initial.dealerId);
  const needsOptions = keys.some((k) => ['dealer', 'warehouse', 'region', 'brand', 'specification', 'pattern'].includes(k));
  const options = useQuery({ queryKey: ['report-filter-options'], queryFn: filterOptions, staleTime: 300_000, enabled: needsOptions });
  const o = options.data;
  const select = (list: { label: string; value: string | number }[] | undefined) => (
    <Select allowClear showSearch options={list ?? []} loading={options.isLoading}
      filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())} />
  );

  const items: { key: FilterKey; field: string; label: string; control: ReactNode }[] = [];
  for (const key of keys) {
    if (key === 'dateRange') items.push({ key, field: 'dateRange', label: t('dateRange'), control: <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY-MM-DD" /> });
    if (key === 'dimension') items.push({ key, field: 'dimension', label: t('dimension'), control: <Select options={DATE_DIMENSIONS.map((d) => ({ label: t(d), value: d }))} /> });
    if (key === 'dealer' && user?.dealerId == null) {
      items.push({ key, field: 'dealerId', label: t('dealer'), control: select(o?.dealers.map((d) => ({ label: `${d.code} ${d.name}`, value: d.id }))) });
    }
    if (key === 'warehouse') {
      const list = o?.warehouses.filter((w) => !dealerId || w.dealerId === dealerId);
      items.push({ key, field: 'warehouseId', label: t('warehouse'), control: select(list?.map((w) => ({ label: `${w.code} ${w.name}`, value: w.id }))) });
    }
    if (key === 'brand') items.push({ key, field: 'brandId', label: t('brand'), control: select(o?.brands.map((b) => ({ label: b.name, value: b.id }))) });
    if (key === 'specification') items.push({ key, field: 'specification', label: t('specification'), control: select(o?.specifications.map((s) => ({ label: s, value: s }))) });
    if (key === 'pattern') items.push({ key, field: 'pattern', label: t('pattern'), control: select(o?.patterns.map((p) => ({ label: p, value: p }))) });
    if (key === 'keyword') items.push({ key, field: 'keyword', label: t('keyword'), control: <Input allowClear maxLength={64} placeholder={keywordHint ?? t('keywordHint')} /> });
    // Filters a dashboard's element drills with: a region × brand cell, a stock-age bucket, a DOT age group.
    if (key === 'region') items.push({ key, field: 'regionId', label: t('region'), control: select(o?.regions.map((r) => ({ label: r.name, value: r.id }))) });
    if (key === 'stockAge') {
      items.push({ key, field: 'stockAge', label: t('stockAge'), control: <Select allowClear options={AGE_COLUMNS.map((a) => ({ label: a.title[lang], value: a.bucket }))} /> });
    }
    if (key === 'dotAge') {
      items.push({ key, field: 'dotAge', label: t('dotAge'), control: <Select allowClear options={[...DOT_AGE_GROUPS, NO_DOT].map((g) => ({ label: g.title[lang], value: g.key }))} /> });
    }
  }
  // Back, forward or a saved view change the filters from outside: the form shows them.
  const initialKey = JSON.stringify(initial);
  const fieldsKey = items.map((i) => i.field).join(',');
  const latest = useRef(initial);
  latest.current = initial;
  useEffect(() => {
    const values = toForm(latest.current);
    form.setFieldsValue({ ...Object.fromEntries(fieldsKey.split(',').map((k) => [k, undefined])), ...values });
    setDealerId(values.dealerId);
  }, [initialKey, fieldsKey, form]);
  if (!items.length) return null;
  const mobile = device === 'mobile';
  const shown = mobile && !expanded ? items.slice(0, 1) : items;

  return (
    <Form<FormValues>
      form={form} className="list-search" initialValues={toForm(initial)} data-testid="report-filters"
      labelCol={labelColumn(items.map((i) => i.label))} wrapperCol={{ flex: 1 }} labelAlign="right"
      onValuesChange={(changed) => {
        if (!('dealerId' in changed)) return;
        setDealerId(changed.dealerId);
        form.setFieldValue('warehouseId', undefined);
      }}
      onSubmit={(values) => onSearch(fromForm(values))}
    >
      <div className="list-search__grid">
        {shown.map((i) => (
          <Form.Item key={i.field} field={i.field} label={i.label} data-testid={`filter-${i.key}`} className={i.key === 'dateRange' ? 'report-filters__range' : undefined}>
            {i.control}
          </Form.Item>
        ))}
        <div className="list-search__actions">
          <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="report-search">{t('kit.search')}</Button>
          <Button icon={<IconRefresh />} onClick={() => { form.setFieldsValue(Object.fromEntries(items.map((i) => [i.field, undefined]))); setDealerId(undefined); onSearch({}); }}>{t('kit.reset')}</Button>
          {mobile && items.length > 1 && (
            <Button type="text" onClick={() => setExpanded(!expanded)} icon={expanded ? <IconUp /> : <IconDown />}>{expanded ? t('kit.collapse') : t('kit.expand')}</Button>
          )}
        </div>
      </div>
    </Form>
  );
}
