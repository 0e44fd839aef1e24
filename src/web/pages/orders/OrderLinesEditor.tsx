import { Button, InputNumber, Select } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADJUST_KINDS, type AdjustKind } from '@shared/orders/orderTypes';
import type { OrderOptions } from '@shared/api/orders';
import type { LineDraft } from './orderLines';
import { ns } from './locale';

interface Props {
  materials: OrderOptions['materials'];
  /** Loss/overflow orders: each line says which way it adjusts. */
  withKind: boolean;
  value?: LineDraft[];
  onChange?(lines: LineDraft[]): void;
}

/** The lines of an order form: a material, its planned quantity (and direction); rows added and removed freely. */
export function OrderLinesEditor({ materials, withKind, value, onChange }: Props) {
  const { t } = useTranslation(ns);
  const lines = value ?? [];
  const options = useMemo(() => materials.map((m) => ({ value: m.id, label: `${m.code} ${m.name}` })), [materials]);
  const searchText = useMemo(
    () => new Map(materials.map((m) => [m.id, `${m.code} ${m.name} ${m.brandName} ${m.specification} ${m.pattern}`.toLowerCase()])),
    [materials],
  );
  const set = (key: number, patch: Partial<LineDraft>) => onChange?.(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const add = () => onChange?.([...lines, { key: Math.max(0, ...lines.map((l) => l.key)) + 1, plannedQty: 1, ...(withKind ? { adjustKind: 'loss' as const } : {}) }]);

  return (
    <div className="order-lines" data-testid="order-lines">
      {lines.map((line, index) => (
        <div key={line.key} className="order-lines__row" data-testid="order-line">
          <span className="order-lines__index">{index + 1}</span>
          <Select
            className="order-lines__material" showSearch allowClear placeholder={t('materialHint')} options={options} value={line.materialId}
            filterOption={(input, option) => Boolean(searchText.get((option as { props: { value: number } }).props.value)?.includes(input.trim().toLowerCase()))}
            onChange={(materialId: number | undefined) => set(line.key, { materialId })} data-testid="line-material"
          />
          <InputNumber
            className="order-lines__qty" min={1} max={100_000} precision={0} placeholder={t('plannedQty')} value={line.plannedQty}
            onChange={(plannedQty) => set(line.key, { plannedQty: plannedQty ?? undefined })} data-testid="line-qty" prefix={t('plannedQty')}
          />
          {withKind && (
            <Select
              className="order-lines__kind" value={line.adjustKind} onChange={(adjustKind: AdjustKind) => set(line.key, { adjustKind })}
              options={ADJUST_KINDS.map((k) => ({ value: k, label: t(k) }))} data-testid="line-kind"
            />
          )}
          <Button
            type="text" status="danger" icon={<IconDelete />} aria-label={t('removeLine')} title={t('removeLine')}
            onClick={() => onChange?.(lines.filter((l) => l.key !== line.key))} data-testid="line-remove"
          />
        </div>
      ))}
      <Button type="dashed" long icon={<IconPlus />} onClick={add} data-testid="line-add">{t('addLine')}</Button>
    </div>
  );
}
