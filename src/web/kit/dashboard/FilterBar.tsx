import { DatePicker, Input, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DATE_DIMENSIONS, type DateDimension } from '@shared/analytics/domain';
import type { FilterKey } from '@shared/analytics/filters';
import { session } from '../../stores/session';
import { filterOptions } from '../report/reportApi';
import type { DashboardFilters } from './drill';
import { shownFilters, type BarFilter } from './shownFilters';
import { ns } from './locale';

interface Props {
  keys: readonly FilterKey[];
  value: DashboardFilters;
  onChange(next: DashboardFilters): void;
}

/**
 * The dashboard's filters, as its definition lists them, offered as the report filter bars offer
 * them (the same options call): dealers and warehouses of the caller's scope, brands, and the
 * catalogue's specifications and patterns, which match exactly, as in the reports a panel drills
 * to. A dealer user is never offered other dealers.
 */
export default function FilterBar({ keys, value, onChange }: Props) {
  const { t } = useTranslation(ns);
  const { user } = useSnapshot(session);
  const shown = shownFilters(keys, user?.dealerId);
  const has = (k: BarFilter) => shown.includes(k);
  const needsOptions = (['dealer', 'warehouse', 'brand', 'specification', 'pattern'] as const).some(has);
  const options = useQuery({ queryKey: ['report-filter-options'], queryFn: filterOptions, enabled: needsOptions, staleTime: 5 * 60_000 });
  const set = (patch: DashboardFilters) => onChange({ ...value, ...patch });
  const warehouses = (options.data?.warehouses ?? []).filter((w) => !value.dealerId || w.dealerId === value.dealerId);
  const select = { allowClear: true, showSearch: true, className: 'dash-filter', loading: options.isLoading } as const;

  return (
    <div className="dash-filters" data-testid="dashboard-filters">
      {has('dimension') && (
        <Select className="dash-filter" data-field-label={t('dimension')} value={value.dimension ?? 'day'}
          onChange={(dimension: DateDimension) => set({ dimension })}
          options={DATE_DIMENSIONS.map((d) => ({ value: d, label: t(d) }))} />
      )}
      {has('dateRange') && (
        <DatePicker.RangePicker className="dash-filter dash-filter--dates" data-field-label={t('dateRange')}
          value={value.dateFrom && value.dateTo ? [value.dateFrom, value.dateTo] : undefined}
          onChange={(days?: string[]) => set({ dateFrom: days?.[0] || undefined, dateTo: days?.[1] || undefined })} />
      )}
      {has('dealer') && (
        <Select {...select} placeholder={t('dealer')} data-field-label={t('dealer')} value={value.dealerId}
          onChange={(dealerId?: number) => set({ dealerId, warehouseId: undefined })}
          options={(options.data?.dealers ?? []).map((d) => ({ value: d.id, label: `${d.code} ${d.name}` }))} />
      )}
      {has('warehouse') && (
        <Select {...select} placeholder={t('warehouse')} data-field-label={t('warehouse')} value={value.warehouseId}
          onChange={(warehouseId?: number) => set({ warehouseId })}
          options={warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))} />
      )}
      {has('brand') && (
        <Select {...select} placeholder={t('brand')} data-field-label={t('brand')} value={value.brandId}
          onChange={(brandId?: number) => set({ brandId })}
          options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))} />
      )}
      {has('specification') && (
        <Select {...select} placeholder={t('specification')} data-field-label={t('specification')} value={value.specification}
          onChange={(specification?: string) => set({ specification })}
          options={(options.data?.specifications ?? []).map((v) => ({ value: v, label: v }))} />
      )}
      {has('pattern') && (
        <Select {...select} placeholder={t('pattern')} data-field-label={t('pattern')} value={value.pattern}
          onChange={(pattern?: string) => set({ pattern })}
          options={(options.data?.patterns ?? []).map((v) => ({ value: v, label: v }))} />
      )}
      {has('keyword') && <TextFilter label={t('keyword')} value={value.keyword} onChange={(keyword) => set({ keyword })} />}
    </div>
  );
}

/** A text filter applies on Enter, on leaving the field or on clearing it, not on every key. */
function TextFilter({ label, value, onChange }: { label: string; value?: string; onChange(text: string | undefined): void }) {
  const [draft, setDraft] = useState(value ?? '');
  const commit = (text: string) => { if (text.trim() !== (value ?? '')) onChange(text.trim() || undefined); };
  return (
    <Input className="dash-filter" allowClear placeholder={label} aria-label={label} value={draft} maxLength={64}
      onChange={setDraft} onPressEnter={() => commit(draft)} onBlur={() => commit(draft)} onClear={() => commit('')} />
  );
}
