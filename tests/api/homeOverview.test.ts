import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers, regions, roles, userRoles, users, warehouses } from '../../src/server/db/schema';
import type { Overview } from '../../src/shared/api/overview';
import { dealer1Warehouse } from './fixtures';
import { startTestServer, type TestServer } from './server';

/**
 * The home overview counts within the caller's data scope (docs/product.md#permissions): a staff
 * user narrowed by a data role sees its dealers and warehouses, not the whole channel.
 */
let server: TestServer;
let admin: string;

const db = () => server.services.db;
const overview = async (token: string) => {
  const res = await server.call<Overview>('/home/overview', { body: {}, token, lang: 'en-US' });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};

/** A staff account that also holds a data role with the rules given, saved through the role page's call. */
async function narrowedStaff(userName: string, rules: { regionIds?: number[]; warehouseIds?: number[] }) {
  const [role] = await db().insert(roles).values({ code: `${userName}_scope`, name: userName, nameEn: userName, type: 'data' }).returning();
  const saved = await server.call('/sys/role/saveDataRules', { body: { id: role.id, ...rules }, token: admin });
  expect(saved.status, saved.body.msg).toBe(200);
  const [template] = await db().select().from(users).where(eq(users.userName, 'staff'));
  const [staffRole] = await db().select().from(roles).where(eq(roles.code, 'staff'));
  const [user] = await db().insert(users).values({ userName, nickName: userName, passwordHash: template.passwordHash }).returning();
  await db().insert(userRoles).values([{ userId: user.id, roleId: staffRole.id }, { userId: user.id, roleId: role.id }]);
  return server.login(userName);
}

beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  admin = await server.login('admin');
});
afterAll(async () => { await server?.stop(); });

describe('home overview', () => {
  it('a staff user narrowed to one region counts only that region\'s dealers and warehouses', async () => {
    const [south] = await db().select().from(regions).where(eq(regions.code, 'SOUTH'));
    const southDealers = (await db().select({ id: dealers.id }).from(dealers).where(eq(dealers.regionId, south.id))).map((d) => d.id);
    const [{ n: allDealers }] = await db().select({ n: count() }).from(dealers);
    expect(southDealers.length).toBeGreaterThan(0);
    expect(southDealers.length).toBeLessThan(allDealers);
    const [{ n: southWarehouses }] = await db().select({ n: count() }).from(warehouses).where(inArray(warehouses.dealerId, southDealers));

    const whole = await overview(await server.login('staff'));
    expect(whole).toMatchObject({ scope: 'all', dealers: allDealers });

    const got = await overview(await narrowedStaff('south_home', { regionIds: [south.id] }));
    expect(got).toMatchObject({ scope: 'scoped', dealers: southDealers.length, warehouses: southWarehouses });
    expect(got.dealersByRegion).toEqual([{ name: south.nameEn, count: southDealers.length }]);
    // The catalogue is the maker's, the same for everyone.
    expect({ materials: got.materials, brands: got.brands }).toEqual({ materials: whole.materials, brands: whole.brands });
  });

  it('a staff user narrowed to one warehouse counts that warehouse only', async () => {
    const { id: warehouseId } = await dealer1Warehouse(db());
    const got = await overview(await narrowedStaff('w_home', { warehouseIds: [warehouseId] }));
    expect(got).toMatchObject({ scope: 'scoped', warehouses: 1 });
  });

  it('a dealer user counts its own dealer and warehouses', async () => {
    const { dealerId } = await dealer1Warehouse(db());
    const [{ n: own }] = await db().select({ n: count() }).from(warehouses).where(eq(warehouses.dealerId, dealerId));
    const got = await overview(await server.login('dealer1'));
    expect(got).toMatchObject({ scope: 'dealer', dealers: 1, warehouses: own });
    expect(got.dealersByRegion.map((r) => r.count)).toEqual([1]);
  });
});
