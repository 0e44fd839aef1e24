import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/server/db/schema';
import { Perm, permits, type RoutePermission } from '../../src/shared/permissions';
import { userGrants } from '../../src/server/platform/sessionStore';
import { startTestServer, type TestServer } from '../api/server';

/**
 * The authorization matrix: every registered route, called by each demo role and by nobody.
 * A route must declare who may call it, with a code that exists in the resource tree (else
 * no role could ever be granted it); a caller without the code gets 403, whatever the menu shows.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const grants: Record<string, Set<string>> = {};
/** The demo accounts: the administrator, staff, two dealers and the wall screen (the dashboards page alone). */
const ROLES = ['admin', 'staff', 'dealer1', 'dealer2', 'display'];
/** Calls that end the caller's own session; checked for 401/403 only, never made successfully here. */
const SESSION_ENDING = new Set(['/sys/loginOut']);

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ROLES) {
    tokens[name] = await server.login(name);
    const [{ id }] = await server.services.db.query.users.findMany({ where: (u, { eq }) => eq(u.userName, name), columns: { id: true } });
    grants[name] = new Set((await userGrants(server.services.db, id)).perms);
  }
});
afterAll(async () => { await server?.stop(); });

describe('authorization matrix', () => {
  it('every route declares a permission: public, session, or a code of the resource tree', async () => {
    const codes = new Set((await server.services.db.select({ perm: resources.perm }).from(resources)).map((r) => r.perm));
    const known = (p: RoutePermission) => p === 'public' || p === 'session' || (typeof p === 'string' ? codes.has(p) : p.length > 0 && p.every((c) => codes.has(c)));
    const undeclared = server.routes.filter((r) => !r.permission || !known(r.permission));
    expect(undeclared.map((r) => `${r.method} ${r.url} -> ${String(r.permission)}`)).toEqual([]);
  });

  it('without a token every non-public route answers 401', async () => {
    for (const route of server.routes.filter((r) => r.permission !== 'public')) {
      const res = await server.call(route.url, { method: route.method, body: route.method === 'POST' ? {} : undefined });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('a dashboard query answers whoever may see a dashboard using it: home\'s everyone, the stock and flows dashboards\' only the dashboards page', async () => {
    const query = (id: string, name: string) => server.call(`/analysis/query/${id}`, { token: tokens[name], body: {} });
    expect(grants.dealer1.has(Perm.dashboards)).toBe(false);
    expect(grants.display.has(Perm.dashboards)).toBe(true);
    for (const id of ['stock.byBrand', 'stock.regionBrand', 'stock.byWarehouse', 'stock.locationFill', 'flow.inboundHours']) {
      expect(server.routes.find((r) => r.url === `/analysis/query/${id}`)?.permission, id).toBe(Perm.dashboards);
      expect((await query(id, 'dealer1')).status, `dealer1 ${id}`).toBe(403);
      expect((await query(id, 'display')).status, `display ${id}`).toBe(200);
    }
    for (const id of ['stock.onHand', 'stock.ageBuckets', 'stock.dotAge', 'flow.byPeriod', 'monitor.uploadsToday']) {
      expect((await query(id, 'dealer1')).status, `dealer1 ${id}`).toBe(200);
    }
  });

  for (const name of ROLES) {
    it(`${name}: 403 exactly where the role lacks the route's code`, async () => {
      const checked: string[] = [];
      for (const route of server.routes.filter((r) => r.permission !== 'public')) {
        const allowed = permits(route.permission, grants[name]);
        if (allowed && SESSION_ENDING.has(route.url)) continue;
        const res = await fetch(`${server.url}/fms/api/v1${route.url}`, {
          method: route.method, headers: { token: tokens[name], ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          body: route.method === 'POST' ? '{}' : undefined,
        });
        await res.arrayBuffer();
        const label = `${name} ${route.method} ${route.url} (${route.permission})`;
        if (allowed) expect([401, 403], label).not.toContain(res.status);
        else expect(res.status, label).toBe(403);
        checked.push(label);
      }
      expect(checked.length).toBeGreaterThan(0);
      // Every route of the product, one after another (dashboard batches run every panel): minutes on a loaded machine.
    }, 180_000);
  }
});
