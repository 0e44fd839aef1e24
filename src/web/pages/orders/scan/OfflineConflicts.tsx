import { Button, Input, Modal } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '@shared/api/orders';
import { rethrowUnlessShown } from '../../../api/client';
import { toast } from '../../../api/feedback';
import type { OrdersApi } from '../../../api/orders';
import { conflictsOf, dropConflict, type ConflictScan } from '../../../offline/scanStore';
import { ns } from '../locale';

/**
 * Offline scans the server refused on this order, with its reason: never dropped unseen. The
 * user drops one, or scans the tyre into another order (found by its number on this page).
 */
export function OfflineConflicts({ api, orderId }: { api: OrdersApi; orderId: number }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const conflicts = useQuery({ queryKey: ['offline-conflicts', orderId], queryFn: () => conflictsOf(orderId) });
  const [moving, setMoving] = useState<ConflictScan | null>(null);
  const [orderNo, setOrderNo] = useState('');
  const reload = () => queryClient.invalidateQueries({ queryKey: ['offline-conflicts', orderId] });
  const drop = async (c: ConflictScan) => {
    await dropConflict(c.deviceId);
    await reload();
  };
  const move = async () => {
    if (!moving) return;
    try {
      const found = await api.page({ pageNum: 1, pageSize: 10, keyword: orderNo.trim() });
      const target = found.list.find((o: OrderRow) => o.orderNo === orderNo.trim().toUpperCase() || o.orderNo === orderNo.trim());
      if (!target) {
        void toast('error', t('conflictOrderUnknown', { orderNo }), 5000);
        return;
      }
      const result = await api.scan({ orderId: target.id, barcode: moving.barcode, locationId: moving.locationId, ...(moving.adjustKind ? { adjustKind: moving.adjustKind } : {}) });
      void toast('success', t('conflictMoved', { barcode: result.barcode, orderNo: target.orderNo }), 5000);
      await drop(moving);
      setMoving(null);
    } catch (err) {
      // The scan's refusal or the failed call was shown (the scan's quietly: say it here).
      rethrowUnlessShown(err);
      void toast('error', err.message, 5000);
    }
  };
  const list = conflicts.data ?? [];
  if (!list.length) return null;
  return (
    <section className="scan-conflicts" data-testid="offline-conflicts" aria-label={t('conflicts')}>
      <h4>{t('conflicts')} ({list.length})</h4>
      <ul>
        {list.map((c) => (
          <li key={c.deviceId} data-testid="offline-conflict" data-barcode={c.barcode}>
            <span className="scan-barcodes__code">{c.barcode}</span>
            <span className="scan-conflicts__reason">{c.message}</span>
            <span className="scan-conflicts__actions">
              <Button size="mini" onClick={() => void drop(c)} data-testid="conflict-drop">{t('conflictDrop')}</Button>
              <Button size="mini" type="outline" onClick={() => { setMoving(c); setOrderNo(''); }} data-testid="conflict-move">{t('conflictMove')}</Button>
            </span>
          </li>
        ))}
      </ul>
      <Modal
        visible={moving !== null} title={t('conflictMoveTitle', { barcode: moving?.barcode ?? '' })} onCancel={() => setMoving(null)}
        onOk={() => void move()} okButtonProps={{ disabled: !orderNo.trim() }} unmountOnExit
      >
        <Input value={orderNo} onChange={setOrderNo} placeholder={t('orderNo')} aria-label={t('orderNo')} data-testid="conflict-order-no" />
      </Modal>
    </section>
  );
}
