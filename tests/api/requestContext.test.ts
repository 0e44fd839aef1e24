import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatementOf } from '../../src/server/db/client';
import { dealers, regions, roleDataRules, roles, userRoles, users, warehouses } from '../../src/server/db/schema';
import { dataScopeOf } from '../../src/server/platform/dataScope';
import { orderBase } from '../../src/shared/api/orders';
import { startTestServer, type TestServer } from './server';

/**
 * The request context (src/server/platform/requestContext.ts): who the caller is and what it may
 * reach is read once per call, before its handler, in one statement that also settles the data
 * scope of dealer users and of staff without data rules; staff with data rules have theirs read
 * at most once, when used.
 */
let server: TestServer;
let admin: string;
let dealer: string;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  admin = await server.login('admin');
  dealer = await server.login('dealer1');
});
afterAll(async () => { await server?.stop(); });

const db = () => server.services.db;

/**
 * The SQL texts the database client runs while `work` does (both drivers answer `query`; on
 * PGlite a prepared statement runs through `execProtocol`).
 */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  type Client = { query: (text: unknown, ...rest: unknown[]) => unknown; execProtocol?: (message: Uint8Array, ...rest: unknown[]) => unknown };
  const client = (db() as unknown as { $client: Client }).$client;
  const { query, execProtocol } = client;
  const seen: string[] = [];
  client.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
    seen.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return query.call(this, text, ...rest);
  };
  if (execProtocol) {
    client.execProtocol = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
      const text = preparedStatementOf(message);
      if (text) seen.push(text);
      return execProtocol.call(this, message, ...rest);
    };
  }
  try {
    await work();
  } finally {
    client.query = query;
    if (execProtocol) client.execProtocol = execProtocol;
  }
  // The last-seen stamp is written at most once a minute, and the dictionary version every answer
  // carries is read again once its last read is 2 s old: whenever a test happens to cross them.
  return seen.filter((s) => !/^update "sessions" set "last_seen_at"/.test(s) && !/^select "version" from "app_versions"/.test(s));
}

/** Statements naming a table (quoted by the query builder or not). */
const reading = (statements: string[], table: string) => statements.filter((s) => new RegExp(`\\b${table}\\b`).test(s));

describe('request context', () => {
  it('a call reads its session, user, its permission and what settles its data scope in one statement', async () => {
    const page = `${orderBase('PRorder')}/selectByPage`;
    expect((await server.call(page, { body: { pageNum: 1, pageSize: 5 }, token: admin })).status).toBe(200);
    const statements = await statementsOf(async () => {
      const res = await server.call(page, { body: { pageNum: 1, pageSize: 5 }, token: admin });
      expect(res.status).toBe(200);
    });
    expect(reading(statements, 'sessions')).toHaveLength(1);
    const [session] = reading(statements, 'sessions');
    for (const table of ['users', 'role_resources', 'resources', 'role_data_rules']) expect(reading([session], table), table).toHaveLength(1);
    // The route's permission is looked up; the user's hundreds of grants and its roles are not read and sent.
    expect(session).not.toMatch(/array_agg\(distinct/);
    expect(reading([session], 'roles')).toHaveLength(0);
    // Staff without data rules are unrestricted: no second statement for the scope.
    expect(reading(statements, 'role_data_rules')).toEqual([session]);
    expect(reading(statements, 'user_roles')).toEqual([session]);
  });

  it('a dealer user\'s scope is its dealer\'s warehouses, read with its session', async () => {
    const page = `${orderBase('PRorder')}/selectByPage`;
    expect((await server.call(page, { body: { pageNum: 1, pageSize: 5 }, token: dealer })).status).toBe(200);
    const statements = await statementsOf(() => server.call(page, { body: { pageNum: 1, pageSize: 5 }, token: dealer }));
    const [session] = reading(statements, 'sessions');
    expect(session).toMatch(/from warehouses w where w.dealer_id = "users"."dealer_id"/);
    expect(statements.filter((s) => /^select "id" from "warehouses"/.test(s))).toHaveLength(0);
    expect(reading(statements, 'role_data_rules')).toEqual([session]);
  });

  it('staff with data rules have their scope read in one more statement, only by a call that uses it', async () => {
    const [region] = await db().select({ id: regions.id }).from(regions).limit(1);
    const [role] = await db().insert(roles).values({ code: 'CTX_LAZY', name: 'l', nameEn: 'l', type: 'data' }).returning({ id: roles.id });
    await db().insert(roleDataRules).values({ roleId: role.id, kind: 'region', refId: region.id });
    const [staff] = await db().select({ id: users.id }).from(users).where(eq(users.userName, 'staff'));
    await db().insert(userRoles).values({ userId: staff.id, roleId: role.id });
    try {
      const token = await server.login('staff');
      const page = `${orderBase('PRorder')}/selectByPage`;
      expect((await server.call(page, { body: { pageNum: 1, pageSize: 5 }, token })).status).toBe(200);
      const scoped = await statementsOf(() => server.call(page, { body: { pageNum: 1, pageSize: 5 }, token }));
      expect(reading(scoped, 'role_data_rules')).toHaveLength(2);
      const unscoped = await statementsOf(() => server.call('/sys/user/getCurrentUserInfo', { body: {}, token }));
      expect(reading(unscoped, 'role_data_rules')).toEqual(reading(unscoped, 'sessions'));
    } finally {
      await db().delete(userRoles).where(eq(userRoles.roleId, role.id));
      await db().delete(roleDataRules).where(eq(roleDataRules.roleId, role.id));
      await db().delete(roles).where(eq(roles.id, role.id));
    }
  });

  it('a refused call (no session, or no permission) runs no handler statement after the session', async () => {
    const unknown = await statementsOf(async () => {
      expect((await server.call('/basedata/dealer/selectByPage', { body: {}, token: 'x'.repeat(43) })).status).toBe(401);
    });
    expect(unknown).toHaveLength(1);
    const refused = await statementsOf(async () => {
      expect((await server.call('/basedata/dealer/selectByPage', { body: {}, token: dealer })).status).toBe(403);
    });
    expect(refused).toHaveLength(1);
  });
});

describe('data scope in one statement', () => {
  it('dealer, region and warehouse rules of several roles add up; warehouse rules alone narrow only warehouses', async () => {
    const [region] = await db().select({ id: regions.id }).from(regions).limit(1);
    const regionDealers = (await db().select({ id: dealers.id }).from(dealers).where(eq(dealers.regionId, region.id))).map((d) => d.id);
    const [outsider] = (await db().select({ id: dealers.id }).from(dealers)).filter((d) => !regionDealers.includes(d.id));
    const [lonelyWarehouse] = (await db().select({ id: warehouses.id, dealerId: warehouses.dealerId }).from(warehouses))
      .filter((w) => w.dealerId !== outsider.id && (w.dealerId == null || !regionDealers.includes(w.dealerId)));
    const [byRegion] = await db().insert(roles).values({ code: 'CTX_REGION', name: 'r', nameEn: 'r', type: 'data' }).returning({ id: roles.id });
    const [byDealer] = await db().insert(roles).values({ code: 'CTX_DEALER', name: 'd', nameEn: 'd', type: 'data' }).returning({ id: roles.id });
    const [byWarehouse] = await db().insert(roles).values({ code: 'CTX_WH', name: 'w', nameEn: 'w', type: 'data' }).returning({ id: roles.id });
    await db().insert(roleDataRules).values([
      { roleId: byRegion.id, kind: 'region', refId: region.id },
      { roleId: byDealer.id, kind: 'dealer', refId: outsider.id },
      { roleId: byWarehouse.id, kind: 'warehouse', refId: lonelyWarehouse.id },
    ]);
    const [staff] = await db().select({ id: users.id }).from(users).where(eq(users.userName, 'staff'));
    const [display] = await db().select({ id: users.id }).from(users).where(eq(users.userName, 'display'));
    await db().insert(userRoles).values([
      { userId: staff.id, roleId: byRegion.id }, { userId: staff.id, roleId: byDealer.id }, { userId: staff.id, roleId: byWarehouse.id },
      { userId: display.id, roleId: byWarehouse.id },
    ]);

    const dealerIds = [...new Set([...regionDealers, outsider.id])].sort((a, b) => a - b);
    const dealerWarehouses = (await db().select({ id: warehouses.id }).from(warehouses).where(inArray(warehouses.dealerId, dealerIds))).map((w) => w.id);
    expect(await dataScopeOf(db(), { id: staff.id, dealerId: null })).toEqual({
      dealerIds, warehouseIds: [...new Set([...dealerWarehouses, lonelyWarehouse.id])].sort((a, b) => a - b),
    });
    expect(await dataScopeOf(db(), { id: display.id, dealerId: null })).toEqual({ dealerIds: null, warehouseIds: [lonelyWarehouse.id] });
  });
});
