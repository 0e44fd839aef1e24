import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reconciliation, Trip } from '../../src/shared/api/dispatch';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import {
  dealers, laborFactors, logisticsRoutes, resources, roleResources, roles, transitPoints, vehicleBlacklist, vehicles, warehouseCoefficients, warehouses,
} from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let staff: string;
let dealer1: string;
let dealer2: string;
let own: { warehouseId: number; dealerId: number };
let central: number;
let points: Record<string, number>;
let route: { id: number; distanceKm: number };
let plates: Record<string, number>;
let materialId: number;

/** Gives the demo dealer role route following's report button (the demo withholds it): what an administrator could do in the role editor. */
async function grantDealersReport() {
  const db = server.services.db;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const [button] = await db.select({ id: resources.id }).from(resources).where(eq(resources.perm, 'ordermanage:carroutefollowing:report'));
  const give = () => db.insert(roleResources).values({ roleId: role.id, resourceId: button.id }).onConflictDoNothing();
  await give();
  return {
    revoke: () => db.delete(roleResources).where(and(eq(roleResources.roleId, role.id), eq(roleResources.resourceId, button.id))),
    again: give,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  [admin, staff, dealer1, dealer2] = await Promise.all(['admin', 'staff', 'dealer1', 'dealer2'].map((u) => server.login(u)));
  const db = server.services.db;
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  own = { warehouseId: d1.warehouseId!, dealerId: d1.id };
  [{ id: central }] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC03'));
  points = Object.fromEntries((await db.select().from(transitPoints)).map((p) => [p.code, p.id]));
  const [r1] = await db.select().from(logisticsRoutes).where(eq(logisticsRoutes.code, 'R001'));
  route = { id: r1.id, distanceKm: r1.distanceKm! };
  plates = Object.fromEntries((await db.select().from(vehicles)).map((v) => [v.plateNo, v.id]));
  ({ materialId } = (await server.call<{ list: { id: number }[] }>('/basedata/material/selectByPage', { token: admin, body: { pageNum: 1, pageSize: 1 } })).body.data.list
    .map((m) => ({ materialId: m.id }))[0]);
  // The fee's parts, worked out by hand below: a labour company's two work types and the warehouse's coefficient.
  await db.insert(laborFactors).values([
    { companyName: 'Hand Labour', workType: 'loading', unitFee: 0.8, factor: 1.2 },
    { companyName: 'Hand Labour', workType: 'unloading', unitFee: 0.5, factor: 1 },
    { companyName: 'Hand Labour', workType: 'sorting', unitFee: 9, factor: 1, status: 'disabled' },
  ]);
  await db.insert(warehouseCoefficients).values({ warehouseId: own.warehouseId, coefficient: 1.2 }).onConflictDoUpdate({ target: warehouseCoefficients.warehouseId, set: { coefficient: 1.2 } });
});
afterAll(async () => { await server?.stop(); });

type Answer<T> = { status: number; body: { code: number; msg: string; data: T } };
const call = <T = unknown>(path: string, body: unknown, token = admin): Promise<Answer<T>> => server.call<T>(path, { token, body, lang: 'en-US' }) as Promise<Answer<T>>;
const ok = async <T>(res: Promise<Answer<T>>) => {
  const r = await res;
  expect(r.status, r.body.msg).toBe(200);
  return r.body.data;
};
let orderSerial = 0;
/** A sales outbound order (not scanned) of a warehouse; its id and number. */
async function outbound(warehouseId: number, token = admin) {
  const { id } = await ok(call<{ id: number }>('/orderManage/WLorder/save', {
    orderType: 'WL', warehouseId, lines: [{ materialId, plannedQty: 4 }], counterparty: `Dispatch test ${++orderSerial}`,
  }, token));
  const detail = await ok(call<{ orderNo: string }>('/orderManage/WLorder/detail', { id }, token));
  return { id, orderNo: detail.orderNo };
}
const request = (body: Record<string, unknown>, token = dealer1) => call<{ id: number }>('/logistics/carRequest/save', {
  needDate: '2026-12-01', tyres: 40, weightTons: 4, destinationIds: [points.SZHUB], ...body,
}, token);
const trip = (id: number, token = admin) => ok(call<Trip>('/logistics/carRequest/trip', { id }, token));
const assignment = (id: number, extra: Record<string, unknown> = {}) => ({
  id, vehicleId: plates['沪A12345'], driverName: '王强', driverPhone: '13912345678', routeId: route.id,
  plannedStart: new Date(Date.now() - 2 * 3_600_000).toISOString(), laborCompany: 'Hand Labour', ...extra,
});

describe('car requests', () => {
  it('a dealer requests a car for its outbound orders; the number, dealer and status are set by the server', async () => {
    const [a, b] = [await outbound(own.warehouseId, dealer1), await outbound(own.warehouseId, dealer1)];
    const { id } = await ok(request({ warehouseId: own.warehouseId, orderIds: [a.id, b.id], destinationIds: [points.SZHUB, points.HZHUB] }));
    const row = await ok(call<Record<string, unknown>>('/logistics/carRequest/detail', { id }, dealer1));
    expect(row).toMatchObject({ status: 'requested', dealerId: own.dealerId, tyres: 40 });
    expect(row.requestNo).toMatch(/^CR\d{8}\d{6}$/);
    expect(row.orderIdsLabel).toBe(`${a.orderNo}, ${b.orderNo}`);
    expect(row.destinationIdsLabel).toBe('SZHUB 苏州中转站, HZHUB 杭州中转站');
  });

  it('refuses orders of another warehouse, an order already on a request, a warehouse outside the scope, and empty fields', async () => {
    const other = await outbound(central);
    const mine = await outbound(own.warehouseId, dealer1);
    const stray = await request({ warehouseId: own.warehouseId, orderIds: [other.id] });
    // dealer1 cannot even name the central warehouse's order
    expect(stray.status).toBe(400);
    const strayAdmin = await request({ warehouseId: own.warehouseId, orderIds: [other.id] }, admin);
    expect(strayAdmin.body.msg).toBe(`orderIds: Order ${other.orderNo} is not an order of the chosen warehouse`);
    await ok(request({ warehouseId: own.warehouseId, orderIds: [mine.id] }));
    const twice = await request({ warehouseId: own.warehouseId, orderIds: [mine.id] });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(new RegExp(`^orderIds: Order ${mine.orderNo} is already on car request CR\\d+$`));
    expect((await request({ warehouseId: central, orderIds: [other.id] })).status).toBe(400);
    const empty = await request({ warehouseId: own.warehouseId, orderIds: [], destinationIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/cannot be empty/);
  });

  it('a dealer sees only its own requests and trips', async () => {
    const o = await outbound(own.warehouseId, dealer1);
    const { id } = await ok(request({ warehouseId: own.warehouseId, orderIds: [o.id] }));
    const theirs = await ok(call<{ list: { id: number }[] }>('/logistics/carRequest/selectByPage', { pageNum: 1, pageSize: 500 }, dealer2));
    expect(theirs.list.map((r) => r.id)).not.toContain(id);
    expect((await call('/logistics/carRequest/trip', { id }, dealer2)).status).toBe(404);
    expect((await call('/logistics/carRequest/cancel', { id }, dealer2)).status).toBe(404);
    const mine = await ok(call<{ list: { id: number }[] }>('/logistics/carRequest/selectByPage', { pageNum: 1, pageSize: 500 }, dealer1));
    expect(mine.list.map((r) => r.id)).toContain(id);
  });
});

describe('dispatch', () => {
  let id: number;
  let orders: { id: number; orderNo: string }[];
  beforeAll(async () => {
    orders = [await outbound(own.warehouseId, dealer1), await outbound(own.warehouseId, dealer1)];
    ({ id } = await ok(request({ warehouseId: own.warehouseId, orderIds: orders.map((o) => o.id), destinationIds: [points.SZHUB, points.HZHUB] })));
  });

  it('moves only along the lifecycle: nothing but assign or cancel from requested', async () => {
    const early = await call('/logistics/carRequest/load', { id }, staff);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('The request is Requested and cannot be moved to Start loading');
    expect((await call('/logistics/carRequest/depart', { id }, staff)).status).toBe(409);
    expect((await call('/logistics/carRequest/close', { id }, staff)).status).toBe(409);
  });

  it('only dispatchers assign; a dealer is refused', async () => {
    expect((await call('/logistics/carRequest/assign', assignment(id), dealer1)).status).toBe(403);
  });

  it('refuses a blacklisted vehicle or driver with the blacklist reason, a disabled vehicle, and a load over capacity', async () => {
    const db = server.services.db;
    await db.insert(vehicleBlacklist).values({ plateNo: '浙B88321', reason: 'Tyres lost on the way' });
    const plate = await call('/logistics/carRequest/assign', assignment(id, { vehicleId: plates['浙B88321'] }), staff);
    expect(plate.status).toBe(409);
    expect(plate.body.msg).toBe('vehicleId: Vehicle 浙B88321 is blacklisted: Tyres lost on the way');
    await db.insert(vehicleBlacklist).values({ plateNo: '豫A00001', reason: 'Drunk driving', driverPhone: '13700000001' });
    const driver = await call('/logistics/carRequest/assign', assignment(id, { driverName: '钱七', driverPhone: '13700000001' }), staff);
    expect(driver.status).toBe(409);
    expect(driver.body.msg).toBe('driverPhone: Driver 钱七 13700000001 is blacklisted: Drunk driving');
    const disabled = await call('/logistics/carRequest/assign', assignment(id, { vehicleId: plates['鲁C51234'] }), staff);
    expect(disabled.body.msg).toBe('vehicleId: Vehicle 鲁C51234 is disabled');
    // 4 t on a 2 t light truck
    const heavy = await call('/logistics/carRequest/assign', assignment(id, { vehicleId: plates['皖A0D7791'] }), staff);
    expect(heavy.status).toBe(409);
    expect(heavy.body.msg).toBe('vehicleId: The load of 4 t is over the vehicle\'s capacity of 2 t');
    expect((await trip(id)).status).toBe('requested');
  });

  it('assigns a vehicle, driver and route: stops planned over the route hours, a fee estimated, the request locked', async () => {
    expect(await ok(call('/logistics/carRequest/assign', assignment(id), staff))).toEqual({ id, status: 'assigned' });
    const t = await trip(id);
    expect(t).toMatchObject({ status: 'assigned', plateNo: '沪A12345', driverName: '王强', distanceKm: route.distanceKm, orderNos: orders.map((o) => o.orderNo) });
    expect(t.stops.map((s) => [s.seq, s.pointCode, s.arrivedAt])).toEqual([[1, 'SZHUB', null], [2, 'HZHUB', null]]);
    // R001 is 2 hours: the stops are planned 1 and 2 hours after the start.
    expect(new Date(t.stops[1].plannedAt).getTime() - new Date(t.plannedStart!).getTime()).toBe(2 * 3_600_000);
    expect((await call('/logistics/carRequest/update', { id, warehouseId: own.warehouseId, orderIds: orders.map((o) => o.id), destinationIds: [points.SZHUB], needDate: '2026-12-02', tyres: 40 }, dealer1)).status).toBe(409);
    expect((await call('/logistics/carRequest/delete', { ids: [id] }, admin)).status).toBe(409);
  });

  it('one vehicle cannot hold two trips at once', async () => {
    const o = await outbound(own.warehouseId, dealer1);
    const second = (await ok(request({ warehouseId: own.warehouseId, orderIds: [o.id] }))).id;
    const busy = await call('/logistics/carRequest/assign', assignment(second), staff);
    expect(busy.status).toBe(409);
    expect(busy.body.msg).toMatch(/^vehicleId: Vehicle 沪A12345 is already on the trip of request CR\d+$/);
    // Another vehicle is fine; then the requester cancels it before it leaves.
    await ok(call('/logistics/carRequest/assign', assignment(second, { vehicleId: plates['苏E6K218'], driverName: '李军', driverPhone: '13812345679' }), staff));
    expect(await ok(call('/logistics/carRequest/cancel', { id: second, note: 'Customer postponed' }, dealer1))).toEqual({ id: second, status: 'cancelled' });
    expect((await call('/logistics/carRequest/cancel', { id: second }, dealer1)).status).toBe(409);
    // Its orders are free again.
    await ok(request({ warehouseId: own.warehouseId, orderIds: [o.id] }));
  });

  it('loads, departs, and takes stop reports from the console and the TMS; the last stop delivers the trip', async () => {
    await ok(call('/logistics/carRequest/load', { id }, staff));
    const stopEarly = await call('/logistics/carRequest/stop', { id, seq: 1 }, staff);
    expect(stopEarly.status).toBe(409);
    await ok(call('/logistics/carRequest/depart', { id }, staff));
    expect((await call('/logistics/carRequest/cancel', { id }, staff)).status).toBe(409);
    // A reported time is after the departure and not in the future.
    const departed = new Date((await trip(id)).departedAt!).getTime();
    expect((await call('/logistics/carRequest/stop', { id, seq: 1, arrivedAt: new Date(Date.now() + 3_600_000).toISOString() }, staff)).body.msg)
      .toBe('arrivedAt: A stop is reached after the vehicle left and not later than now');
    expect((await call('/logistics/carRequest/stop', { id, seq: 1, arrivedAt: new Date(departed - 60_000).toISOString() }, staff)).status).toBe(400);
    // Stop 1 now: an hour after its planned time, late.
    await ok(call('/logistics/carRequest/stop', { id, seq: 1 }, staff));
    expect((await call('/logistics/carRequest/stop', { id, seq: 1 }, staff)).status).toBe(409);
    expect((await call('/logistics/carRequest/stop', { id, seq: 9 }, staff)).status).toBe(400);
    expect((await call('/logistics/carRequest/stop', { id, seq: 2 }, dealer1)).status).toBe(403);

    // The TMS token acts with its user's rights: a dealer without the report button gets none.
    const requestNo = (await trip(id)).requestNo;
    const tms = (body: unknown, token?: string) => server.call<{ status: string }>('/tms/stopReport', { body, lang: 'en-US', headers: token ? { 'tms-token': token } : {} });
    expect((await call('/tms/getTmsToken', undefined, dealer1)).status).toBe(403);
    const grant = await grantDealersReport();
    // No token, a forged one, another dealer's (outside its scope), one whose user lost the button, then dealer1's own.
    expect((await tms({ requestNo, pointCode: 'HZHUB' })).status).toBe(401);
    const token = (await ok(call<{ token: string }>('/tms/getTmsToken', undefined, dealer1))).token;
    expect((await tms({ requestNo, pointCode: 'HZHUB' }, `${token.split('.')[0]}.forged`)).status).toBe(401);
    const otherToken = (await ok(call<{ token: string }>('/tms/getTmsToken', undefined, dealer2))).token;
    expect((await tms({ requestNo, pointCode: 'HZHUB' }, otherToken)).status).toBe(404);
    await grant.revoke();
    expect((await tms({ requestNo, pointCode: 'HZHUB' }, token)).status).toBe(401);
    await grant.again();
    const done = await tms({ requestNo, pointCode: 'hzhub' }, token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toEqual({ id, status: 'delivered' });

    const t = await trip(id);
    expect(t.stops.map((s) => [s.source, s.late])).toEqual([['console', true], ['tms', false]]);

    // The exchange is documented: the token call, and the report with its header scheme, body and answer.
    const doc = (await (await fetch(`${server.url}/fms/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary: string; security: unknown; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const report = doc.paths['/fms/api/v1/tms/stopReport'].post;
    expect(report.security).toEqual([{ 'tms-token': [] }, { apiKeyBearer: [] }, { apiKey: [] }]);
    expect(doc.components.securitySchemes['tms-token']).toEqual({ type: 'apiKey', in: 'header', name: 'tms-token' });
    expect(Object.keys(report.requestBody!.content['application/json'].schema.properties)).toEqual(['requestNo', 'seq', 'pointCode', 'arrivedAt']);
    expect(report.responses[401]).toBeDefined();
    expect(doc.paths['/fms/api/v1/tms/getTmsToken'].get.summary).toMatch(/tms-token header of POST \/tms\/stopReport/);
    expect(t.events.map((e) => e.action)).toEqual(['create', 'assign', 'load', 'depart', 'stop', 'stop', 'deliver']);
    expect(t.events[0]).toMatchObject({ toStatus: 'requested', userName: 'dealer1' });
    expect(t.events[1]).toMatchObject({ fromStatus: 'requested', toStatus: 'assigned', userName: 'staff' });
  });

  it('a dispatcher may mark a trip delivered by hand, with stops left unreported; a delivered trip is not cancelled', async () => {
    const o = await outbound(own.warehouseId, dealer1);
    const other = (await ok(request({ warehouseId: own.warehouseId, orderIds: [o.id], weightTons: 1 }))).id;
    await ok(call('/logistics/carRequest/assign', assignment(other, { vehicleId: plates['苏E6K218'], driverName: '李军', driverPhone: '13812345679', laborCompany: null }), staff));
    for (const action of ['load', 'depart', 'deliver']) await ok(call(`/logistics/carRequest/${action}`, { id: other, note: `by hand: ${action}` }, staff));
    const t = await trip(other);
    expect(t).toMatchObject({ status: 'delivered', feeDetail: { handling: [], handlingPart: 0 } });
    expect(t.deliveredAt).not.toBeNull();
    expect(t.events.at(-1)).toMatchObject({ action: 'deliver', note: 'by hand: deliver' });
    expect((await call('/logistics/carRequest/cancel', { id: other }, staff)).status).toBe(409);
    expect((await call('/logistics/carRequest/stop', { id: other, seq: 1 }, staff)).status).toBe(409);
  });

  it('closes with the fee worked out by hand, and reconciles it with the uploaded fees', async () => {
    expect(await ok(call('/logistics/carRequest/close', { id }, staff))).toEqual({ id, status: 'closed' });
    const t = await trip(id);
    // 105 km x 3.5 = 367.50; handling (0.8 x 1.2 + 0.5 x 1 = 1.46) x 40 tyres = 58.40 (the disabled work type left out);
    // (367.50 + 58.40) x 1.2 = 511.08
    expect(t.fee).toBe(511.08);
    expect(t.feeDetail).toMatchObject({ distancePart: 367.5, handlingPerTyre: 1.46, handlingPart: 58.4, coefficient: 1.2, fee: 511.08 });

    await ok(call('/reportQuery/psfByDelivery/save', { orderNo: orders[0].orderNo, carrier: '顺达物流', fee: 500, deliveredOn: '2026-11-20' }));
    const rec = await ok(call<Reconciliation>('/logistics/fees/reconcile', { differencesOnly: true }, staff));
    const row = rec.trips.find((r) => r.id === id)!;
    expect(row).toMatchObject({ fee: 511.08, uploaded: 500, difference: -11.08, orderNos: orders.map((o) => o.orderNo), missing: [orders[1].orderNo] });
    const dealer = rec.dealers.find((d) => d.dealerId === own.dealerId)!;
    expect(dealer.trips).toBeGreaterThanOrEqual(1);
    // A dealer is not a dispatcher.
    expect((await call('/logistics/fees/reconcile', {}, dealer1)).status).toBe(403);
  });

  it('counts the trip in the driver reports: day, month and record, within the caller scope', async () => {
    const requestNo = (await trip(id)).requestNo;
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    // The demo's own trips of the same driver fall on earlier days: today's row is this test's trip alone.
    const day = await ok(call<ReportPageAnswer>('/analysis/report/DriverReportDay/selectByPage', { pageNum: 1, pageSize: 50, keyword: '13912345678' }, staff));
    expect(day.rows.find((r) => r.day === today)).toMatchObject({ driverName: '王强', trips: 1, tyres: 40, distanceKm: 105, stops: 2, onTimeRate: 0.5, fee: 511.08 });
    const byRequest = await ok(call<ReportPageAnswer>('/analysis/report/DriverReportDay/selectByPage', { pageNum: 1, pageSize: 50, keyword: requestNo }, staff));
    expect(byRequest.rows).toHaveLength(1);
    const month = await ok(call<ReportPageAnswer>('/analysis/report/DriverReportMonth/selectByPage', { pageNum: 1, pageSize: 50, keyword: requestNo }, staff));
    expect(month.rows).toEqual([expect.objectContaining({ month: today.slice(0, 7), trips: 1, tyres: 40 })]);
    const record = await ok(call<ReportPageAnswer>('/analysis/report/DriverRecord/selectByPage', { pageNum: 1, pageSize: 50, keyword: requestNo }, staff));
    expect(record.rows[0]).toMatchObject({ plateNo: '沪A12345', stops: 2, onTimeStops: 1, status: 'Closed' });
    const chart = await ok(call<{ rows: { trips: number; lateStops: number }[] }>('/analysis/report/DriverReportDay/chart', { keyword: requestNo }, staff));
    expect(chart.rows).toEqual([expect.objectContaining({ trips: 1, lateStops: 1 })]);
    // The driver reports are the maker's (dealers are not granted them in the demo).
    expect((await call('/analysis/report/DriverRecord/selectByPage', { pageNum: 1, pageSize: 50 }, dealer2)).status).toBe(403);
  });
});

describe('exchanges on the upload monitor', () => {
  type Row = { channel: string; id: number; uploadId: string; orderNo: string; result: string; message: string | null; retryable: boolean };
  const monitor = async (keyword: string) => (await ok(call<ReportPageAnswer>('/analysis/report/uploadMonitor/selectByPage', { pageNum: 1, pageSize: 50, keyword }, staff))).rows as unknown as Row[];

  it('logs a refused TMS stop report, retries it once the trip is on the way, and never twice', async () => {
    const o = await outbound(own.warehouseId, dealer1);
    const { id } = await ok(request({ warehouseId: own.warehouseId, orderIds: [o.id] }));
    await ok(call('/logistics/carRequest/assign', assignment(id), staff));
    const { requestNo } = await trip(id);
    await grantDealersReport();
    const token = (await ok(call<{ token: string }>('/tms/getTmsToken', undefined, dealer1))).token;
    const early = await server.call('/tms/stopReport', { body: { requestNo, seq: 1 }, lang: 'en-US', headers: { 'tms-token': token } });
    expect(early.status).toBe(409);
    const [refused] = await monitor(requestNo);
    expect(refused).toMatchObject({ channel: 'TMS', uploadId: 'TMS stop report', orderNo: requestNo, result: 'no', retryable: true });
    expect(refused.message).toBe('The request is Assigned and cannot be moved to Stop reached');
    // Not while the trip cannot take it; then, once on the way, as the retrying user.
    expect((await call('/monitoring/exchange/retry', { id: refused.id }, staff)).status).toBe(409);
    expect((await call('/monitoring/exchange/retry', { id: refused.id }, dealer1)).status).toBe(403);
    await ok(call('/logistics/carRequest/load', { id }, staff));
    await ok(call('/logistics/carRequest/depart', { id }, staff));
    expect(await ok(call('/monitoring/exchange/retry', { id: refused.id }, staff))).toEqual({ id, status: 'delivered' });
    const t = await trip(id);
    expect(t.stops[0]).toMatchObject({ source: 'tms', reportedBy: `staff (retry #${refused.id})` });
    const after = await monitor(requestNo);
    expect(after.find((r) => r.id === refused.id)).toMatchObject({ result: 'no', retryable: false, message: 'The request is Assigned and cannot be moved to Stop reached' });
    expect(after.find((r) => r.id !== refused.id)).toMatchObject({ channel: 'TMS', result: 'yes', message: `retry of #${refused.id}` });
    const again = await call('/monitoring/exchange/retry', { id: refused.id }, staff);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/cannot be retried/);
  });

  it('logs a forged token without a dealer, and each order recorded as uploaded to the ERP', async () => {
    expect((await server.call('/tms/stopReport', { body: { requestNo: 'CRFORGED01', seq: 1 }, lang: 'en-US', headers: { 'tms-token': 'x.y' } })).status).toBe(401);
    // Not retryable: nothing vouches for what an unauthenticated caller sent.
    expect((await monitor('CRFORGED01'))[0]).toMatchObject({ channel: 'TMS', result: 'no', message: 'The TMS token is invalid or has expired', retryable: false });
    const [done] = await server.services.db.execute(sql`select id, order_no as "orderNo" from orders where status = '2' and order_type = 'WL' and upload_status = '0' and warehouse_id = ${own.warehouseId} limit 1`)
      .then((r) => (r as unknown as { rows: { id: number; orderNo: string }[] }).rows);
    await ok(call('/orderManage/WLorder/markUploaded', { ids: [done.id] }, dealer1));
    expect((await monitor(done.orderNo)).find((r) => r.channel === 'ERP')).toMatchObject({ uploadId: 'Order upload to the ERP', result: 'yes', retryable: false });
  });
});
