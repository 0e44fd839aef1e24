import { Form, Message, Select } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderInput, OrderOptions } from '@shared/api/orders';
import { ORDER_PAGES, type OrderPage, type OrderType } from '@shared/orders/orderTypes';
import type { OrdersApi } from '../../api/orders';
import { EntityForm } from '../../kit/list/EntityForm';
import type { FieldDef } from '../../kit/list/fields';
import { typeLabel } from './orderCells';
import { linesBody, linesProblem, type LineDraft } from './orderLines';
import { OrderLinesEditor } from './OrderLinesEditor';
import { ns } from './locale';

/** What the form edits: a new order (order null) or an open one with its lines. */
export interface OrderFormState { order: OrderDetail | null }

interface Props {
  page: OrderPage;
  title: string;
  api: OrdersApi;
  options: OrderOptions | undefined;
  /** Dealer users' orders are their own dealer's; staff choose the dealer. */
  dealerUser: boolean;
  state: OrderFormState | undefined;
  onClose(): void;
  onSaved(): void;
}

type Warehouse = OrderOptions['warehouses'][number];
const warehouseLabel = (w: Warehouse, dealerCode: Map<number, string>) =>
  `${w.dealerId && dealerCode.has(w.dealerId) ? `${dealerCode.get(w.dealerId)} · ` : ''}${w.code} ${w.name}`;

/** Warehouses of the dealer chosen above it (all of them until one is); a transfer's target excludes the source. */
function WarehouseSelect({ options, target, value, onChange, placeholder }: {
  options: OrderOptions; target?: boolean; value?: unknown; onChange?(v: unknown): void; placeholder: string;
}) {
  const dealerId = Form.useWatch<Record<string, number | undefined>>('dealerId');
  const sourceId = Form.useWatch<Record<string, number | undefined>>('warehouseId');
  const dealerCode = new Map(options.dealers.map((d) => [d.id, d.code]));
  const source = options.warehouses.find((w) => w.id === sourceId);
  const shown = options.warehouses.filter((w) => (target
    ? w.id !== sourceId && (!source || w.dealerId === source.dealerId)
    : dealerId === undefined || w.dealerId === dealerId));
  return (
    <Select
      showSearch allowClear placeholder={placeholder} value={value as number | undefined} onChange={onChange}
      options={shown.map((w) => ({ value: w.id, label: warehouseLabel(w, dealerCode) }))}
      filterOption={(input, option) => String((option as { props: { children?: unknown } }).props.children ?? '').toLowerCase().includes(input.toLowerCase())}
      data-testid={target ? 'order-target-warehouse' : 'order-warehouse'}
    />
  );
}

const toForm = (order: OrderDetail) => ({
  orderType: order.orderType, dealerId: order.dealerId ?? undefined, warehouseId: order.warehouseId,
  targetWarehouseId: order.targetWarehouseId ?? undefined, counterparty: order.counterparty ?? '', externalNo: order.externalNo ?? '',
  remark: order.remark ?? '',
  lines: order.lines.map((l, i): LineDraft => ({ key: i + 1, materialId: l.materialId, plannedQty: l.plannedQty, adjustKind: l.adjustKind ?? undefined })),
});

/** Add and edit of an order: header fields and its lines (only open orders are edited). */
export function OrderFormDialog({ page, title, api, options, dealerUser, state, onClose, onSaved }: Props) {
  const { t } = useTranslation(ns);
  const types: readonly OrderType[] = ORDER_PAGES[page];
  const withKind = page === 'DecreaseOverflow';
  const transfer = page === 'TRorder';
  // A stocktake has no lines: it records what is counted (shared/orders/orderTypes.ts, effect count).
  const counting = page === 'InventoryList';
  const order = state?.order ?? null;
  const initial = useMemo(() => (order ? toForm(order) : null), [order]);
  const defaults = useMemo(
    () => ({ orderType: types[0], ...(counting ? {} : { lines: [{ key: 1, plannedQty: 1, ...(withKind ? { adjustKind: 'loss' } : {}) }] }) }),
    [types, withKind, counting],
  );

  const fields: FieldDef[] = options ? [
    ...(types.length > 1 ? [{ field: 'orderType', label: t('orderType'), type: 'select' as const, required: true, options: types.map((v) => ({ value: v, label: typeLabel(v) })) }] : []),
    ...(dealerUser ? [] : [{ field: 'dealerId', label: t('dealer'), type: 'select' as const, options: options.dealers.map((d) => ({ value: d.id, label: `${d.code} ${d.name}` })) }]),
    { field: 'warehouseId', label: t('warehouse'), required: true, render: (c) => <WarehouseSelect options={options} placeholder={t('warehouse')} {...c} /> },
    ...(transfer ? [{ field: 'targetWarehouseId', label: t('targetWarehouse'), required: true, render: (c: object) => <WarehouseSelect options={options} target placeholder={t('targetWarehouse')} {...c} /> }] : []),
    { field: 'counterparty', label: t('counterparty'), maxLength: 128 },
    { field: 'externalNo', label: t('externalNo'), maxLength: 64 },
    { field: 'remark', label: t('remark'), type: 'textarea', maxLength: 256, wide: true },
    ...(counting ? [] : [{
      field: 'lines', label: t('lines'), wide: true,
      rules: [{ validator: (value: LineDraft[] | undefined, callback: (error?: string) => void) => {
        const problem = linesProblem(value);
        callback(problem ? t(`msg:${problem}`) : undefined);
      } }],
      render: (c: object) => <OrderLinesEditor materials={options.materials} withKind={withKind} {...(c as { value?: LineDraft[]; onChange?(v: LineDraft[]): void })} />,
    }]),
  ] : [];

  const save = async (values: Record<string, unknown>) => {
    const warehouse = options?.warehouses.find((w) => w.id === values.warehouseId);
    const body: OrderInput = {
      orderType: (values.orderType as OrderType | undefined) ?? order?.orderType ?? types[0],
      ...(dealerUser ? {} : { dealerId: (values.dealerId as number | undefined) ?? warehouse?.dealerId ?? null }),
      warehouseId: values.warehouseId as number,
      ...(transfer ? { targetWarehouseId: values.targetWarehouseId as number } : {}),
      counterparty: values.counterparty as string | undefined,
      externalNo: values.externalNo as string | undefined,
      remark: values.remark as string | undefined,
      lines: counting ? [] : linesBody(values.lines as LineDraft[], withKind),
    };
    if (order) await api.update(order.id, body);
    else await api.create(body);
    Message.success(t('kit.saved'));
    onSaved();
  };

  return (
    <EntityForm
      title={`${order ? t('kit.edit') : t('kit.add')} · ${title}${order ? ` · ${order.orderNo}` : ''}`}
      fields={fields} visible={state !== undefined && options !== undefined} initial={initial} defaults={defaults}
      onCancel={onClose} onSubmit={save}
    />
  );
}
