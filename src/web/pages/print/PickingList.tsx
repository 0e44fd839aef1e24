import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuggestLocationAnswer } from '@shared/api/basedata/warehousing';
import type { OrderDetail } from '@shared/api/orders';
import { ORDER_TYPES } from '@shared/orders/orderTypes';
import { api } from '../../api/http';
import { Sheet } from '../../kit/print/PrintLayout';
import { CardState } from './CardState';
import { printNs } from './locale';
import { OrderFrame } from './OrderFrame';
import { Fields, OrderHead, Signatures, useOrderFields, useTypeName } from './orderParts';

/** Where each material of the order is kept, by the warehouse's location rules. */
function useSuggestedLocations(order: OrderDetail) {
  const materialIds = [...new Set(order.lines.map((l) => l.materialId))];
  return useQueries({
    queries: materialIds.map((materialId) => ({
      queryKey: ['print-suggest', order.warehouseId, materialId],
      queryFn: () => api.post<SuggestLocationAnswer>('/basedata/storagelocationRule/suggest', { warehouseId: order.warehouseId, materialId }),
    })),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      codes: new Map(materialIds.map((id, i) => [id, (results[i].data?.locations ?? []).map((l) => l.code)])),
    }),
  });
}

function PickingSheet({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(printNs);
  const typeName = useTypeName();
  const fields: [string, ReactNode][] = [[t('orderType'), typeName(order.orderType)], ...useOrderFields(order)];
  const suggested = useSuggestedLocations(order);
  if (suggested.pending) return <CardState kind="loading" />;
  const rows = order.lines
    .map((line) => ({ line, locations: suggested.codes.get(line.materialId) ?? [], toPick: Math.max(line.plannedQty - line.scannedQty, 0) }))
    .sort((a, b) => (a.locations[0] ?? '\uffff').localeCompare(b.locations[0] ?? '\uffff') || a.line.materialCode.localeCompare(b.line.materialCode));
  return (
    <Sheet>
      <OrderHead order={order} title={t('pickingList')} />
      <Fields items={fields} />
      <div>{t('pickingHint')}</div>
      <table className="doc-table" data-testid="picking-lines">
        <thead>
          <tr>
            <th className="num idx">{t('no')}</th><th>{t('location')}</th><th>{t('materialCode')}</th><th>{t('brand')}</th>
            <th>{t('specification')}</th><th>{t('pattern')}</th><th className="num">{t('onHand')}</th><th className="num">{t('planned')}</th>
            <th className="num">{t('toPick')}</th><th className="check">{t('picked')}</th>
          </tr>
        </thead>
        <tbody>
          {!rows.length && <tr><td colSpan={10}>{t('noLines')}</td></tr>}
          {rows.map(({ line, locations, toPick }, i) => (
            <tr key={line.id}>
              <td className="num">{i + 1}</td><td>{locations.length ? locations.map((code) => <span className="doc-code" key={code}>{code}</span>) : t('noLocation')}</td><td>{line.materialCode}</td>
              <td>{line.brandName}</td><td>{line.specification}</td><td>{line.pattern}</td>
              <td className="num">{line.onHand}</td><td className="num">{line.plannedQty}</td><td className="num">{toPick}</td>
              <td className="check"><span className="doc-box" /></td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={7}>{t('total')}</td><td className="num">{rows.reduce((sum, r) => sum + r.line.plannedQty, 0)}</td>
            <td className="num">{rows.reduce((sum, r) => sum + r.toPick, 0)}</td><td />
          </tr>
        </tfoot>
      </table>
      <Signatures />
    </Sheet>
  );
}

/** /bhdCardCopy: the picking list (备货单) of an order that takes tyres out of its warehouse. */
export default function PickingList() {
  const { t } = useTranslation(printNs);
  const typeName = useTypeName();
  const takesOut = (order: OrderDetail) => ['ship', 'transfer'].includes(ORDER_TYPES[order.orderType].effect);
  return (
    <OrderFrame title={() => t('pickingList')} refuse={(order) => (takesOut(order) ? null : t('notOutbound', { type: typeName(order.orderType) }))}>
      {(order) => <PickingSheet order={order} />}
    </OrderFrame>
  );
}
