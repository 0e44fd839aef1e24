import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, users } from '../../src/server/db/schema';
import { API_BASE } from '../../src/shared/api/envelope';
import { Perm, permits, type RoutePermission } from '../../src/shared/permissions';
import { userGrants } from '../../src/server/platform/sessionStore';
import { startTestServer, type TestServer } from '../api/server';
import { userRow } from '../api/sessionSupport';

/**
 * The authorization matrix: every registered route, called by each demo role, by a user with no
 * role and by nobody. A route must declare who may call it, with a code that exists in the
 * resource tree (else no role could ever be granted it); a caller without the code gets 403,
 * whatever the menu shows. The two demo dealers' rows of the matrix, each route called with the
 * other dealer's ids, are in dealerIsolation.test.ts.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
const grants: Record<string, Set<string>> = {};
/** The demo accounts but the dealers: the administrator, staff and the wall screen (the dashboards page alone); and an account with no role. */
const ROLES = ['admin', 'staff', 'display', 'norole'];
/**
 * The calls anyone may make without signing in: each is public on purpose (the TMS's stop report
 * carries its own key; a mail's unsubscribe link its HMAC-signed token; a report export's one-time
 * download link its ticket, made by a signed-in call: docs/views-and-subscriptions.md).
 */
const PUBLIC = ['GET /health', 'GET /sys/captcha', 'POST /sys/login', 'POST /tms/stopReport', 'GET /views/unsubscribe-link', 'GET /analysis/report/export', 'GET /openapi.json'];
/** Calls that end the caller's own session; checked for 401/403 only, never made successfully here. */
const SESSION_ENDING = new Set(['/sys/loginOut']);

/** Every route Fastify holds, read off its route tree (`printRoutes`), HEAD aside. */
function fastifyRoutes(): string[] {
  const out: string[] = [];
  const paths: string[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    paths.length = depth;
    paths[depth] = (paths[depth - 1] ?? '') + m[2];
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') out.push(`${method} ${paths[depth]}`);
  }
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  // A signed-in account whose roles were all taken away: it may make the calls of any session and no other.
  const staff = await userRow(server, 'staff');
  await server.services.db.insert(users).values({ userName: 'norole', nickName: 'No role', passwordHash: staff.passwordHash });
  // dealer1 too: the dashboard queries below are asked of a dealer.
  for (const name of [...ROLES, 'dealer1']) {
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

  it('the public calls are exactly those meant to be: sign-in, its captcha, the health check, the TMS\'s keyed stop report, the signed unsubscribe link, the export tickets\' download and the API document', () => {
    expect(server.routes.filter((r) => r.permission === 'public').map((r) => `${r.method} ${r.url}`).sort()).toEqual([...PUBLIC].sort());
    expect(server.routes.find((r) => r.url === '/tms/stopReport')?.apiKeyHeader).toBe('tms-token');
  });

  it('Fastify serves no API call outside the registry, and the API document says who may call each', async () => {
    const registered = new Set(server.routes.map((r) => `${r.method} ${API_BASE}${r.url}`));
    // The API document itself is a registered call too (public), so it lists itself.
    const outside = fastifyRoutes().filter((r) => r.includes(API_BASE) && !registered.has(r));
    expect(outside).toEqual([]);
    expect(fastifyRoutes().filter((r) => r.includes(API_BASE))).toHaveLength(server.routes.length);

    const doc = (await server.call<never>('/openapi.json')).body as unknown as { paths: Record<string, Record<string, { 'x-permission': unknown; security: unknown[] }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
    expect(documented.map((d) => d.key).sort()).toEqual([...registered].sort());
    for (const { key, op } of documented) {
      const route = server.routes.find((r) => `${r.method} ${API_BASE}${r.url}` === key)!;
      expect(op['x-permission'], key).toEqual(route.permission);
      // Only the public calls go without a session token (the stop report with its own key).
      expect(op.security.length === 0, key).toBe(route.permission === 'public' && !route.apiKeyHeader);
    }
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
        // A POST with a schema gets an array, which no call's schema takes: the permission, checked
        // before the body, is judged, and an allowed call stops at its schema (400) without running.
        // Run with `{}`, every call the administrator may make took 26 s, dashboards and exports included.
        const refused = route.method === 'POST' && route.body !== undefined;
        const res = await fetch(`${server.url}/fms/api/v1${route.url}`, {
          method: route.method, headers: { token: tokens[name], ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
          body: route.method === 'POST' ? (refused ? '[]' : '{}') : undefined,
        });
        await res.arrayBuffer();
        const label = `${name} ${route.method} ${route.url} (${route.permission})`;
        if (!allowed) expect(res.status, label).toBe(403);
        else if (refused) expect(res.status, label).toBe(400);
        else expect([401, 403], label).not.toContain(res.status);
        checked.push(label);
      }
      expect(checked.length).toBeGreaterThan(0);
    }, 180_000);
  }
});
