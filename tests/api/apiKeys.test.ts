import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyRow } from '../../src/shared/api/serviceAccounts';
import { apiKeys, auditLogs, dealers, loginLogs, materials, orders, users } from '../../src/server/db/schema';
import { API_BASE } from '../../src/shared/api/envelope';
import { createServiceAccount, issueKey, keyCall, ok } from './integrationSupport';
import { startTestServer, type TestServer } from './server';

/**
 * Service accounts and their API keys (docs/integrations.md): a key acts as its account through
 * the same permission and data-scope checks as a session, is refused once revoked or expired, is
 * limited per key, never signs in to the console, and leaves every call in the audit trail.
 */
let server: TestServer;
let admin: string;
let dealer1: { id: number; warehouseId: number };
let otherWarehouse: number;
let materialId: number;
let dealerAccount: number;
let dealerKey: string;

beforeAll(async () => {
  server = await startTestServer({ API_KEY_RATE_LIMIT: '30' });
  admin = await server.login('admin');
  const db = server.services.db;
  const [d1] = await db.select({ id: dealers.id, warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  dealer1 = { id: d1.id, warehouseId: d1.warehouseId! };
  const [d2] = await db.select({ warehouseId: dealers.defaultWarehouseId }).from(dealers).innerJoin(users, eq(users.dealerId, dealers.id)).where(eq(users.userName, 'dealer2'));
  otherWarehouse = d2.warehouseId!;
  [{ id: materialId }] = await db.select({ id: materials.id }).from(materials).limit(1);
  dealerAccount = await createServiceAccount(server, admin, { userName: 'dms-sh0001', dealerId: dealer1.id, roleCodes: ['dealer'] });
  dealerKey = (await issueKey(server, admin, dealerAccount, 'dealer system')).key;
});
afterAll(async () => { await server?.stop(); });

const keysOf = (userId: number) => ok(server.call<ApiKeyRow[]>('/sys/serviceAccount/keys', { token: admin, body: { userId } }));
const receipt = (warehouseId: number) => ({ orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: 2 }] });

describe('service accounts and API keys', () => {
  it('lists a service account on its own page, not among the users, and keeps only the hash of its key', async () => {
    const accounts = await ok(server.call<{ list: { id: number; userName: string }[] }>('/sys/serviceAccount/selectByPage', { token: admin, body: { pageSize: 50 } }));
    expect(accounts.list.map((r) => r.userName)).toContain('dms-sh0001');
    const people = await ok(server.call<{ list: { userName: string }[] }>('/sys/user/selectByPage', { token: admin, body: { pageSize: 200 } }));
    expect(people.list.map((r) => r.userName)).not.toContain('dms-sh0001');
    expect(people.list.map((r) => r.userName)).toContain('admin');

    expect(dealerKey).toMatch(/^tcc_[A-Za-z0-9_-]{43}$/);
    const [stored] = await server.services.db.select().from(apiKeys).where(eq(apiKeys.userId, dealerAccount));
    expect(stored.keyHash).toBe(createHash('sha256').update(dealerKey).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(dealerKey);
    const listed = await keysOf(dealerAccount);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'dealer system', prefix: dealerKey.slice(0, 12), revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(dealerKey);
  });

  it('a key calls as its account, by either header, within its data scope, and its last use is shown', async () => {
    const bearer = await keyCall<{ list: { dealerId: number }[] }>(server, dealerKey, '/orderManage/PRorder/selectByPage', { pageSize: 50 });
    expect(bearer.status, bearer.body.msg).toBe(200);
    expect(new Set(bearer.body.data.list.map((r) => r.dealerId))).toEqual(new Set([dealer1.id]));
    const header = await fetch(`${server.url}${API_BASE}/orderManage/PRorder/selectByPage`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': dealerKey }, body: '{"pageSize":5}',
    });
    expect(header.status).toBe(200);

    const created = await keyCall<{ id: number }>(server, dealerKey, '/orderManage/PRorder/save', receipt(dealer1.warehouseId));
    expect(created.status, created.body.msg).toBe(200);
    const [order] = await server.services.db.select().from(orders).where(eq(orders.id, created.body.data.id));
    expect(order).toMatchObject({ createdBy: dealerAccount, dealerId: dealer1.id });
    // A page its roles do not grant is refused as for a user.
    expect((await keyCall(server, dealerKey, '/sys/role/selectByPage', { pageSize: 5 })).status).toBe(403);
    const [listed] = await keysOf(dealerAccount);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('a dealer\'s service account cannot create another dealer\'s receipt', async () => {
    const res = await keyCall(server, dealerKey, '/orderManage/PRorder/save', receipt(otherWarehouse));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^warehouseId: /);
    expect(await server.services.db.select().from(orders).where(and(eq(orders.createdBy, dealerAccount), eq(orders.warehouseId, otherWarehouse)))).toEqual([]);
  });

  it('every call of a key is in the audit trail under the account, and its writes too', async () => {
    // A call's record is written once it is answered (onResponse), so the last call's may land just after its answer.
    const auditRows = () => server.services.db.select().from(auditLogs).where(eq(auditLogs.userId, dealerAccount)).orderBy(desc(auditLogs.id));
    await expect.poll(async () => (await auditRows()).filter((r) => r.action === 'apiCall').length).toBeGreaterThanOrEqual(5);
    const rows = await auditRows();
    const calls = rows.filter((r) => r.action === 'apiCall');
    expect(calls.every((r) => r.userName === 'dms-sh0001' && r.entity === 'apiKey')).toBe(true);
    const urls = calls.map((r) => JSON.parse(r.after!) as { url: string; status: number });
    expect(urls).toContainEqual({ method: 'POST', url: '/orderManage/PRorder/save', status: 200 });
    expect(urls).toContainEqual({ method: 'POST', url: '/sys/role/selectByPage', status: 403 });
    expect(urls).toContainEqual({ method: 'POST', url: '/orderManage/PRorder/save', status: 400 });
    expect(rows.some((r) => r.action === 'create' && r.entity === 'order')).toBe(true);
  });

  it('a revoked key is refused at its next call; an expired one too; a key of a frozen account too', async () => {
    const second = await issueKey(server, admin, dealerAccount, 'to revoke');
    expect((await keyCall(server, second.key, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(200);
    await ok(server.call('/sys/serviceAccount/revokeKey', { token: admin, body: { id: second.id } }));
    expect((await keyCall(server, second.key, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(401);
    expect((await server.call('/sys/serviceAccount/revokeKey', { token: admin, body: { id: second.id } })).status).toBe(409);

    const pastDay = new Date(Date.now() - 86_400_000).toISOString();
    expect((await server.call('/sys/serviceAccount/issueKey', { token: admin, body: { userId: dealerAccount, name: 'late', expiresAt: pastDay } })).status).toBe(400);
    const soon = await issueKey(server, admin, dealerAccount, 'short-lived', new Date(Date.now() + 1_500).toISOString());
    expect((await keyCall(server, soon.key, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_600));
    expect((await keyCall(server, soon.key, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(401);

    const frozenAccount = await createServiceAccount(server, admin, { userName: 'to-freeze', dealerId: dealer1.id, roleCodes: ['dealer'] });
    const frozenKey = (await issueKey(server, admin, frozenAccount)).key;
    expect((await keyCall(server, frozenKey, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(200);
    const { list } = await ok(server.call<{ list: Record<string, unknown>[] }>('/sys/serviceAccount/selectByPage', { token: admin, body: { pageSize: 50, keyword: 'to-freeze' } }));
    await ok(server.call('/sys/serviceAccount/update', {
      token: admin, body: { id: frozenAccount, userName: 'to-freeze', nickName: 'x', status: 'frozen', dealerId: dealer1.id, roleIds: (list[0].roleIds as number[]) },
    }));
    expect((await keyCall(server, frozenKey, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(401);
  });

  it('a service account never signs in to the console', async () => {
    const res = await server.call('/sys/login', { lang: 'en-US', body: { userName: 'dms-sh0001', passWord: 'service-account:no-password' } });
    expect(res.status).toBe(400);
    const [logged] = await server.services.db.select().from(loginLogs).where(eq(loginLogs.userName, 'dms-sh0001')).orderBy(desc(loginLogs.id)).limit(1);
    expect(logged).toMatchObject({ success: false, reason: 'serviceAccount' });
    // Nor does its key stand in for a session token.
    expect((await server.call('/orderManage/PRorder/selectByPage', { token: dealerKey, body: { pageSize: 1 } })).status).toBe(401);
  });

  it('the users page cannot reach a service account, and a dealer\'s administrator sees only its dealer\'s accounts', async () => {
    expect((await server.call('/sys/user/detail', { token: admin, body: { id: dealerAccount } })).status).toBe(404);
    expect((await server.call('/sys/user/resetPassword', { token: admin, body: { id: dealerAccount, password: 'Abc@12345' } })).status).toBe(404);
    const staffAccount = await createServiceAccount(server, admin, { userName: 'maker-erp', roleCodes: ['staff'] });
    const dealer2 = await server.login('dealer2');
    // dealer2 is not granted the page at all.
    expect((await server.call('/sys/serviceAccount/keys', { token: dealer2, body: { userId: staffAccount } })).status).toBe(403);
  });

  it('limits each key on its own: over the limit a key is refused with 429, another key is not', async () => {
    const busy = (await issueKey(server, admin, dealerAccount, 'busy')).key;
    const quiet = (await issueKey(server, admin, dealerAccount, 'quiet')).key;
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await keyCall(server, busy, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await keyCall(server, quiet, '/orderManage/PRorder/selectByPage', { pageSize: 1 })).status).toBe(200);
  });

  it('the API document names the key schemes, and the TMS stop report takes a key granted its button', async () => {
    const doc = (await server.call<never>('/openapi.json')).body as unknown as {
      components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, { security: unknown[] }>>;
    };
    expect(doc.components.securitySchemes.apiKeyBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Api-Key' });
    expect(doc.paths[`${API_BASE}/orderManage/PRorder/save`].post.security).toEqual([{ token: [] }, { apiKeyBearer: [] }, { apiKey: [] }]);

    const report = { requestNo: 'NO-SUCH-REQUEST', seq: 1 };
    // The staff role holds route following's report button: the key passes, and the request is unknown.
    const tmsAccount = await createServiceAccount(server, admin, { userName: 'tms-feed', roleCodes: ['staff'] });
    const granted = await keyCall(server, (await issueKey(server, admin, tmsAccount)).key, '/tms/stopReport', report);
    expect(granted.status, granted.body.msg).toBe(404);
    // The demo's dealer role does not hold it.
    const notGranted = await keyCall(server, dealerKey, '/tms/stopReport', report);
    expect(notGranted.status).toBe(401);
    expect((await keyCall(server, 'tcc_forged', '/tms/stopReport', report)).status).toBe(401);
  });
});
