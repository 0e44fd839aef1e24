import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, materials, outbox, webhookEndpoints } from '../../src/server/db/schema';
import { ok } from './integrationSupport';
import { startTestServer, type TestServer } from './server';
import { startReceiver, type Receiver } from './webhookReceiver';

/**
 * System › Webhooks under the default WEBHOOK_REACH (docs/integrations.md, "Where a webhook may
 * go"): an endpoint may not point at this host or a link-local address, neither as written nor as
 * its name resolves when delivered to; and its signing secret is written, never read back.
 */
const SECRET = 'whsec_endpoint_first_secret_0001';
let server: TestServer;
let admin: string;
let receiver: Receiver;

const body = (url: string, extra: Record<string, unknown> = {}) => ({
  name: 'Endpoint', url, secret: SECRET, status: 'normal', dealerId: null, erp: false,
  orderCompleted: false, orderCancelled: true, stockAlertRaised: false, stockAlertCleared: false, tripDelivered: false, ...extra,
});
const secretOf = async (id: number) => (await server.services.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0].secret;

beforeAll(async () => {
  server = await startTestServer({ OUTBOX_MAX_ATTEMPTS: '2', OUTBOX_RETRY_SECONDS: '0.2', OUTBOX_POLL_SECONDS: '0.5' });
  admin = await server.login('admin');
  receiver = await startReceiver(SECRET);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.stop();
});

describe('where a webhook may go', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'url: The URL may not point at this host, a link-local or a reserved address'],
    ['http://127.0.0.1:9/hook', 'url: The URL may not point at this host, a link-local or a reserved address'],
    ['http://[::1]/hook', 'url: The URL may not point at this host, a link-local or a reserved address'],
  ])('an endpoint at %s is refused as it is saved', async (url, msg) => {
    const res = await server.call('/sys/webhook/save', { token: admin, lang: 'en-US', body: body(url) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg });
  });

  it('an endpoint on a private network is taken (a dealer\'s ERP sits in one)', async () => {
    await ok(server.call('/sys/webhook/save', { token: admin, lang: 'en-US', body: body('https://10.20.30.40/erp', { name: 'LAN ERP', orderCancelled: false }) }));
  });

  it('a name that resolves to this host when delivered to is refused then, once, and nothing reaches the receiver', async () => {
    const url = `http://localhost:${receiver.port}/hook`;
    await ok(server.call('/sys/webhook/save', { token: admin, lang: 'en-US', body: body(url, { name: 'Named local' }) }));
    const db = server.services.db;
    const { id: orderId } = await ok(server.call<{ id: number }>('/orderManage/PRorder/save', {
      token: admin, lang: 'en-US', body: { orderType: 'PR', warehouseId: 1, lines: [{ materialId: (await db.select({ id: materials.id }).from(materials).limit(1))[0].id, plannedQty: 1 }] },
    }));
    await ok(server.call('/orderManage/PRorder/cancel', { token: admin, lang: 'en-US', body: { id: orderId } }));
    let row: typeof outbox.$inferSelect | undefined;
    for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      [row] = await db.select().from(outbox).where(and(eq(outbox.target, url), eq(outbox.topic, 'order.cancelled')));
      if (row?.status === 'failed') break;
    }
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/address not allowed: localhost is .* this host/);
    expect(receiver.taken).toEqual([]);
  });
});

describe('an endpoint\'s signing secret', () => {
  it('is never in a list row, a detail or the audit trail; an edit leaves it blank to keep it or types a new one', async () => {
    const { id } = await ok(server.call<{ id: number }>('/sys/webhook/save', { token: admin, lang: 'en-US', body: body('https://hooks.example.com/a', { name: 'Kept secret' }) }));
    const list = await ok(server.call<{ list: Record<string, unknown>[] }>('/sys/webhook/selectByPage', { token: admin, lang: 'en-US', body: { pageNum: 1, pageSize: 50 } }));
    const row = list.list.find((r) => r.id === id);
    expect(row).toMatchObject({ name: 'Kept secret', url: 'https://hooks.example.com/a' });
    expect(row).not.toHaveProperty('secret');
    expect(await ok(server.call('/sys/webhook/detail', { token: admin, lang: 'en-US', body: { id } }))).not.toHaveProperty('secret');

    await ok(server.call('/sys/webhook/update', { token: admin, lang: 'en-US', body: { ...body('https://hooks.example.com/b', { name: 'Kept secret' }), id, secret: '' } }));
    expect(await secretOf(id)).toBe(SECRET);
    await ok(server.call('/sys/webhook/update', { token: admin, lang: 'en-US', body: { ...body('https://hooks.example.com/b', { name: 'Kept secret' }), id, secret: undefined } }));
    expect(await secretOf(id)).toBe(SECRET);
    const next = 'whsec_endpoint_second_secret_02';
    await ok(server.call('/sys/webhook/update', { token: admin, lang: 'en-US', body: { ...body('https://hooks.example.com/b', { name: 'Kept secret' }), id, secret: next } }));
    expect(await secretOf(id)).toBe(next);
    // A new one is held to the same rule as the first.
    const short = await server.call('/sys/webhook/update', { token: admin, lang: 'en-US', body: { ...body('https://hooks.example.com/b'), id, secret: 'short' } });
    expect(short.status).toBe(400);
    expect(await secretOf(id)).toBe(next);

    const trail = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entityId, String(id))));
    expect(trail.length).toBeGreaterThanOrEqual(4);
    for (const entry of trail) expect(`${entry.before} ${entry.after}`).not.toMatch(/whsec_/);
  });
});
