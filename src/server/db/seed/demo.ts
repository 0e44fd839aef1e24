import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import {
  brands, dealers, departments, materials, regions, resources, roleResources, roles, storageLocations, storehouses, userRoles, users,
  warehouses,
} from '../schema';
import { hashPassword } from '../../platform/passwordHash';
import { ADMIN_ROLE, builtInResources, demoGrants } from './builtins';
import { BRANDS, CENTRAL_WAREHOUSES, DEALERS, PATTERNS, REGIONS } from './catalogue';
import { seedWarehousing } from './demoWarehousing';
import { seedOrders } from './demoOrders';
import { seedDevices } from './demoDevices';
import { seedCatalogue } from './demoCatalogue';
import { writeDemoHistory } from './history';
import { seedDemoLogistics } from './demoLogistics';
import { seedDemoThresholds } from './demoThresholds';
import { getOrThrow, must } from '../../../shared/must';

export const DEMO_PASSWORD = 'Demo@2026';

const seq = (n: number) => String(n).padStart(2, '0');

/** Demo data for a first start on an empty database: catalogue, dealers, roles, users. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const regionRows = await tx.insert(regions).values(REGIONS).returning();
    const regionId = new Map(regionRows.map((r) => [r.code, r.id]));

    const dealerRows = await tx.insert(dealers).values(DEALERS.map(([code, name, nickname, region, city, contact], i) => ({
      code, name, nickname, regionId: getOrThrow(regionId, region, 'region'), contact,
      phone: `13${(800000000 + i * 7654321).toString().slice(0, 9)}`,
      address: `${city}市经济开发区汽配城 ${i + 3} 号`,
      locationEnabled: i % 3 !== 2, duplicateScanDelete: i % 4 === 0, batchEnabled: i % 2 === 0,
      tmsEnabled: i % 5 === 0, erpCall: i < 8,
    }))).returning();

    await tx.insert(warehouses).values(CENTRAL_WAREHOUSES.map(([code, name, address]) => ({ code, name, address })));
    for (const [i, dealer] of dealerRows.entries()) {
      const city = DEALERS[i][4];
      const count = i % 3 === 0 ? 2 : 1;
      const rows = await tx.insert(warehouses).values(Array.from({ length: count }, (_, k) => ({
        code: `${dealer.code}W${k + 1}`, name: `${city}${k === 0 ? '主仓' : '二号仓'}`, dealerId: dealer.id, address: dealer.address,
      }))).returning({ id: warehouses.id });
      await tx.update(dealers).set({ defaultWarehouseId: rows[0].id }).where(eq(dealers.id, dealer.id));
    }

    const brandRows = await tx.insert(brands).values(BRANDS).returning();
    const brandId = new Map(brandRows.map((b) => [b.code, b.id]));
    const brandName = new Map(BRANDS.map((b) => [b.code, b.name]));
    const materialRows = PATTERNS.flatMap((p) => p.sizes.map(([size, load, speed, price]) => ({
      code: `${p.brand}${size.replace(/[^0-9A-Z]/g, '')}${p.code}`,
      name: `${brandName.get(p.brand)} ${size} ${load}${speed} ${p.name}`,
      brandId: getOrThrow(brandId, p.brand, 'brand'), specification: `${size} ${load}${speed}`, pattern: p.name,
      loadIndex: load, speedIndex: speed, unit: '条', price: (Math.round(price * p.priceFactor / 5) * 5).toFixed(2),
    })));
    await tx.insert(materials).values(materialRows);
    // The ERP keeps its own copy of part of the master under its own numbers.
    const erpRows = materialRows.slice(0, 100).map((m, i) => ({
      ...m, code: `E${m.code}`.slice(0, 32), source: 'erp', erpCode: String(1000200000 + i * 37),
    }));
    await tx.insert(materials).values(erpRows);

    // Every warehouse gets areas and numbered locations: A-01-01 is area A, shelf row 01, level 01.
    const allWarehouses = await tx.select({ id: warehouses.id, code: warehouses.code, dealerId: warehouses.dealerId }).from(warehouses);
    for (const w of allWarehouses) {
      const areaCount = w.dealerId ? 2 : 4;
      const areas = await tx.insert(storehouses).values(Array.from({ length: areaCount }, (_, a) => ({
        warehouseId: w.id, code: String.fromCharCode(65 + a), name: `${String.fromCharCode(65 + a)} 区`,
      }))).returning({ id: storehouses.id, code: storehouses.code });
      const rows = w.dealerId ? 4 : 10;
      await tx.insert(storageLocations).values(areas.flatMap((area) => Array.from({ length: rows * 3 }, (_, k) => {
        const code = `${area.code}-${seq(Math.floor(k / 3) + 1)}-${seq((k % 3) + 1)}`;
        return { warehouseId: w.id, storehouseId: area.id, code, name: code, capacity: w.dealerId ? 40 : 120 };
      })));
    }

    // Base data of the demo (one line per group of pages).
    await seedCatalogue(tx);
    await seedWarehousing(tx);

    const [hq] = await tx.insert(departments).values({ name: '总部', orderNum: 1 }).returning();
    const [channel] = await tx.insert(departments).values({ name: '渠道管理部', parentId: hq.id, orderNum: 1 }).returning();
    await tx.insert(departments).values([
      { name: '信息部', parentId: hq.id, orderNum: 2 },
      { name: '物流部', parentId: hq.id, orderNum: 3 },
    ]);

    // Staff: everything but system administration, without delete buttons.
    const [staffRole] = await tx.insert(roles).values({ code: 'staff', name: '渠道专员', nameEn: 'Channel staff', type: 'function' }).returning();
    await grantPages(tx, staffRole.id, demoGrants('staff'), ['delete']);

    // Dealers: their own warehouse work and reports.
    const [dealerRole] = await tx.insert(roles).values({ code: 'dealer', name: '经销商', nameEn: 'Dealer', type: 'function' }).returning();
    await grantPages(tx, dealerRole.id, demoGrants('dealer'), []);

    // Wall screens: may only view dashboards; its session stays alive while a screen refreshes.
    const [displayRole] = await tx.insert(roles).values({ code: 'display', name: '大屏展示', nameEn: 'Wall display', type: 'function' }).returning();
    await grantPages(tx, displayRole.id, demoGrants('display'), []);

    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
    const people = [
      { userName: 'admin', nickName: '系统管理员', role: admin.id, dealerId: null, departmentId: hq.id, email: 'admin@everpeak-tyre.example' },
      { userName: 'staff', nickName: '张敏', role: staffRole.id, dealerId: null, departmentId: channel.id, email: 'zhang.min@everpeak-tyre.example' },
      { userName: 'dealer1', nickName: `${dealerRows[0].nickname}-陈伟`, role: dealerRole.id, dealerId: dealerRows[0].id, departmentId: null, email: null },
      { userName: 'dealer2', nickName: `${dealerRows[4].nickname}-刘洋`, role: dealerRole.id, dealerId: dealerRows[4].id, departmentId: null, email: null },
      { userName: 'display', nickName: '大屏', role: displayRole.id, dealerId: null, departmentId: null, email: null },
    ];
    for (const [i, p] of people.entries()) {
      const [user] = await tx.insert(users).values({
        userName: p.userName, nickName: p.nickName, passwordHash, dealerId: p.dealerId, departmentId: p.departmentId,
        email: p.email, phone: `1390000${seq(i + 1)}${seq(i + 11)}`,
      }).returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: user.id, roleId: p.role });
    }
    await seedDevices(tx);
    await seedOrders(tx);
    // analytics: history
    await writeDemoHistory(tx);
    await seedDemoThresholds(tx);
    await seedDemoLogistics(tx);
  });
}

/** Without demo data the only account is the administrator, with the password the operator chose. */
export async function seedAdminOnly(db: Db, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Wall screens: may only view dashboards; its session stays alive while a screen refreshes.
    const [displayRole] = await tx.insert(roles).values({ code: 'display', name: '大屏展示', nameEn: 'Wall display', type: 'function' }).returning();
    await grantPages(tx, displayRole.id, demoGrants('display'), []);

    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
    const [user] = await tx.insert(users).values({ userName: 'admin', nickName: 'Administrator', passwordHash }).returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user.id, roleId: admin.id });
  });
}

/** Grants pages with their buttons (less the actions named, for all or per page) and the section and group above each. */
async function grantPages(tx: Db, roleId: number, pages: { page: string; without: string[] }[], withoutActions: string[]): Promise<void> {
  const all = builtInResources();
  const wanted = new Set<string>();
  for (const { page, without } of pages) {
    const row = all.find((r) => r.perm === page);
    if (!row || row.type !== 'page') throw new Error(`Unknown page ${page}`);
    const refused = (perm: string) => [...withoutActions, ...without].includes(perm.split(':')[2]);
    const group = must(row.parentPerm, `the group of page ${page}`);
    wanted.add(page).add(group).add(group.split(':')[0]);
    for (const b of all) if (b.parentPerm === page && !refused(b.perm)) wanted.add(b.perm);
  }
  const ids = await tx.select({ id: resources.id }).from(resources).where(inArray(resources.perm, [...wanted]));
  await tx.insert(roleResources).values(ids.map((r) => ({ roleId, resourceId: r.id })));
}
