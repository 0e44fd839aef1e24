import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { claimJobRun } from '../../src/server/jobs/schedule';
import type { NoticeMessage } from '../../src/shared/api/notices';
import { connectSocket, until } from '../api/socketSupport';
import { startReceiver } from '../api/webhookReceiver';
import { freshPostgresDatabase, type TestDatabase } from '../setup/postgres';
import { buildServer, freePort, healthy, startNode, stopNode, unavailable, REDIS_URL, type Node } from './nodes';

/**
 * two stateless nodes of the compiled server on one PostgreSQL database and one Redis.
 * The nodes start together on an empty database (migrations and the demo data under the advisory
 * lock), then each test crosses from one node to the other. Skipped, with the reason printed, where
 * PostgreSQL or Redis does not answer on this machine.
 */
const skipReason = await unavailable();
if (skipReason) console.log(`cluster tests skipped: ${skipReason}`);

const LOGIN_LIMIT = 7;
const PASSWORD = 'Demo@2026';
const ZONE = 'Asia/Shanghai';
const READ_APP = 'tyre-cluster-read';

describe.skipIf(skipReason !== null)('two nodes on PostgreSQL and Redis', () => {
  const buildDir = `.tmp/cluster-${randomBytes(4).toString('hex')}`;
  const sockets: Socket[] = [];
  let database: TestDatabase;
  let sql: pg.Pool;
  let a: Node;
  let b: Node;
  let admin = '';
  let order: { dealerId: number; warehouseId: number; materialId: number };
  // A real SMTP server both nodes send through: the subscription mails they send, as received.
  const inbox: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, done) { void simpleParser(stream).then((mail) => { inbox.push(mail); done(); }, done); },
  });

  const login = async (node: Node, userName = 'admin') => {
    const res = await node.call<{ token: string }>('/sys/login', { body: { userName, passWord: PASSWORD } });
    expect(res.status, res.body?.msg).toBe(200);
    return res.body.data.token;
  };
  const saveOrder = (node: Node, plannedQty: number) => node.call<{ id: number }>('/orderManage/PRorder/save', {
    token: admin, body: { orderType: 'PR', dealerId: order.dealerId, warehouseId: order.warehouseId, lines: [{ materialId: order.materialId, plannedQty }] },
  });

  beforeAll(async () => {
    const main = buildServer(buildDir);
    const smtpPort = await freePort();
    await new Promise<void>((ok) => smtp.listen(smtpPort, '127.0.0.1', ok));
    database = await freshPostgresDatabase({ prefix: 'tyre_cluster' });
    sql = new pg.Pool({ connectionString: database.url, max: 6 });
    // The "replica" is the same database under another application name, so the test can tell its connections apart.
    const readUrl = new URL(database.url);
    readUrl.searchParams.set('application_name', READ_APP);
    const env = {
      DATABASE_URL: database.url, DATABASE_READ_URL: readUrl.toString(), REDIS_URL, REDIS_PREFIX: `tyre-test-${randomBytes(4).toString('hex')}`,
      BUSINESS_TIME_ZONE: ZONE, LOGIN_RATE_LIMIT: String(LOGIN_LIMIT), LOG_LEVEL: 'debug',
      // The administrator only (the demo data would take half a minute on a loaded machine); the test adds what it writes on.
      SEED_DEMO: 'false', ADMIN_PASSWORD: PASSWORD,
      // One sweep an hour: with both nodes up from the start, exactly one of them runs the first.
      ALERT_SWEEP_MINUTES: '60', INVARIANT_CHECK_MINUTES: '0',
      // The webhook receiver listens on this host.
      WEBHOOK_REACH: 'any',
      // Mail on: both nodes schedule the subscriptions' run and send the outbox's mail. Every 6 s rather
      // than the default minute: each node claims runs in turn within seconds, not after a minute or two idle.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Tyre console <console@cluster.example>', PUBLIC_URL: 'http://console.cluster', SUBSCRIPTION_MINUTES: '0.1',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Started together on an empty database: they take turns at the migrations and the demo data.
    a = startNode('A', main, portA, env);
    b = startNode('B', main, portB, env);
    await Promise.all([healthy(a, 90_000), healthy(b, 90_000)]);
    const { rows: [ids] } = await sql.query<{ dealer_id: number; warehouse_id: number; material_id: number }>(`
      with d as (insert into dealers (code, name) values ('CL0001', '集群经销商') returning id),
           w as (insert into warehouses (code, name, dealer_id) select 'CL0001W1', '集群仓', id from d returning id),
           b as (insert into brands (code, name) values ('CL', '集群') returning id),
           m as (insert into materials (code, name, brand_id, specification, pattern, load_index, speed_index, price)
                 select 'CLM001', '205/55R16 集群', id, '205/55R16', 'CL1', '91', 'V', 500 from b returning id)
      select (select id from d) as dealer_id, (select id from w) as warehouse_id, (select id from m) as material_id`);
    order = { dealerId: ids.dealer_id, warehouseId: ids.warehouse_id, materialId: ids.material_id };
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([a, b].filter(Boolean).map(stopNode));
    await sql?.end();
    await database?.drop();
    await new Promise<void>((ok) => smtp.close(() => ok()));
    rmSync(buildDir, { recursive: true, force: true });
  }, 60_000);

  it('started together on an empty database, the nodes migrated and seeded it once', async () => {
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from users where user_name = 'admin'`);
    expect(rows[0].n).toBe(1);
    const seeded = [a, b].flatMap((n) => n.logs.filter((l) => l.msg === 'empty database: initial data created'));
    expect(seeded).toHaveLength(1);
  });

  it('a session made on A is good on B, and signing out on B ends it on A', async () => {
    admin = await login(a);
    const me = await b.call<{ userName: string }>('/sys/user/getCurrentUserInfo', { body: {}, token: admin });
    expect(me.status).toBe(200);
    expect(me.body.data.userName).toBe('admin');
    const other = await login(a);
    expect((await b.call('/sys/loginOut', { body: {}, token: other })).status).toBe(200);
    expect((await a.call('/sys/user/getCurrentUserInfo', { body: {}, token: other })).status).toBe(401);
  });

  it('a notice saved through A, and a sign-in on A for the login monitor, reach a console connected to B', async () => {
    const [onB, onA] = await Promise.all([connectSocket(b.url, admin, sockets), connectSocket(a.url, admin, sockets)]);
    const got = { b: [] as NoticeMessage[], a: [] as NoticeMessage[], monitorB: [] as { kind: string }[] };
    onB.on('notice', (n: NoticeMessage) => got.b.push(n));
    onA.on('notice', (n: NoticeMessage) => got.a.push(n));
    onB.on('monitor', (m: { kind: string }) => got.monitorB.push(m));
    await login(a);
    expect(await until(() => got.monitorB.some((m) => m.kind === 'login'), 10_000), 'login monitor pushed to B').toBe(true);
    const saved = await saveOrder(a, 7);
    expect(saved.status, saved.body.msg).toBe(200);
    expect(await until(() => got.b.length > 0 && got.a.length > 0, 10_000), 'pushed to both nodes\' consoles').toBe(true);
    expect(got.b[0]).toMatchObject({ orderId: saved.body.data.id, orderType: 'PR' });
    expect(got.a).toHaveLength(1);
    // The business day is the setting's, not the host's: the order number carries the day in Shanghai.
    const { rows } = await sql.query<{ order_no: string; day: string }>(
      `select order_no, to_char(created_at at time zone '${ZONE}', 'YYYYMMDD') as day from orders where id = $1`, [saved.body.data.id]);
    expect(rows[0].order_no.slice(2, 10)).toBe(rows[0].day);
  });

  it('after a dictionary write through B, A answers the same dictionary version', async () => {
    const versionOf = async (node: Node) => Number((await node.call('/health')).headers.get('x-dict-version'));
    // An earlier test's write may be younger than a node's two seconds of caching: start once both agree.
    let before = await versionOf(a);
    for (const end = Date.now() + 5_000; (await versionOf(b)) !== before && Date.now() < end; before = await versionOf(a)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await versionOf(b)).toBe(before);
    const write = await b.call('/system/dict/type/save', { token: admin, body: { type: `cluster_${randomBytes(3).toString('hex')}`, name: '集群', nameEn: 'Cluster' } });
    expect(write.status, write.body.msg).toBe(200);
    // The write's own answer carries the new version; A reads it within its two seconds of caching.
    const after = Number(write.headers.get('x-dict-version'));
    expect(after).toBeGreaterThan(before);
    let seen = await versionOf(a);
    const end = Date.now() + 10_000;
    while (seen !== after && Date.now() < end) {
      expect(seen === before || seen === after, `A answered ${seen}`).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      seen = await versionOf(a);
    }
    expect(seen).toBe(after);
    expect(await versionOf(b)).toBe(after);
  });

  it('dashboards read from DATABASE_READ_URL', async () => {
    const readers = async () => (await sql.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2', [database.name, READ_APP])).rows[0].n;
    expect(await readers()).toBe(0);
    const res = await b.call<{ rows: unknown[] }>('/analysis/query/stock.onHand', { token: admin, body: {} });
    expect(res.status, res.body?.msg).toBe(200);
    expect(await readers()).toBeGreaterThan(0);
  });

  it('the alert sweep ran once with both nodes up', async () => {
    const tried = (node: Node) => node.logs.some((l) => l.job === 'alertSweep');
    expect(await until(() => tried(a) && tried(b), 30_000), 'both nodes tried the first sweep').toBe(true);
    const ran = [a, b].flatMap((n) => n.logs.filter((l) => l.job === 'alertSweep' && l.ran === true));
    expect(ran).toHaveLength(1);
    const { rows } = await sql.query<{ runs: number }>(`select runs from job_runs where name = 'alertSweep'`);
    expect(rows[0].runs).toBe(1);
  });

  it('a job overdue after downtime is claimed once by nodes asking together', async () => {
    const dbs = Array.from({ length: 5 }, () => drizzle({ client: sql }) as unknown as Db);
    await sql.query(`insert into job_runs (name, last_run_at, last_node, runs) values ('clusterTest', now() - interval '3 hours', 'gone', 7)`);
    const claims = await Promise.all(dbs.map((db, i) => claimJobRun(db, 'clusterTest', 60, `claimer${i}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const { rows } = await sql.query<{ runs: number }>(`select runs from job_runs where name = 'clusterTest'`);
    expect(rows[0].runs).toBe(8);
    expect(await claimJobRun(dbs[0], 'clusterTest', 60, 'later')).toBe(false);
  });

  it('the login rate limit counts the sign-ins of both nodes together', async () => {
    const signIn = (node: Node) => node.call('/sys/login', { body: { userName: 'admin', passWord: PASSWORD } });
    // The earlier tests' sign-ins count too: A says how many are left in this minute.
    const first = await signIn(a);
    expect(first.status).toBe(200);
    const left = Number(first.headers.get('x-ratelimit-remaining'));
    expect(left).toBeLessThan(LOGIN_LIMIT);
    const perNode = { A: 1, B: 0 };
    for (let i = 1; i <= left; i++) {
      const node = i % 2 ? b : a;
      perNode[node.name as 'A' | 'B']++;
      const res = await signIn(node);
      expect(res.status, `sign-in ${i + 1} of the minute's last ${left + 1}, on ${node.name}`).toBe(200);
    }
    // Both nodes refuse the next, though neither alone has seen the limit's worth.
    expect((await signIn(b)).status).toBe(429);
    expect((await signIn(a)).status).toBe(429);
    expect(Math.max(perNode.A, perNode.B)).toBeLessThan(LOGIN_LIMIT);
  });

  it('webhooks of orders cancelled through either node reach the receiver once each, signed', async () => {
    const receiver = await startReceiver('cluster-secret-0123456789');
    try {
      const endpoint = await a.call('/sys/webhook/save', {
        token: admin,
        body: {
          name: 'Cluster ERP', url: receiver.url, secret: 'cluster-secret-0123456789', dealerId: null, status: 'normal', erp: false,
          orderCompleted: false, orderCancelled: true, stockAlertRaised: false, stockAlertCleared: false, tripDelivered: false,
        },
      });
      expect(endpoint.status, endpoint.body.msg).toBe(200);
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        const node = i % 2 ? b : a;
        const saved = await saveOrder(node, 1);
        expect(saved.status, saved.body.msg).toBe(200);
        ids.push(saved.body.data.id);
        const cancelled = await node.call('/orderManage/PRorder/cancel', { token: admin, body: { id: saved.body.data.id } });
        expect(cancelled.status, cancelled.body.msg).toBe(200);
      }
      const idsTaken = () => receiver.taken.map((t) => (t.body.data as { id: number }).id);
      expect(await until(() => ids.every((id) => idsTaken().includes(id)), 20_000), 'every cancellation delivered').toBe(true);
      // A poll more on each node sends nothing again.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(idsTaken().sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      expect(receiver.forged).toBe(0);
    } finally {
      await receiver.stop();
    }
  });

  it('two nodes running the subscriptions\' job send one mail per subscription run', async () => {
    await sql.query(`update users set email = 'admin@cluster.example' where user_name = 'admin'`);
    // Three subscriptions, made through either node.
    const ids: number[] = [];
    for (const [i, node] of [a, b, a].entries()) {
      const view = await node.call<{ id: number }>('/views/save', { token: admin, body: { page: '/reportQuery/storageInventory/monthBalance', name: `Cluster view ${i}`, query: '' } });
      expect(view.status, view.body.msg).toBe(200);
      const sub = await node.call('/views/subscribe', { token: admin, body: { viewId: view.body.data.id, schedule: { frequency: 'daily', time: '08:00' } } });
      expect(sub.status, sub.body.msg).toBe(200);
      ids.push(view.body.data.id);
    }
    // All due now: the next look of either node takes them.
    await sql.query(`update view_subscriptions set next_run_at = now() - interval '1 minute' where view_id = any($1)`, [ids]);
    const subjects = () => inbox.map((m) => m.subject ?? '').filter((s) => s.includes('Cluster view'));
    expect(await until(() => subjects().length >= ids.length, 100_000), 'a mail for each subscription').toBe(true);
    // Both nodes run the job; whichever ran it, a second look and the outbox's polls on both nodes send nothing again.
    const tried = (node: Node) => node.logs.some((l) => l.job === 'subscriptionRun');
    expect(await until(() => tried(a) && tried(b), 70_000), 'both nodes looked for subscriptions due').toBe(true);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(subjects().sort()).toEqual(ids.map((_, i) => expect.stringContaining(`Cluster view ${i}`)));
    expect(subjects()).toHaveLength(ids.length);
    const { rows } = await sql.query<{ n: number }>(`select count(*)::int as n from outbox where topic = 'subscription' and status = 'sent'`);
    expect(rows[0].n).toBe(ids.length);
  }, 200_000);

  it('a node killed mid-request loses no answered write, and the other goes on serving', async () => {
    const { rows: [{ baseline }] } = await sql.query<{ baseline: number }>('select max(id)::int as baseline from orders');
    const answered: number[] = [];
    let inFlightAtKill = -1;
    let inFlight = 0;
    // Four writers keep a save in flight on A at all times; A is killed after its tenth answer,
    // while the other three wait for theirs. Each writer goes on until A no longer answers it.
    const writer = async () => {
      for (;;) {
        inFlight++;
        try {
          const res = await saveOrder(a, 1);
          if (res.status === 200) answered.push(res.body.data.id);
        } catch {
          return;
        } finally {
          inFlight--;
        }
        if (answered.length >= 10 && inFlightAtKill < 0) {
          inFlightAtKill = inFlight;
          a.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, writer));
    await a.exited;
    expect(inFlightAtKill, 'saves in flight when A was killed').toBeGreaterThan(0);
    // B answers at once: a read, and a write of its own.
    expect((await b.call('/health')).status).toBe(200);
    const after = await saveOrder(b, 2);
    expect(after.status, after.body.msg).toBe(200);
    // Every save A answered is there, whole (its line with it), as B reads it.
    for (const id of answered) {
      const detail = await b.call<{ id: number }>('/orderManage/PRorder/detail', { token: admin, body: { id } });
      expect(detail.status, `order ${id}`).toBe(200);
    }
    const { rows } = await sql.query<{ id: number; lines: number }>(
      `select o.id, count(l.id)::int as lines from orders o left join order_lines l on l.order_id = o.id where o.id > $1 group by o.id`, [baseline]);
    expect(rows.length).toBeGreaterThanOrEqual(answered.length + 1);
    expect(rows.filter((r) => r.lines !== 1)).toEqual([]);
  });
});
