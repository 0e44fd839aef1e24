import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlacklistRow, DriverRouteRow, RouteRow, VehicleRow } from '../../src/shared/api/logistics';
import type { RefOptions } from '../../src/shared/pages/schema';
import { auditLogs, driverRoutes, logisticsRoutes, transitPoints, vehicleBlacklist, vehicles } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
let admin: string;
let staff: string;
let dealer: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  staff = await server.login('staff');
  dealer = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(path, { token, body, lang: 'en-US' });
const db = () => server.services.db;
const rows = async (table: typeof vehicles | typeof vehicleBlacklist | typeof transitPoints | typeof logisticsRoutes | typeof driverRoutes) =>
  (await db().select({ n: count() }).from(table))[0].n;

describe('vehicles', () => {
  it('creates, lists, changes and deletes a vehicle; plates are kept upper-case without spaces', async () => {
    const res = await call<{ id: number }>('/logistics/vehicle/save', {
      plateNo: '沪b 12345', vehicleType: 'Box truck', capacityTons: 7.5, driverName: 'Wang', driverPhone: '13912340000', provider: 'Fast',
    });
    expect(res.status, res.body.msg).toBe(200);
    const id = res.body.data.id;
    const detail = await call<VehicleRow>('/logistics/vehicle/detail', { id });
    expect(detail.body.data).toMatchObject({ plateNo: '沪B12345', capacityTons: 7.5, status: 'normal', blacklisted: false });
    expect((await call('/logistics/vehicle/update', { id, plateNo: '沪B12345', vehicleType: 'Van', status: 'disabled' })).status).toBe(200);
    expect((await call<VehicleRow>('/logistics/vehicle/detail', { id })).body.data).toMatchObject({ vehicleType: 'Van', status: 'disabled', driverName: null });
    const page = await call<{ list: VehicleRow[]; total: number }>('/logistics/vehicle/selectByPage', { pageNum: 1, pageSize: 100, keyword: '沪B' });
    expect(page.body.data.list.some((v) => v.id === id)).toBe(true);
    expect((await call('/logistics/vehicle/delete', { ids: [id] })).status).toBe(200);
    expect((await call('/logistics/vehicle/detail', { id })).status).toBe(404);
  });

  it('refuses duplicate plates (409) and bad plates, phones and capacities (400), naming the field and writing nothing', async () => {
    await call('/logistics/vehicle/save', { plateNo: '苏A77777', vehicleType: 'Van' });
    const before = await rows(vehicles);
    const dup = await call('/logistics/vehicle/save', { plateNo: '苏a77777', vehicleType: 'Van' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('plateNo');
    for (const [body, field] of [
      [{ plateNo: 'AB12345', vehicleType: 'Van' }, 'plateNo'],
      [{ plateNo: '苏A1', vehicleType: 'Van' }, 'plateNo'],
      [{ plateNo: '苏A77778', vehicleType: '' }, 'vehicleType'],
      [{ plateNo: '苏A77778', vehicleType: 'Van', driverPhone: '12345' }, 'driverPhone'],
      [{ plateNo: '苏A77778', vehicleType: 'Van', capacityTons: -3 }, 'capacityTons'],
    ] as const) {
      const res = await call('/logistics/vehicle/save', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg.startsWith(`${field}: `), res.body.msg).toBe(true);
    }
    expect(await rows(vehicles)).toBe(before);
  });

  it('a blacklisted plate cannot be saved as a vehicle in normal status, only disabled; an expired block no longer applies', async () => {
    expect((await call('/logistics/blacklist/save', { plateNo: '浙C40404', reason: 'Lost goods' })).status).toBe(200);
    const before = await rows(vehicles);
    const refused = await call('/logistics/vehicle/save', { plateNo: '浙C40404', vehicleType: 'Van', status: 'normal' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('plateNo: The plate 浙C40404 is blacklisted and cannot be saved in normal status');
    expect(await rows(vehicles)).toBe(before);
    const disabled = await call<{ id: number }>('/logistics/vehicle/save', { plateNo: '浙C40404', vehicleType: 'Van', status: 'disabled' });
    expect(disabled.status).toBe(200);
    expect((await call<VehicleRow>('/logistics/vehicle/detail', { id: disabled.body.data.id })).body.data.blacklisted).toBe(true);
    // Turning it back to normal is refused too.
    const back = await call('/logistics/vehicle/update', { id: disabled.body.data.id, plateNo: '浙C40404', vehicleType: 'Van', status: 'normal' });
    expect(back.status).toBe(400);

    expect((await call('/logistics/blacklist/save', { plateNo: '浙C50505', reason: 'Old', blockedUntil: '2020-01-01' })).status).toBe(200);
    expect((await call('/logistics/vehicle/save', { plateNo: '浙C50505', vehicleType: 'Van' })).status).toBe(200);
  });
});

describe('blacklist', () => {
  it('plates are unique; reason required; until must be a day', async () => {
    const ok = await call<{ id: number }>('/logistics/blacklist/save', { plateNo: '京A11111', reason: 'Overloaded', blockedUntil: '2099-12-31' });
    expect(ok.status, ok.body.msg).toBe(200);
    const before = await rows(vehicleBlacklist);
    const dup = await call('/logistics/blacklist/save', { plateNo: '京A11111', reason: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('plateNo');
    const noReason = await call('/logistics/blacklist/save', { plateNo: '京A22222', reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toMatch(/^reason: /);
    const badDay = await call('/logistics/blacklist/save', { plateNo: '京A22222', reason: 'x', blockedUntil: '31/12/2099' });
    expect(badDay.status).toBe(400);
    expect(badDay.body.msg).toMatch(/^blockedUntil: /);
    expect(await rows(vehicleBlacklist)).toBe(before);
    const listed = await call<{ list: BlacklistRow[] }>('/logistics/blacklist/selectByPage', { pageNum: 1, pageSize: 100, keyword: '京A11111' });
    expect(listed.body.data.list[0]).toMatchObject({ plateNo: '京A11111', active: true });
  });
});

describe('transit points and routes', () => {
  let a: number;
  let b: number;
  it('creates points; codes unique and upper-case; phone rule', async () => {
    a = (await call<{ id: number }>('/logistics/transitPoint/save', { code: 'TPA', name: 'Point A', phone: '13800001111' })).body.data.id;
    b = (await call<{ id: number }>('/logistics/transitPoint/save', { code: 'TPB', name: 'Point B' })).body.data.id;
    expect(a && b).toBeTruthy();
    const before = await rows(transitPoints);
    const dup = await call('/logistics/transitPoint/save', { code: 'TPA', name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
    const lower = await call('/logistics/transitPoint/save', { code: 'tpc', name: 'x' });
    expect(lower.status).toBe(400);
    expect(lower.body.msg).toBe('code: Please enter uppercase letters');
    const phone = await call('/logistics/transitPoint/save', { code: 'TPC', name: 'x', phone: '555' });
    expect(phone.status).toBe(400);
    expect(phone.body.msg).toBe('phone: Please enter the right phone number');
    expect(await rows(transitPoints)).toBe(before);
  });

  it('a route joins two different points; a point in use by a route cannot be deleted, nor a route in use by a driver', async () => {
    const before = await rows(logisticsRoutes);
    const same = await call('/logistics/route/save', { code: 'RT1', name: 'Loop', fromPointId: a, toPointId: a });
    expect(same.status).toBe(400);
    expect(same.body.msg).toBe('toPointId: The start and end points must differ');
    const unknown = await call('/logistics/route/save', { code: 'RT1', name: 'x', fromPointId: a, toPointId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/^toPointId: /);
    expect(await rows(logisticsRoutes)).toBe(before);

    const route = await call<{ id: number }>('/logistics/route/save', { code: 'RT1', name: 'A to B', fromPointId: a, toPointId: b, distanceKm: 120, hours: 2.5 });
    expect(route.status, route.body.msg).toBe(200);
    expect((await call('/logistics/route/save', { code: 'RT1', name: 'again', fromPointId: b, toPointId: a })).status).toBe(409);
    const detail = await call<RouteRow>('/logistics/route/detail', { id: route.body.data.id });
    expect(detail.body.data).toMatchObject({ fromPointName: 'Point A', toPointName: 'Point B', distanceKm: 120, hours: 2.5 });
    expect(detail.body.data).toMatchObject({ fromPointLabel: 'TPA Point A', toPointLabel: 'TPB Point B' });
    // The point search finds a route by either of its ends.
    for (const pointId of [a, b]) {
      const found = await call<{ list: RouteRow[] }>('/logistics/route/selectByPage', { pageNum: 1, pageSize: 20, pointId });
      expect(found.body.data.list.map((r) => r.code), String(pointId)).toEqual(['RT1']);
    }

    const inUse = await call('/logistics/transitPoint/delete', { ids: [b] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toBe('The record is in use and cannot be deleted');
    expect(await rows(transitPoints)).toBeGreaterThan(0);

    // The form's choices: the generic answer of a manifest page's options call, by field.
    const options = await call<RefOptions>('/logistics/driverRoute/options', {});
    expect(options.body.data.routeId).toContainEqual({ value: route.body.data.id, label: 'RT1 A to B' });
    const vehicleId = options.body.data.vehicleId[0].value;
    const driver = await call<{ id: number }>('/logistics/driverRoute/save', { driverName: 'Li', driverPhone: '13700002222', vehicleId, routeId: route.body.data.id });
    expect(driver.status, driver.body.msg).toBe(200);
    const listed = await call<DriverRouteRow>('/logistics/driverRoute/detail', { id: driver.body.data.id });
    expect(listed.body.data).toMatchObject({ routeCode: 'RT1', status: 'normal' });
    expect(listed.body.data.plateNo).toBeTruthy();
    expect(listed.body.data).toMatchObject({ routeLabel: 'RT1 A to B', vehicleLabel: listed.body.data.plateNo });
    // Both lists sort by their references, as their columns offer.
    for (const [base, field] of [['route', 'fromPointLabel'], ['route', 'toPointLabel'], ['driverRoute', 'routeLabel'], ['driverRoute', 'vehicleLabel']]) {
      const sorted = await call<{ list: unknown[] }>(`/logistics/${base}/selectByPage`, { pageNum: 1, pageSize: 5, orderBy: [{ field, order: 'desc' }] });
      expect(sorted.status, `${base} by ${field}: ${sorted.body.msg}`).toBe(200);
    }
    expect((await call('/logistics/route/delete', { ids: [route.body.data.id] })).status).toBe(409);
    expect((await call('/logistics/vehicle/delete', { ids: [vehicleId] })).status).toBe(409);

    const badDriver = await call('/logistics/driverRoute/save', { driverName: '', routeId: route.body.data.id });
    expect(badDriver.status).toBe(400);
    expect(badDriver.body.msg).toMatch(/^driverName: /);

    // Once nothing uses them, they go.
    expect((await call('/logistics/driverRoute/delete', { ids: [driver.body.data.id] })).status).toBe(200);
    expect((await call('/logistics/route/delete', { ids: [route.body.data.id] })).status).toBe(200);
    expect((await call('/logistics/transitPoint/delete', { ids: [a, b] })).status).toBe(200);
    const audit = await db().select({ n: count() }).from(auditLogs).where(eq(auditLogs.entity, 'logistics_route'));
    expect(audit[0].n).toBe(2);
  });
});

describe('permissions of the tabs', () => {
  it('each tab checks its own page code: staff may read and add but not delete; a dealer user has no access', async () => {
    expect((await call('/logistics/vehicle/selectByPage', { pageNum: 1, pageSize: 5 }, staff)).status).toBe(200);
    expect((await call('/logistics/route/options', {}, staff)).status).toBe(200);
    const [v] = await db().select({ id: vehicles.id }).from(vehicles).limit(1);
    expect((await call('/logistics/vehicle/delete', { ids: [v.id] }, staff)).status).toBe(403);
    for (const base of ['vehicle', 'blacklist', 'transitPoint', 'route', 'driverRoute']) {
      expect((await call(`/logistics/${base}/selectByPage`, { pageNum: 1, pageSize: 5 }, dealer)).status, base).toBe(403);
    }
  });
});
