import { Descriptions, Drawer, Empty, Result, Spin, Table, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OrderDetail, OrderLineRow, OrderScanRow } from '@shared/api/orders';
import type { OrderPage } from '@shared/orders/orderTypes';
import type { OrdersApi } from '../../api/orders';
import { DictLabel } from '../../kit/list/fields';
import { appState } from '../../stores/app';
import { stamp } from '../../kit/stamp';
import { FlagTag, QtyProgress, StatusTag, typeLabel } from './orderCells';
import { ns } from './locale';

/** The detail of one order, shared by the detail drawer and the scanning screen (same cache entry). */
export const useOrderDetail = (page: OrderPage, api: OrdersApi, id: number | null) =>
  useQuery({ queryKey: ['order-detail', page, id], queryFn: () => api.detail(id!), enabled: id !== null });

export const warehouseText = (code: string | null, name: string | null) => (code ? `${code} ${name ?? ''}` : '-');

/** Order header, its lines (with the warehouse's current on-hand quantity) and the scanned barcodes. */
export function OrderDetailDrawer({ page, api, orderId, onClose }: { page: OrderPage; api: OrdersApi; orderId: number | null; onClose(): void }) {
  const { t } = useTranslation(ns);
  const { device } = useSnapshot(appState);
  const detail = useOrderDetail(page, api, orderId);
  const order = detail.data;
  return (
    <Drawer
      visible={orderId !== null} onCancel={onClose} footer={null} width={device === 'mobile' ? '100%' : 900} unmountOnExit
      title={order ? `${t('detailTitle')} · ${order.orderNo}` : t('detailTitle')} className="order-detail" data-testid="order-detail"
    >
      {detail.isError ? <Result status="error" title={(detail.error as Error).message} />
        : !order ? <Spin block />
        : <DetailBody order={order} mobile={device === 'mobile'} withKind={page === 'DecreaseOverflow'} transfer={page === 'TRorder'} />}
    </Drawer>
  );
}

function DetailBody({ order, mobile, withKind, transfer }: { order: OrderDetail; mobile: boolean; withKind: boolean; transfer: boolean }) {
  const { t } = useTranslation(ns);
  const kind = (v: string | null) => (v ? <Tag size="small" color={v === 'loss' ? 'red' : 'green'}>{t(v)}</Tag> : '-');
  const header = [
    { label: t('orderType'), value: typeLabel(order.orderType) },
    { label: t('kit.status'), value: <StatusTag value={order.status} /> },
    { label: t('dealer'), value: order.dealerId ? `${order.dealerCode} ${order.dealerName}` : '-' },
    { label: t('warehouse'), value: warehouseText(order.warehouseCode, order.warehouseName) },
    ...(transfer ? [{ label: t('targetWarehouse'), value: warehouseText(order.targetWarehouseCode, order.targetWarehouseName) }] : []),
    { label: t('progress'), value: <QtyProgress scanned={order.scannedQty} planned={order.plannedQty} /> },
    { label: t('counterparty'), value: order.counterparty ?? '-' },
    { label: t('externalNo'), value: order.externalNo ?? '-' },
    { label: t('source'), value: <DictLabel type="source" value={order.source} /> },
    { label: t('uploadStatus'), value: <FlagTag dict="upload_status" value={order.uploadStatus} /> },
    { label: t('printStatus'), value: <FlagTag dict="print_status" value={order.printStatus} /> },
    { label: t('createdBy'), value: order.createdBy ?? '-' },
    { label: t('kit.createdAt'), value: stamp(order.createdAt) },
    { label: t('completedAt'), value: stamp(order.completedAt) },
    { label: t('remark'), value: order.remark ?? '-' },
  ];
  return (
    <div className="order-detail__body">
      <Descriptions column={mobile ? 1 : 2} size="small" data={header} border />
      <h4 className="order-detail__heading">{t('lines')}</h4>
      <Table<OrderLineRow>
        rowKey="id" size="small" pagination={false} scroll={{ x: 'max-content' }} data={order.lines} data-testid="order-detail-lines"
        columns={[
          { title: t('material'), dataIndex: 'materialCode', render: (_: unknown, l) => `${l.materialCode} ${l.materialName}` },
          ...(withKind ? [{ title: t('adjustKind'), dataIndex: 'adjustKind', render: kind }] : []),
          { title: t('progress'), dataIndex: 'scannedQty', render: (_: unknown, l) => <QtyProgress scanned={l.scannedQty} planned={l.plannedQty} /> },
          { title: t('onHand'), dataIndex: 'onHand', align: 'right' as const, render: (v: number) => <span data-testid="line-on-hand">{v}</span> },
        ]}
      />
      <h4 className="order-detail__heading">{t('scannedBarcodes')} ({order.scans.length})</h4>
      {order.scans.length ? (
        <Table<OrderScanRow>
          rowKey="barcode" size="small" scroll={{ x: 'max-content' }} data={order.scans} pagination={{ pageSize: 20, size: 'mini', hideOnSinglePage: true }}
          data-testid="order-detail-scans"
          columns={[
            { title: t('barcode'), dataIndex: 'barcode' },
            { title: t('material'), dataIndex: 'materialCode' },
            ...(withKind ? [{ title: t('adjustKind'), dataIndex: 'adjustKind', render: kind }] : []),
            { title: t('location'), dataIndex: 'locationCode', render: (v: string | null) => v ?? '-' },
            { title: t('dotCode'), dataIndex: 'dotCode', render: (v: string | null) => v ?? '-' },
            { title: t('scannedAt'), dataIndex: 'scannedAt', render: (v: string) => stamp(v) },
            { title: t('source'), dataIndex: 'source', render: (v: string) => <DictLabel type="source" value={v} /> },
          ]}
        />
      ) : <Empty description={t('noScans')} />}
    </div>
  );
}
