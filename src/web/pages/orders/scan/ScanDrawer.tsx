import { Button, Drawer, Empty, Radio, Select, Spin, Tag } from '@arco-design/web-react';
import { IconCheckCircle, IconClose, IconDelete } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { BARCODE_PATTERN, isInbound, isOpen, ORDER_TYPES, type AdjustKind, type OrderPage } from '@shared/orders/orderTypes';
import type { OrderDetail, ScanResult } from '@shared/api/orders';
import { formatTime } from '@shared/dates';
import { ApiError } from '../../../api/client';
import type { OrdersApi } from '../../../api/orders';
import { i18n } from '../../../i18n';
import { appState } from '../../../stores/app';
import { connectivity } from '../../../offline/connectivity';
import { unanswered } from '../../../offline/unanswered';
import { warehouseText } from '../OrderDetailDrawer';
import { QtyProgress, StatusTag, typeLabel } from '../orderCells';
import { orderListId, type OrderActions } from '../useOrderActions';
import { ns } from '../locale';
import { SOUNDS, unlockAudio } from './beeps';
import { addEntry, applyScanResult, type FeedEntry, type ScanContext } from './scanFeed';
import { CameraScan } from './camera/CameraScan';
import { OfflineBanner } from './OfflineBanner';
import { OfflineConflicts } from './OfflineConflicts';
import { ScanQueue } from './scanQueue';
import { useOfflineScans } from './useOfflineScans';
import { useOfflineBook, useScanOrder } from './useScanOrder';
import './scan.css';

interface Props {
  page: OrderPage;
  api: OrdersApi;
  orderId: number | null;
  /** What the user may do here (buttons ordermanage:<page>:scan / :complete). */
  canScan: boolean;
  canComplete: boolean;
  actions: OrderActions;
  onClose(): void;
}

interface QueuedScan { op: 'scan' | 'unscan'; barcode: string; context: ScanContext }

const locationKey = (warehouseId: number) => `orders.scanLocation.${warehouseId}`;
/** Clicks on these keep their focus; anywhere else in the screen sends it back to the barcode input. */
const INTERACTIVE = 'input, textarea, button, a, [role="button"], [role="radio"], .arco-select, .arco-radio-group';

/**
 * The scanning screen of one order. A handheld scanner types a barcode and Enter in a burst,
 * so the input keeps the focus, clears the moment Enter is read and queues what it read;
 * every answer lands in the feed with a sound and moves the counts.
 */
export function ScanDrawer({ page, api, orderId, canScan, canComplete, actions, onClose }: Props) {
  const { t } = useTranslation(ns);
  const { device } = useSnapshot(appState);
  const detail = useScanOrder(page, api, orderId);
  const order = detail.data;
  return (
    <Drawer
      visible={orderId !== null} onCancel={onClose} width="100%" unmountOnExit footer={null} className="scan-drawer" data-testid="scan-drawer"
      title={order ? `${t('scanTitle')} · ${order.orderNo}` : t('scanTitle')} focusLock={false} autoFocus={false}
    >
      {order ? (
        <ScanScreen
          key={order.id} page={page} api={api} order={order} canScan={canScan} canComplete={canComplete} actions={actions}
          mobile={device === 'mobile'} onClose={onClose}
        />
      ) : <Spin block />}
    </Drawer>
  );
}

function ScanScreen({ page, api, order, canScan, canComplete, actions, mobile, onClose }: Omit<Props, 'orderId'> & { order: OrderDetail; mobile: boolean }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [feed, setFeed] = useState<FeedEntry[]>([]);
  const [pending, setPending] = useState(0);
  const [adjustKind, setAdjustKind] = useState<AdjustKind>('loss');
  const [locationId, setLocationId] = useState<number | null>(() => Number(localStorage.getItem(locationKey(order.warehouseId))) || null);
  const effect = ORDER_TYPES[order.orderType].effect;
  const open = isOpen(order.status);
  const scanning = open && canScan;
  const placesTyres = isInbound(effect) || effect === 'count' || (effect === 'adjust' && adjustKind === 'overflow');
  const locations = useQuery({
    queryKey: ['order-locations', page, order.warehouseId], queryFn: () => api.locations(order.warehouseId), enabled: placesTyres, staleTime: 60_000,
  });
  const locationList = locations.data ?? [];
  const showLocation = placesTyres && locationList.length > 0;
  const location = showLocation ? locationList.find((l) => l.id === locationId) ?? null : null;

  const detailKey = ['order-detail', page, order.id];
  const focus = () => input.current?.focus();
  const book = useOfflineBook(page, api, order.id, scanning);
  const offline = useOfflineScans(page, order, book.data ?? null, (entry) => setFeed((f) => addEntry(f, entry)));
  const takeOffline = useRef(offline.take);
  takeOffline.current = offline.take;

  // One queue for the life of the screen (it is keyed by the order, and the page's calls never change);
  // each item carries the location and direction chosen when it was read.
  const [queue] = useState(() => new ScanQueue<QueuedScan, ScanResult>({
    send: ({ op, barcode, context }) => (!connectivity.online ? Promise.reject(new ApiError('offline', 0)) : op === 'scan'
      ? api.scan({ orderId: order.id, barcode, locationId: context.locationId, ...(context.adjustKind ? { adjustKind: context.adjustKind } : {}) })
      : api.unscan({ orderId: order.id, barcode })),
    onDone: ({ context }, result) => {
      queryClient.setQueryData<OrderDetail>(detailKey, (d) => (d ? applyScanResult(d, result, context) : d));
      setFeed((f) => addEntry(f, { barcode: result.barcode, kind: result.action, text: `${result.materialCode} ${result.materialName}` }));
      SOUNDS[result.action]();
    },
    onFail: ({ op, barcode, context }, error) => {
      // Nobody answered: the scan is judged on the device and queued instead.
      if (unanswered(error)) return void takeOffline.current(op, barcode, context);
      setFeed((f) => addEntry(f, { barcode, kind: 'refused', text: error instanceof ApiError ? error.message : String(error) }));
      SOUNDS.refused();
    },
    onPending: setPending,
    // Counts moved as answers came; once all are in, fetch the order for what answers do not carry (DOT codes).
    onIdle: () => {
      void queryClient.invalidateQueries({ queryKey: detailKey });
      void queryClient.invalidateQueries({ queryKey: ['list', orderListId(page)] });
    },
  }));

  useEffect(() => { if (scanning) focus(); }, [scanning]);

  const context = (): ScanContext => ({
    locationId: location?.id ?? null, locationCode: location?.code ?? null, adjustKind: effect === 'adjust' ? adjustKind : null,
  });
  const read = (raw: string) => {
    const barcode = raw.trim().toUpperCase();
    if (!barcode) return;
    if (!BARCODE_PATTERN.test(barcode)) {
      setFeed((f) => addEntry(f, { barcode, kind: 'refused', text: i18n.t('msg:barcodeFormat') }));
      SOUNDS.refused();
      return;
    }
    if (!connectivity.online) void offline.take('scan', barcode, context());
    else queue.push({ op: 'scan', barcode, context: context() });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const value = e.currentTarget.value;
    // Cleared before anything else, so the next burst of the scanner starts on an empty input.
    e.currentTarget.value = '';
    read(value);
  };
  const remove = (barcode: string) => {
    if (!connectivity.online) void offline.take('unscan', barcode, context());
    else queue.push({ op: 'unscan', barcode, context: context() });
    focus();
  };
  const chooseLocation = (id: number | undefined) => {
    setLocationId(id ?? null);
    if (id) localStorage.setItem(locationKey(order.warehouseId), String(id));
    else localStorage.removeItem(locationKey(order.warehouseId));
    focus();
  };
  const refocus = (e: SyntheticEvent) => {
    unlockAudio();
    if (scanning && !(e.target as HTMLElement).closest(INTERACTIVE)) setTimeout(focus, 0);
  };
  const complete = async () => {
    if (await actions.complete(order)) onClose();
    else focus();
  };

  return (
    <div className={`scan-screen${mobile ? ' scan-screen--mobile' : ''}`} onPointerDownCapture={unlockAudio} onKeyDownCapture={unlockAudio} onClick={refocus} data-testid="scan-screen">
      <header className="scan-head">
        <div className="scan-head__info">
          <Tag color="arcoblue">{typeLabel(order.orderType)}</Tag>
          <StatusTag value={order.status} />
          <span className="scan-head__warehouse">{warehouseText(order.warehouseCode, order.warehouseName)}</span>
          {order.targetWarehouseId && <span className="scan-head__warehouse">→ {warehouseText(order.targetWarehouseCode, order.targetWarehouseName)}</span>}
          {order.dealerName && <span className="scan-head__dealer">{order.dealerName}</span>}
        </div>
        <div className="scan-head__total" data-testid="scan-total">
          <span className="scan-head__label">{t('total')}</span>
          <span className="scan-head__count">{order.scannedQty}{order.plannedQty > 0 && <small> / {order.plannedQty}</small>}</span>
        </div>
      </header>

      <OfflineBanner online={offline.online} waiting={offline.waiting.length} othersWaiting={offline.othersWaiting} />

      <section className="scan-controls">
        {effect === 'adjust' && (
          <Radio.Group type="button" value={adjustKind} onChange={(v: AdjustKind) => { setAdjustKind(v); focus(); }} disabled={!scanning} data-testid="scan-kind">
            <Radio value="loss">{t('loss')}</Radio>
            <Radio value="overflow">{t('overflow')}</Radio>
          </Radio.Group>
        )}
        {showLocation && (
          <Select
            className="scan-controls__location" showSearch allowClear placeholder={t('chooseLocation')} value={location?.id}
            options={locationList.map((l) => ({ value: l.id, label: l.name && l.name !== l.code ? `${l.code} ${l.name}` : l.code }))} onChange={chooseLocation}
            onVisibleChange={(visible) => { if (!visible) setTimeout(focus, 0); }} disabled={!scanning} prefix={t('location')} data-testid="scan-location"
          />
        )}
        <input
          ref={input} className="scan-input" onKeyDown={onKeyDown} disabled={!scanning} placeholder={scanning ? t('scanPlaceholder') : t('orderClosed')}
          autoComplete="off" autoCapitalize="characters" spellCheck={false} enterKeyHint="send" aria-label={t('scanPlaceholder')} data-testid="scan-input"
        />
        <CameraScan onRead={read} disabled={!scanning} />
        {pending > 0 && <span className="scan-controls__pending" data-testid="scan-pending">{t('waiting', { count: pending })}</span>}
      </section>
      {/* Each verdict read out as it comes (the sound says only which kind): the newest entry of the feed. */}
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="scan-verdict">
        {feed[0] ? `${t(feed[0].kind)} ${feed[0].barcode} ${feed[0].text}` : ''}
      </div>

      <div className="scan-body">
        <section className="scan-panel scan-feed" data-testid="scan-feed">
          <h4>{t('feed')}</h4>
          {feed.length ? (
            <ol>
              {feed.map((e) => (
                <li key={e.id} className={`scan-feed__entry scan-feed__entry--${e.kind}`} data-testid="scan-entry" data-kind={e.kind}>
                  <span className="scan-feed__kind">{t(e.kind)}</span>
                  <span className="scan-feed__barcode">{e.barcode}</span>
                  <span className="scan-feed__text">{e.text}</span>
                  <time>{formatTime(e.at)}</time>
                </li>
              ))}
            </ol>
          ) : <Empty description={t('feedEmpty')} />}
        </section>

        <section className="scan-panel scan-lines" data-testid="scan-lines">
          <OfflineConflicts api={api} orderId={order.id} />
          {offline.waiting.length > 0 && (
            <>
              <h4>{t('waitingToSend')} ({offline.waiting.length})</h4>
              <ul className="scan-barcodes" data-testid="offline-waiting">
                {[...offline.waiting].reverse().map((w) => (
                  <li key={w.deviceId} data-testid="offline-waiting-item">
                    <span className="scan-barcodes__code">{w.barcode}</span>
                    <span className="scan-barcodes__meta">{w.op === 'unscan' ? t('removed') : t('added')}{w.materialCode ? ` · ${w.materialCode}` : ''}{w.locationCode ? ` · ${w.locationCode}` : ''}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {order.lines.length > 0 && <h4>{t('lines')}</h4>}
          {order.lines.map((l) => (
            <div key={l.id} className="scan-line" data-testid="scan-line" data-material={l.materialCode}>
              <div className="scan-line__name">
                <b>{l.materialCode}</b> {l.materialName}
                {l.adjustKind && <Tag size="small" color={l.adjustKind === 'loss' ? 'red' : 'green'}>{t(l.adjustKind)}</Tag>}
              </div>
              <QtyProgress scanned={l.scannedQty} planned={l.plannedQty} width={mobile ? 120 : 160} />
            </div>
          ))}
          <h4>{t('scannedBarcodes')} ({order.scans.length})</h4>
          {order.scans.length ? (
            <ul className="scan-barcodes" data-testid="scan-barcodes">
              {/* Newest first, as in the feed. */}
              {[...order.scans].reverse().map((s) => (
                <li key={s.barcode} data-testid="scan-barcode">
                  <span className="scan-barcodes__code">{s.barcode}</span>
                  <span className="scan-barcodes__meta">{s.materialCode}{s.locationCode ? ` · ${s.locationCode}` : ''}{s.adjustKind ? ` · ${t(s.adjustKind)}` : ''}</span>
                  {scanning && (
                    <Button size="mini" type="text" status="danger" icon={<IconDelete />} onClick={() => remove(s.barcode)} data-testid="scan-remove">{t('remove')}</Button>
                  )}
                </li>
              ))}
            </ul>
          ) : <Empty description={t('noScans')} />}
        </section>
      </div>

      <footer className="scan-foot">
        <Button icon={<IconClose />} onClick={onClose}>{t('close')}</Button>
        {open && canComplete && (
          <Button type="primary" status="success" icon={<IconCheckCircle />} onClick={() => void complete()} disabled={pending > 0 || !offline.online || offline.waiting.length > 0} data-testid="scan-complete">
            {t('complete')}
          </Button>
        )}
      </footer>
    </div>
  );
}
