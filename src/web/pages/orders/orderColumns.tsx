import type { OrderRow } from '@shared/api/orders';
import type { OrderPage } from '@shared/orders/orderTypes';
import { i18n } from '../../i18n';
import type { Column } from '../../kit/list/ListPage';
import { stamp } from '../../kit/stamp';
import { FlagTag, QtyProgress, StatusTag, typeLabel } from './orderCells';
import { warehouseText } from './OrderDetailDrawer';
import { ns } from './locale';

const t = (key: string) => i18n.t(key, { ns });

/** The columns of an order list; a transfer shows where the tyres go, staff see the dealer. */
export const orderColumns = (page: OrderPage, dealerUser: boolean): Column<OrderRow>[] => [
  { key: 'orderNo', title: t('orderNo'), sortable: true, render: (v: string, r: OrderRow) => <span data-testid="order-no" data-id={r.id}>{v}</span> },
  { key: 'orderType', title: t('orderType'), render: (v: OrderRow['orderType']) => typeLabel(v) },
  ...(dealerUser ? [] : [{ key: 'dealerName', title: t('dealer'), sortable: true, render: (_: unknown, r: OrderRow) => (r.dealerId ? `${r.dealerCode} ${r.dealerName}` : '-') }]),
  { key: 'warehouseName', title: t('warehouse'), render: (_: unknown, r: OrderRow) => warehouseText(r.warehouseCode, r.warehouseName) },
  ...(page === 'TRorder'
    ? [{ key: 'targetWarehouseName', title: t('targetWarehouse'), render: (_: unknown, r: OrderRow) => warehouseText(r.targetWarehouseCode, r.targetWarehouseName) }]
    : []),
  { key: 'status', title: t('kit.status'), sortable: true, render: (v: string) => <StatusTag value={v} /> },
  { key: 'scannedQty', title: t('progress'), render: (_: unknown, r: OrderRow) => <QtyProgress scanned={r.scannedQty} planned={r.plannedQty} /> },
  { key: 'uploadStatus', title: t('uploadStatus'), render: (v: string) => <FlagTag dict="upload_status" value={v} /> },
  { key: 'printStatus', title: t('printStatus'), render: (v: string) => <FlagTag dict="print_status" value={v} /> },
  { key: 'externalNo', title: t('externalNo'), render: (v: string | null) => v ?? '-' },
  { key: 'counterparty', title: t('counterparty'), render: (v: string | null) => v ?? '-' },
  { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  { key: 'createdBy', title: t('createdBy'), render: (v: string | null) => v ?? '-' },
  { key: 'completedAt', title: t('completedAt'), sortable: true, render: (v: string | null) => stamp(v) },
];
