import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { WEBHOOK_BODIES } from '../../src/shared/api/webhooks';
import { dealers, exchangeLogs, logisticsRoutes, materials, orders, outbox, stockThresholds, storageLocations, transitPoints, users, vehicles } from '../../src/server/db/schema';
import { sweepStockAlerts } from '../../src/server/jobs/alertSweep';
import { webhookSender } from '../../src/server/modules/integration/webhookSender';
import { createOutbox } from '../../src/server/outbox/dispatcher';
import { createServiceAccount, issueKey, keyCall, ok } from './integrationSupport';
import { startTestServer, type TestServer } from './server';
import { startReceiver, verifySignature, type Receiver } from './webhookReceiver';

/**
 * Webhooks out (docs/integrations.md): an event's deliveries are written with it and sent by the
 * outbox, signed, to real HTTP receivers that verify every signature; a dealer's endpoint hears
 * only its dealer; a receiver that is down is tried again, then shown failed in the upload monitor
 * and sent again on request; two dispatchers send each delivery once; the ERP's acknowledgement
 * marks the order uploaded.
 */
const SECRET = 'whsec_0123456789abcdef0123';
let server: TestServer;
let admin: string;
let all: Receiver;
let own: Receiver;
let others: Receiver;
let dealer1: { id: number; warehouseId: number; locationId: number };
let dealer2Id: number;
let mats: number[];
let serial = 0;

const register = (body: Record<string, unknown>) => ok(server.call<{ id: number }>('/sys/webhook/save', {
  token: admin, lang: 'en-US',
  body: {
    secret: SECRET, status: 'normal', dealerId: null, erp: false,
    orderCompleted: false, orderCancelled: false, stockAlertRaised: false, stockAlertCleared: false, tripDelivered: false, ...body,
  },
}));

beforeAll(async () => {
  // The receivers listen on this host, which the default WEBHOOK_REACH keeps out (webhookReach.test.ts).
  server = await startTestServer({ WEBHOOK_REACH: 'any', OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_RETRY_SECONDS: '0.2', OUTBOX_POLL_SECONDS: '0.5' });
  admin = await server.login('admin');
  const db = server.services.db;
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  const [loc] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, d1.warehouseId!)).limit(1);
  dealer1 = { id: d1.id, warehouseId: d1.warehouseId!, locationId: loc.id };
  [{ dealerId: dealer2Id }] = (await db.select({ dealerId: users.dealerId }).from(users).where(eq(users.userName, 'dealer2'))) as { dealerId: number }[];
  mats = (await db.select({ id: materials.id }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(100)).map((m) => m.id).slice(95);
  [all, own, others] = await Promise.all([startReceiver(SECRET), startReceiver(SECRET), startReceiver(SECRET)]);
  await register({ name: 'ERP', url: all.url, erp: true, orderCompleted: true, orderCancelled: true });
  await register({ name: 'Dealer 1 DMS', url: own.url, dealerId: dealer1.id, orderCompleted: true, orderCancelled: true, stockAlertRaised: true, stockAlertCleared: true });
  await register({ name: 'Dealer 2 DMS', url: others.url, dealerId: dealer2Id, orderCompleted: true, orderCancelled: true, stockAlertRaised: true, stockAlertCleared: true });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([all, own, others].map((r) => r?.stop()));
});
beforeEach(() => {
  for (const r of [all, own, others]) r.answer = () => 200;
});

const call = <T>(path: string, body: unknown) => ok(server.call<T>(path, { token: admin, lang: 'en-US', body }));
/** A receipt for dealer1 with `n` shipped barcodes, scanned; completed unless told. */
async function receipt(n = 2, complete = true): Promise<number> {
  const codes = Array.from({ length: n }, () => `WH${String(++serial).padStart(10, '0')}`);
  const { id } = await call<{ id: number }>('/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: dealer1.warehouseId, lines: [{ materialId: mats[0], plannedQty: n }],
    shipped: codes.map((barcode) => ({ barcode, materialId: mats[0], dotCode: '2325' })),
  });
  for (const barcode of codes) await call('/orderManage/PRorder/scan', { orderId: id, barcode, locationId: dealer1.locationId });
  if (complete) await call('/orderManage/PRorder/complete', { id });
  return id;
}
/** Waits for a state, not a time. */
async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const ofOrder = (r: Receiver, id: number) => r.taken.filter((t) => (t.body.data as { id: number }).id === id && t.event.startsWith('order.'));

describe('webhooks', () => {
  it('an order\'s completion reaches its dealer\'s endpoint and the operator\'s, signed, and never another dealer\'s', async () => {
    const id = await receipt();
    await until(() => [ofOrder(all, id), ofOrder(own, id)], ([a, b]) => a.length > 0 && b.length > 0);
    for (const r of [all, own]) {
      const [taken] = ofOrder(r, id);
      expect(taken.event).toBe('order.completed');
      const body = WEBHOOK_BODIES['order.completed'].parse(taken.body);
      expect(body.data).toMatchObject({ id, orderType: 'PR', status: '2', dealerCode: 'SH0001', lines: [{ plannedQty: 2, scannedQty: 2 }] });
      expect(body.id).toBe(taken.id);
      // A body changed on the way fails the receiver's check.
      const header = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
      expect(verifySignature(SECRET, header, taken.raw)).toBe(false);
    }
    expect(others.taken).toEqual([]);
    expect(all.forged + own.forged + others.forged).toBe(0);
  });

  it('a receiver refuses a tampered body and an old timestamp', async () => {
    const id = await receipt();
    const [taken] = await until(() => ofOrder(own, id), (t) => t.length > 0);
    const [signed] = await until(() => server.services.db.select().from(outbox).where(and(eq(outbox.target, own.url), sql`${outbox.payload}->>'orderId' = ${String(id)}`)), ([r]) => r?.status === 'sent');
    expect(signed.status).toBe('sent');
    const { signatureOf } = await import('../../src/server/modules/integration/webhookSender');
    const fresh = signatureOf(SECRET, taken.raw);
    expect(verifySignature(SECRET, fresh, taken.raw)).toBe(true);
    expect(verifySignature(SECRET, fresh, taken.raw.replace('"status":"2"', '"status":"3"'))).toBe(false);
    expect(verifySignature('another-secret-of-16+', fresh, taken.raw)).toBe(false);
    const old = signatureOf(SECRET, taken.raw, Math.floor(Date.now() / 1000) - 600);
    expect(verifySignature(SECRET, old, taken.raw)).toBe(false);
    // Sent to the receiver as such, it is refused there.
    const res = await fetch(own.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': old }, body: taken.raw });
    expect(res.status).toBe(400);
  });

  it('the ERP\'s acknowledgement marks the order uploaded, as the upload monitor shows', async () => {
    const id = await receipt();
    const [order] = await until(() => server.services.db.select().from(orders).where(eq(orders.id, id)), ([o]) => o.uploadStatus === '1');
    expect(order.uploadStatus).toBe('1');
    const logged = await server.services.db.select().from(exchangeLogs).where(and(eq(exchangeLogs.ref, order.orderNo), eq(exchangeLogs.kind, 'orderUpload')));
    expect(logged.map((l) => [l.system, l.ok, l.userName])).toEqual([['ERP', true, 'webhook:ERP']]);
  });

  it('a receiver refusing once gets the delivery again, once; one order\'s events keep their order', async () => {
    let refusals = 1;
    own.answer = (t) => (t.event === 'order.cancelled' && refusals-- > 0 ? 503 : 200);
    const id = await receipt(1, false);
    await call('/orderManage/PRorder/cancel', { id });
    const taken = await until(() => ofOrder(own, id), (t) => t.length > 0);
    expect(taken.map((t) => t.event)).toEqual(['order.cancelled']);
    const [row] = await until(() => server.services.db.select().from(outbox).where(and(eq(outbox.target, own.url), eq(outbox.topic, 'order.cancelled'), sql`${outbox.payload}->>'orderId' = ${String(id)}`)), ([r]) => r?.status === 'sent');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a receiver that stays down: tried again, failed in the upload monitor with its answer, and sent again on request', async () => {
    const down = await startReceiver(SECRET);
    down.answer = () => 503;
    const { id: endpointId } = await register({ name: 'Down', url: down.url, dealerId: dealer1.id, orderCancelled: true });
    const id = await receipt(1, false);
    await call('/orderManage/PRorder/cancel', { id });
    const rowsOf = () => server.services.db.select().from(outbox).where(sql`${outbox.payload}->>'endpointId' = ${String(endpointId)}`);
    const [failed] = await until(rowsOf, ([r]) => r?.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastAnswer: '503 refused 503', dealerId: dealer1.id });

    const monitor = await call<ReportPageAnswer>('/analysis/report/uploadMonitor/selectByPage', { pageSize: 100, keyword: 'refused 503' });
    const shown = monitor.rows.find((r) => r.id === failed.id);
    expect(shown).toMatchObject({ channel: 'HOOK', result: 'no', retryable: true, uploadId: 'Order cancelled', orderNo: down.url });
    expect(String(shown?.message)).toContain('503 refused 503');

    down.answer = () => 200;
    await call('/monitoring/outbox/retry', { id: failed.id });
    const [sent] = await until(rowsOf, ([r]) => r.status === 'sent');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, retriedBy: 'admin' });
    expect(down.taken.map((t) => [t.event, (t.body.data as { id: number }).id])).toEqual([['order.cancelled', id]]);
    await down.stop();
  });

  it('stock alerts raised and cleared reach the dealer\'s endpoint in order, though the first was refused once', async () => {
    const db = server.services.db;
    let refusals = 1;
    own.answer = (t) => (t.event === 'stockAlert.raised' && refusals-- > 0 ? 503 : 200);
    const [threshold] = await db.insert(stockThresholds).values({ warehouseId: dealer1.warehouseId, materialId: mats[1], minQty: 5 }).returning();
    await sweepStockAlerts(server.services);
    await db.delete(stockThresholds).where(eq(stockThresholds.id, threshold.id));
    await sweepStockAlerts(server.services);
    const alerts = () => own.taken.filter((t) => t.event.startsWith('stockAlert.'));
    const taken = await until(alerts, (t) => t.length >= 2);
    expect(taken.map((t) => t.event)).toEqual(['stockAlert.raised', 'stockAlert.cleared']);
    expect(refusals).toBe(-1);
    const raised = WEBHOOK_BODIES['stockAlert.raised'].parse(taken[0].body);
    expect(raised.data).toMatchObject({ kind: 'low', threshold: 5, dealerCode: 'SH0001' });
    expect(others.taken.filter((t) => t.event.startsWith('stockAlert.'))).toEqual([]);
  });

  it('a trip delivered by the TMS with a service account\'s key reaches its dealer\'s endpoint', async () => {
    const db = server.services.db;
    await register({ name: 'Dealer 1 trips', url: own.url, dealerId: dealer1.id, tripDelivered: true });
    const { id: orderId } = await call<{ id: number }>('/orderManage/WLorder/save', { orderType: 'WL', warehouseId: dealer1.warehouseId, lines: [{ materialId: mats[0], plannedQty: 1 }] });
    const [sz] = await db.select({ id: transitPoints.id }).from(transitPoints).where(eq(transitPoints.code, 'SZHUB'));
    const { id } = await call<{ id: number }>('/logistics/carRequest/save', {
      warehouseId: dealer1.warehouseId, orderIds: [orderId], destinationIds: [sz.id], needDate: '2026-12-01', tyres: 4, weightTons: 1,
    });
    const [route] = await db.select({ id: logisticsRoutes.id }).from(logisticsRoutes).where(eq(logisticsRoutes.code, 'R001'));
    const [vehicle] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.plateNo, '沪A12345'));
    await call('/logistics/carRequest/assign', {
      id, vehicleId: vehicle.id, driverName: '王强', driverPhone: '13912345678', routeId: route.id, plannedStart: new Date(Date.now() - 7_200_000).toISOString(),
    });
    await call('/logistics/carRequest/load', { id });
    await call('/logistics/carRequest/depart', { id });
    const trip = await call<{ requestNo: string; stops: { seq: number; pointCode: string }[] }>('/logistics/carRequest/trip', { id });
    const tms = await createServiceAccount(server, admin, { userName: 'tms-hook', roleCodes: ['staff'] });
    const key = (await issueKey(server, admin, tms)).key;
    for (const stop of trip.stops) {
      const res = await keyCall(server, key, '/tms/stopReport', { requestNo: trip.requestNo, pointCode: stop.pointCode });
      expect(res.status, res.body.msg).toBe(200);
    }
    const [taken] = await until(() => own.taken.filter((t) => t.event === 'trip.delivered'), (t) => t.length > 0);
    const body = WEBHOOK_BODIES['trip.delivered'].parse(taken.body);
    expect(body.data).toMatchObject({ id, requestNo: trip.requestNo, status: 'delivered', dealerCode: 'SH0001' });
    expect(others.taken.filter((t) => t.event === 'trip.delivered')).toEqual([]);
  });

  it('two dispatchers on one database send each delivery once', async () => {
    const db = server.services.db;
    const ids = [await receipt(1, false), await receipt(1, false), await receipt(1, false)];
    // Written without waking this server's own dispatcher: its poll and two more dispatchers race for them.
    const settings = { OUTBOX_MAX_ATTEMPTS: 3, OUTBOX_RETRY_SECONDS: 0.2, OUTBOX_POLL_SECONDS: 60 };
    const quiet = { warn: () => undefined, error: () => undefined };
    const nodes = [createOutbox(db, settings, quiet), createOutbox(db, settings, quiet)];
    for (const node of nodes) node.register('webhook', webhookSender(db, 'any'));
    await Promise.all(ids.map((id) => call('/orderManage/PRorder/cancel', { id })));
    const rows = () => db.select().from(outbox).where(and(eq(outbox.topic, 'order.cancelled'), inArray(outbox.target, [all.url, own.url]), inArray(sql`(${outbox.payload}->>'orderId')::int`, ids)));
    await until(async () => {
      await Promise.all(nodes.map((n) => n.drain()));
      return rows();
    }, (r) => r.length === 6 && r.every((x) => x.status === 'sent'));
    for (const r of [all, own]) {
      const got = r.taken.filter((t) => t.event === 'order.cancelled' && ids.includes((t.body.data as { id: number }).id));
      expect(got.map((t) => (t.body.data as { id: number }).id).sort()).toEqual([...ids].sort());
    }
  });

  it('the API document describes each event\'s body under webhooks', async () => {
    const doc = (await server.call<never>('/openapi.json')).body as unknown as { webhooks: Record<string, { post: { requestBody: unknown } }>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.webhooks).sort()).toEqual(['order.cancelled', 'order.completed', 'stockAlert.cleared', 'stockAlert.raised', 'trip.delivered']);
    expect(doc.components.schemas.WebhookOrderCompleted).toMatchObject({ type: 'object', properties: { type: { const: 'order.completed' } } });
  });
});
