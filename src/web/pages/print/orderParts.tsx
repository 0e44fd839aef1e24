import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderLineRow } from '@shared/api/orders';
import { ORDER_TYPES, orderTypeLabel, type OrderType } from '@shared/orders/orderTypes';
import { Barcode } from '../../kit/print/Barcode';
import { QrCode } from '../../kit/print/QrCode';
import { DictLabel } from '../../kit/list/fields';
import { printNs } from './locale';

export const when = (at: string | null | undefined) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '-');

/** The order type's name in the interface language (ORDER_TYPES holds both). */
export function useTypeName() {
  const { i18n } = useTranslation();
  return (type: OrderType) => orderTypeLabel(type, i18n.language === 'en-US' ? 'en-US' : 'zh-CN');
}

/** Title, the order number as Code 128 and QR, and a COPY mark for the second party's sheet. */
export function OrderHead({ order, title, copy = false }: { order: OrderDetail; title: string; copy?: boolean }) {
  const { t } = useTranslation(printNs);
  return (
    <header className="doc-head">
      <div className="doc-head__title">
        <h1>{title}{copy && <span className="doc-copy" data-testid="copy-mark">{t('copy')}</span>}</h1>
        <div className="doc-head__sub">{t('orderNo')}: <strong data-testid="order-no">{order.orderNo}</strong></div>
        <div className="doc-head__sub">{t('printedAt')}: {dayjs().format('YYYY-MM-DD HH:mm')}</div>
      </div>
      <div className="doc-head__codes">
        <Barcode value={order.orderNo} width="70mm" height="13mm" />
        <QrCode value={order.orderNo} size="22mm" />
      </div>
    </header>
  );
}

export function Fields({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="doc-fields">
      {items.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value ?? '-'}</dd></div>)}
    </dl>
  );
}

/** The header fields every order card shows; transfers name both warehouses. */
export function useOrderFields(order: OrderDetail): [string, ReactNode][] {
  const { t } = useTranslation(printNs);
  const transfer = ORDER_TYPES[order.orderType].effect === 'transfer';
  const toWarehouse: [string, ReactNode] = [t('toWarehouse'), order.targetWarehouseCode ? `${order.targetWarehouseCode} ${order.targetWarehouseName}` : null];
  return [
    [t('dealer'), order.dealerName],
    [transfer ? t('fromWarehouse') : t('warehouse'), `${order.warehouseCode} ${order.warehouseName}`],
    ...(transfer ? [toWarehouse] : []),
    [t('counterparty'), order.counterparty],
    [t('externalNo'), order.externalNo],
    [t('status'), <DictLabel type="order_status" value={order.status} />],
    [t('createdAt'), when(order.createdAt)],
    [t('completedAt'), when(order.completedAt)],
    [t('createdBy'), order.createdBy],
  ];
}

export function LinesTable({ lines }: { lines: OrderLineRow[] }) {
  const { t } = useTranslation(printNs);
  const planned = lines.reduce((sum, l) => sum + l.plannedQty, 0);
  const scanned = lines.reduce((sum, l) => sum + l.scannedQty, 0);
  return (
    <table className="doc-table" data-testid="order-lines">
      <thead>
        <tr>
          <th className="num idx">{t('no')}</th><th>{t('materialCode')}</th><th>{t('brand')}</th><th>{t('specification')}</th>
          <th>{t('pattern')}</th><th className="num">{t('planned')}</th><th className="num">{t('scanned')}</th>
        </tr>
      </thead>
      <tbody>
        {!lines.length && <tr><td colSpan={7}>{t('noLines')}</td></tr>}
        {lines.map((l, i) => (
          <tr key={l.id}>
            <td className="num">{i + 1}</td><td>{l.materialCode}</td><td>{l.brandName}</td><td>{l.specification}</td>
            <td>{l.pattern}</td><td className="num">{l.plannedQty}</td><td className="num">{l.scannedQty}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr><td colSpan={5}>{t('total')}</td><td className="num" data-testid="total-planned">{planned}</td><td className="num">{scanned}</td></tr>
      </tfoot>
    </table>
  );
}

export function Signatures() {
  const { t } = useTranslation(printNs);
  return (
    <div className="doc-signs">
      <div>{t('issuedBy')}:</div><div>{t('receivedBy')}:</div><div>{t('signDate')}:</div>
    </div>
  );
}
