import { asc, eq, inArray, sql } from 'drizzle-orm';
import { message } from '../../../shared/i18n/messages';
import { ACTION_LABELS, deliveryFee, plannedArrivals, STATUS_LABELS, type CarRequestStatus } from '../../../shared/logistics/dispatch';
import { dayOf } from '../../modules/stock/ledger';
import { queryRows, type Db } from '../client';
import {
  carRequestEvents, carRequests, carRequestStops, deliveryFees, exchangeLogs, laborFactors, logisticsProviders, logisticsRoutes, transitPoints, vehicles,
  warehouseCoefficients,
} from '../schema';
import { getOrThrow, must } from '../../../shared/must';

/** The per-km rate the demo's fees were worked out with (the DELIVERY_FEE_PER_KM default). */
const PER_KM = 3.5;
const HOUR = 3_600_000;
const LABOUR = '捷力装卸服务';

type OutboundOrder = { id: number; orderNo: string; warehouseId: number; dealerId: number | null; completedAt: Date; tyres: number };

/**
 * Demo logistics: the /other lists (labour factors, warehouse coefficients, logistics
 * providers), and car requests with their trips — three weeks of closed trips built on the
 * history's completed outbound orders (so the driver reports and the fee reconciliation have
 * figures, some stops late, some uploaded fees differing or missing), one trip on the way, one
 * assigned, and two requests waiting for a vehicle. Runs after the stock history.
 */
export async function seedDemoLogistics(tx: Db): Promise<void> {
  await tx.insert(logisticsProviders).values([
    { code: 'SD001', name: '顺达物流', contact: '韩松', phone: '13900001111', address: '上海市嘉定区物流园 18 号' },
    { code: 'AY002', name: '安运供应链', contact: '宋佳', phone: '13900002222', address: '浙江省杭州市萧山区空港物流园 9 号' },
    { code: 'QL003', name: '齐鲁快运', contact: '孔明', phone: '13900003333', address: '山东省济南市历城区物流港 2 号', status: 'disabled' },
  ]);
  await tx.insert(laborFactors).values([
    { companyName: LABOUR, workType: 'loading', unitFee: 0.6, factor: 1 },
    { companyName: LABOUR, workType: 'unloading', unitFee: 0.5, factor: 1 },
    { companyName: LABOUR, workType: 'handling', unitFee: 0.3, factor: 1.2 },
    { companyName: '众诚劳务', workType: 'loading', unitFee: 0.7, factor: 1.1 },
    { companyName: '众诚劳务', workType: 'unloading', unitFee: 0.55, factor: 1 },
    { companyName: '众诚劳务', workType: 'sorting', unitFee: 0.2, factor: 1, status: 'disabled', remark: '分拣外包已停止' },
  ]);
  // Two vehicles beyond the base data's, for the trips running now.
  await tx.insert(vehicles).values([
    { plateNo: '沪D30712', vehicleType: '厢式货车', capacityTons: '6.00', driverName: '陈刚', driverPhone: '13311112222', provider: '顺达物流' },
    { plateNo: '浙A7F360', vehicleType: '厢式货车', capacityTons: '8.00', driverName: '何平', driverPhone: '13322223333', provider: '安运供应链' },
  ]);

  // Outbound orders completed in the last three weeks, a few per warehouse of the first dealers.
  const orders = await queryRows<OutboundOrder>(tx, sql`
    select * from (
      select o.id, o.order_no as "orderNo", o.warehouse_id as "warehouseId", o.dealer_id as "dealerId", o.completed_at as "completedAt",
        (select coalesce(sum(l.planned_qty), 0) from order_lines l where l.order_id = o.id)::int as tyres,
        row_number() over (partition by o.warehouse_id order by o.completed_at desc) as n
      from orders o
      where o.order_type = 'WL' and o.status = '2' and o.completed_at > now() - interval '21 days'
        and o.warehouse_id in (select d.default_warehouse_id from dealers d where d.default_warehouse_id is not null order by d.id limit 4)
    ) x where n <= 40 order by "completedAt"`);
  if (orders.length < 8) return;
  const byWarehouse = [...new Set(orders.map((o) => o.warehouseId))];
  await tx.insert(warehouseCoefficients).values([
    { warehouseId: byWarehouse[0], coefficient: 1.1, remark: '市区限行，夜间配送' },
    ...(byWarehouse[2] ? [{ warehouseId: byWarehouse[2], coefficient: 1.25, remark: '偏远仓库' }] : []),
  ]);
  const coefficientOf = (warehouseId: number) => (warehouseId === byWarehouse[0] ? 1.1 : warehouseId === byWarehouse[2] ? 1.25 : null);
  const handling = (await tx.select().from(laborFactors).where(eq(laborFactors.companyName, LABOUR)))
    .map((h) => ({ workType: h.workType, unitFee: Number(h.unitFee), factor: Number(h.factor) }));

  const pointRows = await tx.select().from(transitPoints);
  const points = Object.fromEntries(pointRows.map((p) => [p.code, p.id]));
  const pointNames = new Map(pointRows.map((p) => [p.id, `${p.code} ${p.name}`]));
  const routes = await tx.select().from(logisticsRoutes).orderBy(asc(logisticsRoutes.code));
  const stopsOf: Record<string, number[]> = { R001: [points.SZHUB], R002: [points.SZHUB, points.HZHUB], R003: [points.HZHUB, points.HFHUB] };
  const fleet = await tx.select().from(vehicles).where(inArray(vehicles.plateNo, ['沪A12345', '苏E6K218', '浙B88321', '沪D30712', '浙A7F360']));
  const plate = (p: string) => must(fleet.find((v) => v.plateNo === p), `vehicle ${p}`);

  const today = new Date();
  /** One car request and, beyond `requested`, its trip, stops, history and (closed) uploaded fees. */
  async function trip(orderGroup: OutboundOrder[], status: CarRequestStatus, vehicleNo: string, routeIndex: number, start: Date, lateness: number[] = [], uploaded: 'same' | 'differs' | 'missing' | 'none' = 'same') {
    const route = routes[routeIndex % routes.length];
    const vehicle = plate(vehicleNo);
    const destinationIds = stopsOf[route.code] ?? [points.SZHUB];
    const tyres = Math.max(1, orderGroup.reduce((n, o) => n + o.tyres, 0));
    const warehouseId = orderGroup[0].warehouseId;
    const running = status !== 'requested';
    const arrivals = plannedArrivals(start, destinationIds.length, route.hours === null ? null : Number(route.hours), route.distanceKm);
    const reached = status === 'delivered' || status === 'closed' ? destinationIds.length : status === 'onTheWay' ? 1 : 0;
    const arrivedAt = arrivals.map((p, i) => (i < reached ? new Date(p.getTime() + (lateness[i] ?? -10) * 60_000) : null));
    const deliveredAt = reached === destinationIds.length && reached ? arrivedAt[reached - 1] : null;
    const fee = running ? deliveryFee({ distanceKm: route.distanceKm ?? 0, tyres, perKm: PER_KM, handling, coefficient: coefficientOf(warehouseId) }) : null;
    const created = new Date(start.getTime() - 20 * HOUR);
    // Numbered as the API numbers them: the day it was asked for and the id it takes.
    const [{ id }] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('car_requests', 'id'))::int as id`);
    const [row] = await tx.insert(carRequests).values({
      id: Number(id), requestNo: `CR${dayOf(created).replaceAll('-', '')}${String(id).padStart(6, '0')}`, dealerId: orderGroup[0].dealerId, warehouseId,
      orderIds: orderGroup.map((o) => o.id), destinationIds, needDate: dayOf(start), tyres, weightTons: Math.round(tyres * 0.011 * 100) / 100,
      volumeM3: Math.round(tyres * 0.09 * 10) / 10, status, remark: status === 'requested' ? '请安排厢式货车' : null,
      ...(running && fee ? {
        vehicleId: vehicle.id, driverName: vehicle.driverName, driverPhone: vehicle.driverPhone, routeId: route.id, laborCompany: LABOUR,
        plannedStart: start, distanceKm: route.distanceKm, assignedAt: new Date(start.getTime() - 16 * HOUR),
        departedAt: reached || status === 'onTheWay' ? start : null, deliveredAt,
        closedAt: status === 'closed' && deliveredAt ? new Date(deliveredAt.getTime() + 18 * HOUR) : null,
        fee: fee.fee, feeDetail: JSON.stringify({ distanceKm: route.distanceKm ?? 0, perKm: PER_KM, tyres, handling, ...fee }),
      } : {}),
      createdAt: created,
    }).returning();
    if (!running) return;
    await tx.insert(carRequestStops).values(destinationIds.map((pointId, i) => ({
      requestId: row.id, seq: i + 1, pointId, plannedAt: arrivals[i], arrivedAt: arrivedAt[i],
      source: arrivedAt[i] ? (i % 2 ? 'tms' : 'console') : null, reportedBy: arrivedAt[i] ? (i % 2 ? 'tms:2' : 'staff') : null,
    })));
    const events: (typeof carRequestEvents.$inferInsert)[] = [
      { requestId: row.id, action: 'assign', fromStatus: 'requested', toStatus: 'assigned', userName: 'staff', at: must(row.assignedAt, `trip ${row.requestNo}'s assignment time`) },
    ];
    if (status !== 'assigned') events.push({ requestId: row.id, action: 'load', fromStatus: 'assigned', toStatus: 'loading', userName: 'staff', at: new Date(start.getTime() - 1.5 * HOUR) });
    if (row.departedAt) events.push({ requestId: row.id, action: 'depart', fromStatus: 'loading', toStatus: 'onTheWay', userName: 'staff', at: start });
    arrivedAt.forEach((at, i) => {
      const point = getOrThrow(pointNames, destinationIds[i], 'transit point');
      if (at) events.push({ requestId: row.id, action: 'stop', fromStatus: 'onTheWay', toStatus: 'onTheWay', userName: i % 2 ? 'tms:2' : 'staff', at, note: `${i + 1} ${point} (${i % 2 ? 'tms' : 'console'})` });
    });
    if (deliveredAt) events.push({ requestId: row.id, action: 'deliver', fromStatus: 'onTheWay', toStatus: 'delivered', userName: 'staff', at: deliveredAt });
    if (row.closedAt) events.push({ requestId: row.id, action: 'close', fromStatus: 'delivered', toStatus: 'closed', userName: 'staff', at: row.closedAt });
    await tx.insert(carRequestEvents).values(events);
    // The TMS's reports, as the upload monitor lists them; the assigned trip got one too early, refused (retryable once it leaves).
    const tmsReports = arrivedAt.flatMap((at, i) => (at && i % 2 ? [{ seq: i + 1, at, ok: true }] : []));
    if (status === 'assigned') tmsReports.push({ seq: 1, at: new Date(today.getTime() - 20 * 60_000), ok: false });
    if (tmsReports.length) {
      await tx.insert(exchangeLogs).values(tmsReports.map((r) => ({
        system: 'TMS', kind: 'stopReport', dealerId: row.dealerId, warehouseId, ref: row.requestNo, ok: r.ok, userName: 'tms:2', createdAt: r.at,
        message: r.ok ? null : message('zh-CN', 'carRequestTransition', { status: STATUS_LABELS.assigned.label['zh-CN'], action: ACTION_LABELS.stop['zh-CN'] }),
        payload: JSON.stringify({ requestNo: row.requestNo, seq: r.seq, arrivedAt: r.at.toISOString() }),
      })));
    }
    // The carrier's invoice per order, as uploaded on the delivery fee page: the fee shared out, sometimes off, sometimes not yet in.
    if (status === 'closed' && uploaded !== 'none' && fee && deliveredAt) {
      const share = Math.round((fee.fee / orderGroup.length) * 100) / 100;
      const billed = orderGroup.slice(0, uploaded === 'missing' ? orderGroup.length - 1 : orderGroup.length);
      if (billed.length) {
        await tx.insert(deliveryFees).values(billed.map((o, i) => ({
          orderNo: o.orderNo, dealerId: o.dealerId, carrier: vehicle.provider ?? '顺达物流', deliveredOn: dayOf(deliveredAt),
          fee: String(uploaded === 'differs' && i === 0 ? share + 35 : i === orderGroup.length - 1 ? Math.round((fee.fee - share * (orderGroup.length - 1)) * 100) / 100 : share),
        }))).onConflictDoNothing();
      }
    }
  }

  // A trip carries a warehouse's orders of a few days: five at a time, the later one's completion deciding the departure.
  const closedFleet = ['沪A12345', '苏E6K218', '浙B88321'];
  const groups: OutboundOrder[][] = [];
  for (const w of byWarehouse) {
    const own = orders.filter((o) => o.warehouseId === w);
    for (let i = 0; i < own.length; i += 5) groups.push(own.slice(i, i + 5));
  }
  const lastDone = (g: OutboundOrder[]) => new Date(must(g.at(-1), 'an order of a trip').completedAt).getTime();
  groups.sort((a, b) => lastDone(a) - lastDone(b));
  // The latest four groups are the trips of now; the others were delivered and closed.
  const fresh = groups.slice(-4);
  for (const [i, g] of groups.slice(0, -4).entries()) {
    const done = new Date(Math.max(...g.map((o) => new Date(o.completedAt).getTime())));
    const start = new Date(done.getFullYear(), done.getMonth(), done.getDate() + 1, 8 + (i % 3), 0);
    if (start.getTime() > today.getTime() - 30 * HOUR) continue;
    const late = i % 4 === 1 ? [55, 70] : i % 5 === 3 ? [-5, 40] : [-15, 10];
    await trip(g, 'closed', closedFleet[i % closedFleet.length], i, start, late, i % 6 === 2 ? 'differs' : i % 7 === 4 ? 'missing' : i % 9 === 8 ? 'none' : 'same');
  }
  // Now: one on the way (its first stop reached), one assigned for tomorrow, two waiting for a vehicle.
  const hourNow = new Date(today.getFullYear(), today.getMonth(), today.getDate(), today.getHours());
  await trip(fresh[0], 'onTheWay', '沪D30712', 1, new Date(hourNow.getTime() - 2 * HOUR), [-10]);
  await trip(fresh[1], 'assigned', '浙A7F360', 2, new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 8, 0));
  for (const g of fresh.slice(2, 4)) await trip(g, 'requested', '沪A12345', 0, new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 9, 0));
}
