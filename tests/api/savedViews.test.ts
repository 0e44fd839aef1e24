import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import type { ShareRoles, ViewListAnswer } from '../../src/shared/api/savedViews';
import { auditLogs, dealers, roles } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from './server';

/** Saved views (docs/views-and-subscriptions.md): own, shared read-only with a role, audited, read in the viewer's own scope. */
const PAGE = '/reportQuery/storageInventory/monthBalance';
let server: TestServer;
let admin: string;
let staff: string;
let dealer1: string;
let dealer2: string;
let dealerRoleId: number;

beforeAll(async () => {
  server = await startTestServer();
  [admin, staff, dealer1, dealer2] = await Promise.all(['admin', 'staff', 'dealer1', 'dealer2'].map((u) => server.login(u)));
  [{ id: dealerRoleId }] = await server.services.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
});
afterAll(async () => { await server?.stop(); });

const call = async <T>(path: string, body: unknown, token: string, status = 200) => {
  const res = await server.call<T>(path, { body, token, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(status);
  return res.body;
};
const list = async (token: string, page = PAGE) => (await call<ViewListAnswer>('/views/list', { page }, token)).data;

describe('saved views', () => {
  it('saves, renames and deletes a view, each write audited; names are unique per owner and page', async () => {
    const { data: { id } } = await call<{ id: number }>('/views/save', { page: PAGE, name: 'EP this year', query: 'keyword=EP&sort=materialCode.asc&size=50' }, admin);
    expect((await list(admin)).views).toMatchObject([{ id, name: 'EP this year', query: 'keyword=EP&sort=materialCode.asc&size=50', own: true, sharedRoleId: null }]);
    const dup = await call('/views/save', { page: PAGE, name: 'EP this year', query: '' }, admin, 409);
    expect(dup.msg).toContain('already exists');

    await call('/views/update', { id, name: 'EP 2026' }, admin);
    expect((await list(admin)).views[0].name).toBe('EP 2026');
    await call('/views/delete', { id }, admin);
    expect((await list(admin)).views).toEqual([]);

    const trail = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'savedView'), eq(auditLogs.entityId, String(id)))).orderBy(desc(auditLogs.id));
    expect(trail.map((t) => t.action)).toEqual(['delete', 'update', 'create']);
  });

  it('keeps a private view from everyone else: not listed, not changed, not deleted', async () => {
    const { data: { id } } = await call<{ id: number }>('/views/save', { page: PAGE, name: 'mine', query: 'keyword=X' }, staff);
    expect((await list(admin)).views.map((v) => v.id)).not.toContain(id);
    await call('/views/update', { id, name: 'taken over' }, admin, 404);
    await call('/views/delete', { id }, dealer1, 404);
    expect((await list(staff)).views.find((v) => v.id === id)?.name).toBe('mine');
  });

  it('asks for the page\'s own read permission: a page the caller lacks, or none of that path, is refused', async () => {
    // The demo dealers are not given the system's pages.
    await call('/views/list', { page: '/system/permission/users' }, dealer1, 403);
    await call('/views/save', { page: '/system/permission/users', name: 'x', query: '' }, dealer1, 403);
    await call('/views/list', { page: '/no/such/page' }, admin, 404);
    await call('/views/save', { page: PAGE, name: 'x', query: '?keyword=a#b' }, admin, 400);
  });

  it('shows a view shared with a role to that role\'s users, read-only, and its data comes from the viewer\'s scope', async () => {
    const [other] = await server.services.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'GZ0005'));
    // Staff share a view filtered on another dealer's stock with the dealers.
    const query = `dealerId=${other.id}&sort=materialCode.asc`;
    const { data: { id } } = await call<{ id: number }>('/views/save', { page: PAGE, name: 'Guangzhou stock', query, sharedRoleId: dealerRoleId }, staff);

    const seen = (await list(dealer1)).views.find((v) => v.id === id)!;
    expect(seen).toMatchObject({ own: false, name: 'Guangzhou stock', query, sharedRoleName: expect.stringContaining('/') });
    await call('/views/update', { id, name: 'mine now' }, dealer1, 403);
    await call('/views/delete', { id }, dealer2, 403);

    // Opened by dealer1, the view's filters run in dealer1's scope: never the other dealer's rows.
    const filters = Object.fromEntries(new URLSearchParams(seen.query));
    const asDealer = await call<ReportPageAnswer>('/analysis/report/monthBalance/selectByPage', { ...filters, dealerId: Number(filters.dealerId), pageSize: 500 }, dealer1);
    const asStaff = await call<ReportPageAnswer>('/analysis/report/monthBalance/selectByPage', { dealerId: other.id, pageSize: 500 }, staff);
    expect(asStaff.data.total).toBeGreaterThan(0);
    const own = await call<ReportPageAnswer>('/analysis/report/monthBalance/selectByPage', { pageSize: 500 }, dealer1);
    const ownWarehouses = new Set(own.data.rows.map((r) => r.warehouseName));
    expect(asDealer.data.rows.every((r) => ownWarehouses.has(r.warehouseName))).toBe(true);
    expect(asDealer.data.rows.some((r) => asStaff.data.rows.some((s) => s.warehouseName === r.warehouseName))).toBe(false);

    // Unshared, it is gone from the dealers' menu.
    await call('/views/update', { id, sharedRoleId: null }, staff);
    expect((await list(dealer1)).views.map((v) => v.id)).not.toContain(id);
  });

  it('lets a dealer\'s user share only with its own roles; staff with any', async () => {
    const dealerRoles = (await call<ShareRoles>('/views/roles', {}, dealer1)).data;
    expect(dealerRoles.map((r) => r.id)).toEqual([dealerRoleId]);
    expect((await call<ShareRoles>('/views/roles', {}, staff)).data.length).toBeGreaterThan(1);
    const [adminRole] = await server.services.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin'));
    await call('/views/save', { page: PAGE, name: 'to admins', query: '', sharedRoleId: adminRole.id }, dealer1, 404);
  });
});
