import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OfflineBook } from '@shared/api/offlineSync';
import type { OrderDetail } from '@shared/api/orders';
import type { OrderPage } from '@shared/orders/orderTypes';
import { i18n } from '../../../i18n';
import { connectivity } from '../../../offline/connectivity';
import { deviceId } from '../../../offline/deviceId';
import { judgeOffline } from '../../../offline/localCheck';
import { enqueue, queued, type QueuedScan } from '../../../offline/scanStore';
import { offlineQueue, onVerdicts, refreshQueue, startOfflineSync } from '../../../offline/syncQueue';
import { session } from '../../../stores/session';
import { orderListId } from '../useOrderActions';
import { ns } from '../locale';
import { SOUNDS } from './beeps';
import type { FeedEntry, ScanContext } from './scanFeed';

type Feed = (entry: Omit<FeedEntry, 'id' | 'at'>) => void;

/**
 * The scanning screen's offline side (docs/offline-floor.md): scans taken while the server is
 * out of reach are judged on the device and queued; the server's verdicts, when the queue is
 * sent, come back to the feed (refusals with their sound) and the order is read again.
 */
export function useOfflineScans(page: OrderPage, order: OrderDetail, book: OfflineBook | null, feed: Feed) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const { online } = useSnapshot(connectivity);
  const { items, rounds } = useSnapshot(offlineQueue);
  const { user } = useSnapshot(session);
  const userId = user?.userId;
  const onOrder = items.filter((i) => i.orderId === order.id && i.page === page);
  const waiting = onOrder.filter((i) => i.userId === userId);
  const othersWaiting = onOrder.length - waiting.length;
  // Takes run one after another: each judges against the queue the one before wrote.
  const chain = useRef(Promise.resolve());
  const latest = useRef({ order, book, feed });
  latest.current = { order, book, feed };

  useEffect(startOfflineSync, []);
  useEffect(() => onVerdicts((judged) => {
    const mine = judged.filter((j) => j.item.orderId === order.id && j.item.page === page);
    const refused = mine.filter((j) => j.verdict.verdict === 'refused');
    for (const { item, verdict } of refused) latest.current.feed({ barcode: item.barcode, kind: 'refused', text: verdict.message ?? '' });
    if (refused.length) SOUNDS.refused();
  }), [order.id, page]);
  useEffect(() => {
    if (!rounds) return;
    void queryClient.invalidateQueries({ queryKey: ['order-detail', page, order.id] });
    void queryClient.invalidateQueries({ queryKey: ['offline-conflicts', order.id] });
    void queryClient.invalidateQueries({ queryKey: ['list', orderListId(page)] });
  }, [rounds, page, order.id, queryClient]);

  const takeNow = async (op: 'scan' | 'unscan', barcode: string, context: ScanContext) => {
    const { order: current, book: known, feed: say } = latest.current;
    if (userId == null) return;
    const mineOnOrder = (await queued()).filter((i) => i.orderId === current.id && i.page === page);
    const verdict = judgeOffline(current, known, mineOnOrder, { op, barcode, adjustKind: context.adjustKind });
    if (!verdict.ok) {
      say({ barcode, kind: 'refused', text: i18n.t(`msg:${verdict.key}`, verdict.params) });
      SOUNDS.refused();
      return;
    }
    const item: QueuedScan = {
      deviceId: deviceId(), page, op, orderId: current.id, userId, barcode, locationId: context.locationId, locationCode: context.locationCode,
      adjustKind: context.adjustKind, materialCode: verdict.materialCode, materialId: verdict.materialId, scannedAt: new Date().toISOString(),
    };
    await enqueue(item);
    await refreshQueue();
    const kind = verdict.action;
    say({ barcode, kind, text: `${verdict.materialCode ? `${verdict.materialCode} · ` : ''}${t('queuedOffline')}` });
    SOUNDS[kind]();
  };
  const take = (op: 'scan' | 'unscan', barcode: string, context: ScanContext) => {
    const next = chain.current.then(() => takeNow(op, barcode, context));
    // A take that failed (the device's storage refused it) is said in the feed; the next one still runs.
    chain.current = next.catch((err: unknown) => {
      latest.current.feed({ barcode, kind: 'refused', text: err instanceof Error ? err.message : String(err) });
      SOUNDS.refused();
    });
    return chain.current;
  };
  return { online, waiting, othersWaiting, take };
}
