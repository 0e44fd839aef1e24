import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { auditLogs, dealers, outbox, resources, roleResources, roles } from '../../src/server/db/schema';
import { createOutbox, DeliveryFailure, type Sender } from '../../src/server/outbox/dispatcher';
import { enqueueOutbox, type OutboxMessage } from '../../src/server/outbox/enqueue';
import { startTestServer, type TestServer } from './server';

/**
 * The outbox (docs/outbox.md) against a real HTTP receiver: what a committed transaction wrote goes
 * out once, what a rolled-back one wrote never; a receiver that is down is tried again with backoff;
 * a delivery given up on shows in the upload monitor and can be sent again; one ordering key's
 * messages keep their order; two dispatchers on one database send each message once.
 */

/** A receiver on a free port that records what it takes and answers as told. */
interface Receiver { url: string; taken: { id: number; key?: string; body: Record<string, unknown> }[]; answer: (body: Record<string, unknown>) => number; stop(): Promise<void> }

async function startReceiver(port = 0): Promise<Receiver> {
  const receiver: Receiver = { url: '', taken: [], answer: () => 200, stop: async () => undefined };
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      const status = receiver.answer(body);
      if (status < 300) receiver.taken.push({ id: Number(body.outboxId), key: body.key as string | undefined, body });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `no: ${status}`);
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.stop = () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); });
  return receiver;
}

/** A webhook-like sender over real HTTP: the test stands in for the senders the mail and webhook modules register. */
const httpSender: Sender = {
  async send(d) {
    const res = await fetch(d.target, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outboxId: d.id, attempt: d.attempt, ...d.payload }),
      signal: AbortSignal.timeout(5_000),
    });
    const text = await res.text();
    if (!res.ok) throw new DeliveryFailure(`HTTP ${res.status}`, { answer: `${res.status} ${text}`, permanent: res.status === 410 });
    return { answer: `${res.status} ${text}` };
  },
};

let server: TestServer;
let receiver: Receiver;
let admin: string;
let dealer1: string;
let dealer2: string;
let dealer1Id: number;

beforeAll(async () => {
  // Short waits so retries happen within the test; three attempts before a delivery fails.
  server = await startTestServer({ OUTBOX_MAX_ATTEMPTS: '3', OUTBOX_RETRY_SECONDS: '0.2', OUTBOX_POLL_SECONDS: '0.5' });
  server.services.outbox.register('webhook', httpSender);
  receiver = await startReceiver();
  // The dealers' role may open the upload monitor and retry in it, so what limits them is their data scope.
  const db = server.services.db;
  const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const grants = (await db.select({ id: resources.id, perm: resources.perm }).from(resources))
    .filter((r) => ['monitoringManage', 'monitoringManage:monitoring', 'monitoringManage:uploadMonitor', 'monitoringManage:uploadMonitor:retry'].includes(r.perm));
  expect(grants).toHaveLength(4);
  await db.insert(roleResources).values(grants.map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
  [admin, dealer1, dealer2] = await Promise.all(['admin', 'dealer1', 'dealer2'].map((u) => server.login(u)));
  [{ id: dealer1Id }] = await server.services.db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'SH0001'));
});
afterAll(async () => {
  await server?.stop();
  await receiver?.stop();
});
beforeEach(() => {
  receiver.taken = [];
  receiver.answer = () => 200;
});

const message = (key: string, extra: Partial<OutboxMessage> = {}): OutboxMessage =>
  ({ kind: 'webhook', topic: 'test', target: receiver.url, payload: { key }, ...extra });

async function enqueue(messages: OutboxMessage[]) {
  await server.services.db.transaction((tx) => enqueueOutbox(tx, messages));
  server.services.outbox.wake();
}

/** Waits for a state of the outbox, not for a time. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsOf = (keys: string[]) => server.services.db.select().from(outbox)
  .where(inArray(sql`${outbox.payload}->>'key'`, keys)).orderBy(outbox.id);

describe('the outbox', () => {
  it('sends what a committed transaction wrote, once, and never what a rolled-back one wrote', async () => {
    await expect(server.services.db.transaction(async (tx) => {
      await enqueueOutbox(tx, [message('rolled-back')]);
      throw new Error('the cause failed');
    })).rejects.toThrow('the cause failed');
    await enqueue([message('committed-1'), message('committed-2')]);
    const rows = await until(() => rowsOf(['committed-1', 'committed-2']), (r) => r.every((x) => x.status === 'sent'));
    expect(rows.map((r) => [r.status, r.attempts, r.lastAnswer])).toEqual([['sent', 1, '200 thanks'], ['sent', 1, '200 thanks']]);
    // A further look at the outbox sends nothing more.
    await server.services.outbox.drain();
    expect(receiver.taken.map((t) => t.key).sort()).toEqual(['committed-1', 'committed-2']);
    expect(await rowsOf(['rolled-back'])).toEqual([]);
  });

  it('tries a receiver that is down again, with backoff, and delivers once when it is back', async () => {
    const down = await startReceiver();
    const url = down.url;
    await down.stop();
    await enqueue([message('down-then-up', { target: url })]);
    const failedOnce = await until(() => rowsOf(['down-then-up']), (r) => r[0].lastError !== null && r[0].leasedUntil === null);
    expect(failedOnce[0]).toMatchObject({ status: 'pending' });
    expect(failedOnce[0].lastError).toBeTruthy();
    expect(failedOnce[0].nextAttemptAt.getTime()).toBeGreaterThan(failedOnce[0].createdAt.getTime());

    const back = await startReceiver(Number(new URL(url).port));
    try {
      const rows = await until(() => rowsOf(['down-then-up']), (r) => r[0].status !== 'pending');
      expect(rows[0].status).toBe('sent');
      expect(back.taken.map((t) => t.key)).toEqual(['down-then-up']);
      expect(rows[0].attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await back.stop();
    }
  });

  it('gives up after the last attempt, shows the failure in the upload monitor with the answer, and sends it again on request', async () => {
    receiver.answer = (body) => (body.key === 'refused' ? 503 : body.key === 'gone' ? 410 : 200);
    await enqueue([message('refused', { dealerId: dealer1Id }), message('gone')]);
    const rows = await until(() => rowsOf(['refused', 'gone']), (r) => r.every((x) => x.status === 'failed'));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['failed', 3], ['failed', 1]]);
    expect(rows[0].lastAnswer).toBe('503 no: 503');

    const monitor = async (token: string) => {
      const res = await server.call<ReportPageAnswer>('/analysis/report/uploadMonitor/selectByPage', { token, lang: 'en-US', body: { pageSize: 100, keyword: 'no: ' } });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data.rows.filter((r) => r.channel === 'HOOK');
    };
    const seen = await monitor(admin);
    const refused = seen.find((r) => r.id === rows[0].id)!;
    expect(refused).toMatchObject({ result: 'no', retryable: true, orderNo: receiver.url, uploadId: 'Test message', ok: false });
    expect(String(refused.message)).toContain('503 no: 503');
    // The dealer's own delivery is in its monitor; the operator's is not.
    expect((await monitor(dealer1)).map((r) => r.id)).toEqual([rows[0].id]);

    // Another dealer cannot send it again; the administrator can, once.
    expect((await server.call('/monitoring/outbox/retry', { token: dealer2, body: { id: rows[0].id } })).status).toBe(404);
    receiver.answer = () => 200;
    const retried = await server.call('/monitoring/outbox/retry', { token: admin, body: { id: rows[0].id } });
    expect(retried.status, retried.body.msg).toBe(200);
    const after = await until(() => rowsOf(['refused']), (r) => r[0].status === 'sent');
    expect(after[0]).toMatchObject({ status: 'sent', attempts: 1, retriedBy: 'admin' });
    expect(receiver.taken.map((t) => t.key)).toEqual(['refused']);
    const again = await server.call('/monitoring/outbox/retry', { token: admin, lang: 'en-US', body: { id: rows[0].id } });
    expect([again.status, again.body.msg]).toEqual([409, 'Only a mail or webhook that failed for good can be sent again']);
    const audit = await server.services.db.select().from(auditLogs).where(eq(auditLogs.entity, 'outbox'));
    expect(audit.map((a) => [a.action, a.entityId, a.userName])).toContainEqual(['retry', String(rows[0].id), 'admin']);
  });

  it('keeps one ordering key\'s messages in their order while another key\'s go ahead', async () => {
    let firstRefusals = 1;
    receiver.answer = (body) => (body.key === 'order-1' && firstRefusals-- > 0 ? 500 : 200);
    await enqueue([message('order-1', { orderingKey: 'order:1' }), message('order-2', { orderingKey: 'order:1' }), message('other-1', { orderingKey: 'order:2' })]);
    await until(() => rowsOf(['order-1', 'order-2', 'other-1']), (r) => r.every((x) => x.status === 'sent'));
    const keys = receiver.taken.map((t) => t.key);
    expect(keys.indexOf('order-1')).toBeLessThan(keys.indexOf('order-2'));
    // The other key did not wait for the refused one's backoff.
    expect(keys.indexOf('other-1')).toBeLessThan(keys.indexOf('order-1'));
  });

  it('two dispatchers draining one database send each message once', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `pair-${i}`);
    await server.services.db.transaction((tx) => enqueueOutbox(tx, keys.map((k) => message(k, { orderingKey: `pair:${Number(k.slice(5)) % 7}` }))));
    const settings = { OUTBOX_MAX_ATTEMPTS: 3, OUTBOX_RETRY_SECONDS: 0.2, OUTBOX_POLL_SECONDS: 60 };
    const quiet = { warn: () => undefined, error: () => undefined };
    const nodes = [createOutbox(server.services.db, settings, quiet), createOutbox(server.services.db, settings, quiet)];
    for (const node of nodes) node.register('webhook', httpSender);
    await until(async () => {
      await Promise.all(nodes.map((n) => n.drain()));
      return rowsOf(keys);
    }, (r) => r.every((x) => x.status === 'sent'));
    const taken = receiver.taken.map((t) => t.key).filter((k) => k?.startsWith('pair-'));
    expect(taken.sort()).toEqual([...keys].sort());
    // Within each ordering key, in the order written.
    for (let k = 0; k < 7; k++) {
      const ofKey = receiver.taken.map((t) => t.key!).filter((key) => key.startsWith('pair-') && Number(key.slice(5)) % 7 === k);
      expect(ofKey).toEqual([...ofKey].sort((a, b) => Number(a.slice(5)) - Number(b.slice(5))));
    }
  });
});
