import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { WebhookEvent, WebhookOrder, WebhookStockAlert, WebhookTrip } from '../../../shared/api/webhooks';
import { SIGNATURE_HEADER, WEBHOOK_EVENTS } from '../../../shared/api/webhooks';
import { errorMessage, isKeyOf, isRecord } from '../../../shared/must';
import { ORDER_STATUS } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { carRequests, dealers, materials, orderLines, orders, stockAlerts, warehouses, webhookEndpoints } from '../../db/schema';
import { DeliveryFailure, type Delivery, type Sender } from '../../outbox/dispatcher';
import { recordExchange } from '../monitoring/exchangeLog';
import { postWithin, RefusedAddress, type WebhookAnswer, type WebhookReach } from './webhookReach';

/** How long an endpoint has to answer. */
const TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`: the Stripe convention (docs/integrations.md). */
export function signatureOf(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function orderData(db: Db, id: number): Promise<WebhookOrder | null> {
  const [o] = await db.select({
    id: orders.id, orderNo: orders.orderNo, orderType: orders.orderType, status: orders.status, dealerCode: dealers.code,
    warehouseCode: warehouses.code, externalNo: orders.externalNo, completedAt: orders.completedAt,
  }).from(orders).innerJoin(warehouses, eq(warehouses.id, orders.warehouseId)).leftJoin(dealers, eq(dealers.id, orders.dealerId)).where(eq(orders.id, id));
  if (!o) return null;
  const lines = await db.select({ materialCode: materials.code, plannedQty: orderLines.plannedQty, scannedQty: orderLines.scannedQty })
    .from(orderLines).innerJoin(materials, eq(materials.id, orderLines.materialId)).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  return { ...o, completedAt: iso(o.completedAt), lines };
}

async function alertData(db: Db, id: number): Promise<WebhookStockAlert | null> {
  const [a] = await db.select({
    id: stockAlerts.id, kind: stockAlerts.kind, dealerCode: dealers.code, warehouseCode: warehouses.code, materialCode: materials.code,
    threshold: stockAlerts.threshold, qty: stockAlerts.qty, raisedAt: stockAlerts.raisedAt, clearedAt: stockAlerts.clearedAt, clearedQty: stockAlerts.clearedQty,
  }).from(stockAlerts).innerJoin(warehouses, eq(warehouses.id, stockAlerts.warehouseId)).innerJoin(materials, eq(materials.id, stockAlerts.materialId))
    .leftJoin(dealers, eq(dealers.id, stockAlerts.dealerId)).where(eq(stockAlerts.id, id));
  return a ? { ...a, raisedAt: a.raisedAt.toISOString(), clearedAt: iso(a.clearedAt) } : null;
}

async function tripData(db: Db, id: number): Promise<WebhookTrip | null> {
  const [t] = await db.select({
    id: carRequests.id, requestNo: carRequests.requestNo, status: carRequests.status, dealerCode: dealers.code, warehouseCode: warehouses.code,
    deliveredAt: carRequests.deliveredAt,
  }).from(carRequests).innerJoin(warehouses, eq(warehouses.id, carRequests.warehouseId)).leftJoin(dealers, eq(dealers.id, carRequests.dealerId))
    .where(eq(carRequests.id, id));
  return t ? { ...t, deliveredAt: iso(t.deliveredAt) } : null;
}

/** The event's data as it is now (the outbox builds content at send time, docs/outbox.md). */
function dataOf(db: Db, event: WebhookEvent, payload: Record<string, unknown>) {
  switch (event) {
    case 'order.completed':
    case 'order.cancelled': return orderData(db, Number(payload.orderId));
    case 'stockAlert.raised':
    case 'stockAlert.cleared': return alertData(db, Number(payload.alertId));
    case 'trip.delivered': return tripData(db, Number(payload.tripId));
  }
}

/**
 * The ERP acknowledged an order's completion: the order is marked uploaded, as the order page's
 * Upload button marks it, and the exchange shows in the upload monitor. Once: a repeated delivery
 * finds it marked.
 */
async function markUploaded(db: Db, orderId: number, endpoint: string) {
  await db.transaction(async (tx) => {
    const [marked] = await tx.update(orders).set({ uploadStatus: '1' })
      .where(and(eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.completed), eq(orders.uploadStatus, '0')))
      .returning({ orderNo: orders.orderNo, dealerId: orders.dealerId, warehouseId: orders.warehouseId });
    if (marked) await recordExchange(tx, { system: 'ERP', kind: 'orderUpload', ...marked, ref: marked.orderNo, ok: true, userName: `webhook:${endpoint}`.slice(0, 64) });
  });
}

/**
 * The outbox's sender of webhooks: the endpoint as it is now (removed or disabled: failed at once),
 * the body `{ id, type, createdAt, data }` built now, signed with the endpoint's secret (the
 * `X-Signature` header), POSTed with a time-out to an address `reach` allows (webhookReach.ts). 2xx:
 * delivered, with the answer kept; anything else is tried again by the outbox (410 Gone, or an
 * address kept out: never again).
 */
export function webhookSender(db: Db, reach: WebhookReach): Sender {
  return {
    async send(delivery: Delivery) {
      const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, Number(delivery.payload.endpointId)));
      if (!endpoint || endpoint.status !== 'normal') throw new DeliveryFailure('the endpoint was removed or disabled', { permanent: true });
      const event = delivery.topic;
      if (!isKeyOf(WEBHOOK_EVENTS, event)) throw new DeliveryFailure(`no such event: ${event}`, { permanent: true });
      const data = await dataOf(db, event, delivery.payload);
      if (!data) throw new DeliveryFailure('what the event was about no longer exists', { permanent: true });
      const body = JSON.stringify({ id: `evt_${delivery.id}`, type: event, createdAt: String(delivery.payload.occurredAt ?? delivery.createdAt.toISOString()), data });
      let res: WebhookAnswer;
      try {
        res = await postWithin(endpoint.url, body, {
          'content-type': 'application/json', 'user-agent': 'tyre-console-webhooks', [SIGNATURE_HEADER]: signatureOf(endpoint.secret, body),
          'x-webhook-id': `evt_${delivery.id}`, 'x-webhook-event': event,
        }, TIMEOUT_MS, reach);
      } catch (err) {
        // An address kept out stays kept out: the endpoint's URL must change, so it is not tried again.
        if (err instanceof RefusedAddress) throw new DeliveryFailure(`address not allowed: ${err.message}`, { permanent: true });
        // Network errors name their code (ECONNREFUSED, ETIMEDOUT, ...).
        const code = isRecord(err) && typeof err.code === 'string' ? err.code : undefined;
        throw new DeliveryFailure(`no answer: ${code ?? errorMessage(err)}`);
      }
      const answer = `${res.status} ${res.text}`.trim();
      if (res.status < 200 || res.status > 299) throw new DeliveryFailure(`HTTP ${res.status}`, { answer, permanent: res.status === 410 });
      if (endpoint.erp && event === 'order.completed') await markUploaded(db, Number(delivery.payload.orderId), endpoint.name);
      return { answer };
    },
  };
}
