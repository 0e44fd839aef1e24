import { asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import {
  accountSets, batches, dealers, driverRoutes, logisticsRoutes, mailRecipients, mails, materials, pallets, pdaDevices, resources, roleResources,
  roles, scenes, storageLocations, transitPoints, users, vehicleBlacklist, vehicles, warehouses,
} from '../schema';
import { must } from '../../../shared/must';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Demo rows of the devices-and-records pages (PDA devices, account sets, batches, pallets,
 * scenes, mail) and of the logistics configuration. Runs after the demo users exist: the
 * mails need senders and recipients, and dealers get the mail page.
 */
export async function seedDevices(tx: Db): Promise<void> {
  const dealerRows = await tx.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).orderBy(asc(dealers.id)).limit(6);
  const dealerWarehouses = await tx.select({ id: warehouses.id, code: warehouses.code, dealerId: warehouses.dealerId }).from(warehouses)
    .where(isNotNull(warehouses.dealerId)).orderBy(asc(warehouses.id));
  const central = await tx.select({ id: warehouses.id }).from(warehouses).where(isNull(warehouses.dealerId)).orderBy(asc(warehouses.id)).limit(1);
  const firstWarehouseOf = (dealerId: number) => must(dealerWarehouses.find((w) => w.dealerId === dealerId), `a warehouse of dealer ${dealerId}`);

  // PDA devices: two per dealer for the first dealers, in every status.
  const now = Date.now();
  await tx.insert(pdaDevices).values(dealerRows.slice(0, 5).flatMap((d, i) => [0, 1].map((k) => {
    const status = String((i + k) % 3);
    return {
      serialNo: `PDA-${d.code}-${pad(k + 1)}`, name: `${d.name.slice(0, 8)} ${k + 1}号机`, model: k === 0 ? 'Zebra MC3300' : 'Honeywell EDA51',
      dealerId: d.id, warehouseId: firstWarehouseOf(d.id).id, status, activatedAt: status === '0' ? null : new Date(now - (i + 1) * 86_400_000 * 7),
    };
  })));
  await tx.insert(pdaDevices).values({ serialNo: 'PDA-HQ-01', name: '总仓备用机', model: 'Zebra MC3300', warehouseId: central[0]?.id ?? null });

  await tx.insert(accountSets).values([
    { code: 'HQ01', name: '总部账套', erpCompanyCode: '1000' },
    { code: 'HQ02', name: '华东销售公司账套', erpCompanyCode: '1100' },
    ...dealerRows.slice(0, 3).map((d, i) => ({ code: `D${d.code}`.slice(0, 32), name: `${d.name}账套`, dealerId: d.id, erpCompanyCode: String(2000 + i * 10) })),
    { code: 'OLD01', name: '旧系统账套（停用）', erpCompanyCode: '0900', status: 'disabled' },
  ]);

  // Batches: a few generated-style codes (B + yyMMdd + material code tail + sequence).
  const materialRows = await tx.select({ id: materials.id, code: materials.code }).from(materials).where(eq(materials.source, 'factory')).orderBy(asc(materials.id)).limit(4);
  const days = ['2026-03-02', '2026-03-16', '2026-04-06'];
  const used = new Map<string, number>();
  await tx.insert(batches).values(materialRows.flatMap((m, i) => days.slice(0, 2 + (i % 2)).map((day, k) => {
    // Materials can share a code tail: the sequence runs per prefix, as generation does.
    const prefix = `B${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}${m.code.replace(/[^A-Z0-9]/g, '').slice(-4)}`;
    const next = (used.get(prefix) ?? 0) + 1;
    used.set(prefix, next);
    return {
      code: `${prefix}${pad(next, 3)}`, materialId: m.id, dealerId: k === 0 ? null : dealerRows[i % dealerRows.length].id,
      productionDate: day, remark: k === 0 ? '工厂批次' : null,
    };
  })));

  // Pallets (shelves) in the first dealer warehouses, on their first storage locations.
  for (const w of dealerWarehouses.slice(0, 3)) {
    const locations = await tx.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, w.id)).orderBy(asc(storageLocations.id)).limit(3);
    await tx.insert(pallets).values(locations.map((l, k) => ({
      warehouseId: w.id, storageLocationId: l.id, code: `P${pad(k + 1, 3)}`, name: `${k + 1} 号货架`, capacity: 20 + k * 10, status: k === 2 ? 'disabled' : 'normal',
    })));
  }

  await tx.insert(scenes).values([
    { code: 'PR01', name: '采购入库扫码', orderType: 'PR', scanRequired: true, postToErp: true, remark: '收货时逐条扫码' },
    { code: 'WI01', name: '采购退货', orderType: 'WI', scanRequired: true, postToErp: true },
    { code: 'WL01', name: '销售出库扫码', orderType: 'WL', scanRequired: true, postToErp: true },
    { code: 'LR01', name: '销售退货', orderType: 'LR', scanRequired: true, postToErp: false },
    { code: 'TR01', name: '仓间调拨', orderType: 'TR', scanRequired: true, postToErp: false },
    { code: 'WC01', name: '寄售出库', orderType: 'WC', scanRequired: false, postToErp: true },
    { code: 'LC01', name: '寄售退货', orderType: 'LC', scanRequired: false, postToErp: true },
    { code: 'PB01', name: '受托入库', orderType: 'PB', scanRequired: true, postToErp: false },
    { code: 'LB01', name: '受托退货', orderType: 'LB', scanRequired: true, postToErp: false, status: 'disabled' },
  ]);

  // Logistics configuration.
  await tx.insert(vehicles).values([
    { plateNo: '沪A12345', vehicleType: '厢式货车', capacityTons: '8.00', driverName: '王强', driverPhone: '13912345678', provider: '顺达物流' },
    { plateNo: '苏E6K218', vehicleType: '厢式货车', capacityTons: '5.50', driverName: '李军', driverPhone: '13812345679', provider: '顺达物流' },
    { plateNo: '浙B88321', vehicleType: '半挂车', capacityTons: '30.00', driverName: '赵磊', driverPhone: '13712345670', provider: '安运供应链' },
    { plateNo: '皖A0D7791', vehicleType: '新能源轻卡', capacityTons: '2.00', driverName: '孙浩', driverPhone: '13612345671', provider: '安运供应链' },
    { plateNo: '鲁C51234', vehicleType: '厢式货车', capacityTons: '10.00', driverName: '周涛', driverPhone: '13512345672', provider: '齐鲁快运', status: 'disabled' },
  ]);
  await tx.insert(vehicleBlacklist).values([
    { plateNo: '鲁C51234', reason: '多次延误且货损未赔付', blockedUntil: null, driverPhone: '13512345672' },
    { plateNo: '豫A99881', reason: '超载被查', blockedUntil: '2026-12-31' },
  ]);
  const points = await tx.insert(transitPoints).values([
    { code: 'SHHUB', name: '上海中心仓', address: '上海市嘉定区安亭镇墨玉路 88 号', contact: '钱程', phone: '13911112222' },
    { code: 'SZHUB', name: '苏州中转站', address: '江苏省苏州市相城区物流园 6 号', contact: '吴迪', phone: '13922223333' },
    { code: 'HZHUB', name: '杭州中转站', address: '浙江省杭州市萧山区空港物流园 12 号', contact: '郑好', phone: '13933334444' },
    { code: 'HFHUB', name: '合肥中转站', address: '安徽省合肥市蜀山区物流大道 3 号', contact: '冯远', phone: '13944445555' },
  ]).returning({ id: transitPoints.id, code: transitPoints.code });
  const point = (code: string) => must(points.find((p) => p.code === code), `transit point ${code}`).id;
  const routeRows = await tx.insert(logisticsRoutes).values([
    { code: 'R001', name: '上海-苏州', fromPointId: point('SHHUB'), toPointId: point('SZHUB'), distanceKm: 105, hours: '2.0' },
    { code: 'R002', name: '上海-杭州', fromPointId: point('SHHUB'), toPointId: point('HZHUB'), distanceKm: 180, hours: '3.0' },
    { code: 'R003', name: '上海-合肥', fromPointId: point('SHHUB'), toPointId: point('HFHUB'), distanceKm: 470, hours: '6.5' },
  ]).returning({ id: logisticsRoutes.id });
  const vehicleRows = await tx.select({ id: vehicles.id }).from(vehicles).orderBy(asc(vehicles.id));
  await tx.insert(driverRoutes).values([
    { driverName: '王强', driverPhone: '13912345678', vehicleId: vehicleRows[0].id, routeId: routeRows[0].id },
    { driverName: '赵磊', driverPhone: '13712345670', vehicleId: vehicleRows[2].id, routeId: routeRows[1].id },
    { driverName: '孙浩', driverPhone: '13612345671', vehicleId: vehicleRows[3].id, routeId: routeRows[2].id, status: 'disabled' },
  ]);

  // Dealers read and send mail too.
  const [dealerRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  if (dealerRole) {
    const mailPerms = ['basedata:mailManagement', 'basedata:mailManagement:add'];
    const granted = await tx.select({ id: resources.id }).from(resources).where(inArray(resources.perm, mailPerms));
    if (granted.length) await tx.insert(roleResources).values(granted.map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
  }
  const people = await tx.select({ id: users.id, userName: users.userName }).from(users).where(inArray(users.userName, ['admin', 'staff', 'dealer1', 'dealer2']));
  const who = (name: string) => people.find((p) => p.userName === name)?.id;
  const letters: [string, string[], string, string][] = [
    ['admin', ['staff', 'dealer1', 'dealer2'], '四月促销政策', '各位好：\n四月起 205/55R16 系列执行新的促销价格，详见附件价格表。\n请各经销商及时调整库存。'],
    ['dealer1', ['staff'], 'PDA 设备申请', '张经理您好：\n我们二号仓需要新增一台 PDA，请协助注册激活。\n谢谢！'],
    ['staff', ['dealer1'], '回复：PDA 设备申请', '已登记序列号，激活后会通知您。'],
  ];
  for (const [from, to, subject, body] of letters) {
    const senderId = who(from);
    const recipientIds = to.map(who).filter((id): id is number => id != null);
    if (!senderId || !recipientIds.length) continue;
    const [mail] = await tx.insert(mails).values({ senderId, subject, body }).returning({ id: mails.id });
    await tx.insert(mailRecipients).values(recipientIds.map((userId, k) => ({ mailId: mail.id, userId, readAt: k === 0 && from === 'admin' ? new Date() : null })));
  }
}
