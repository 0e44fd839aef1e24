/**
 * The integration surface's figures (docs/integrations.md), on an in-memory PGlite (or
 * DATABASE_URL), through the real routes with a service account's API key:
 * - the time to take a delivery note of 5,000 barcodes (POST /integration/deliveryNote), and of
 *   the same note sent again (answered from the note kept, nothing written);
 * - webhooks (with --webhooks): deliveries a second from the outbox to a local receiver that
 *   verifies each signature (--deliveries enqueued at once, as a burst of events would), and the
 *   delay from an order's completion (its complete call sent) to its order.completed webhook's
 *   arrival, over --orders orders completed one after another (median, p95).
 *
 *   npx tsx bench/integrations.ts [--runs 3] [--barcodes 5000] [--webhooks] [--orders 50] [--deliveries 2000]
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { API_BASE } from '../src/shared/api/envelope';
import { enqueueWebhooks } from '../src/server/modules/integration/webhookEvents';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const BARCODES = arg('barcodes', 5_000);
const ORDERS = arg('orders', 50);
const DELIVERIES = arg('deliveries', 2_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

const config = loadConfig({
  ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: process.env.DATABASE_URL ? './data' : 'memory://', CAPTCHA: 'off', LOG_LEVEL: 'warn',
  ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', ROLLUP_MINUTES: '0', API_KEY_RATE_LIMIT: '100000',
});
const built = await buildApp(config);
await built.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(built.app.server.address() as net.AddressInfo).port}${API_BASE}`;

/** A call with a session token or an API key; answers `data`, or throws with the message. */
async function call<T>(path: string, body: unknown, auth: { token?: string; key?: string }, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth.token ? { token: auth.token } : {}), ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { msg: string; data: T };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${answer.msg}`);
  return answer.data;
}

const { token } = await call<{ token: string }>('/sys/login', { userName: 'admin', passWord: 'Demo@2026' }, {});
const roles = await call<{ roles: { id: number; name: string }[] }>('/sys/user/options', {}, { token });
const staff = roles.roles.find((r) => r.name === '渠道专员' || r.name === 'Channel staff');
if (!staff) throw new Error('the demo staff role is missing');
const { id: account } = await call<{ id: number }>('/sys/serviceAccount/save', { userName: 'bench-erp', nickName: 'Bench ERP', status: 'normal', dealerId: null, roleIds: [staff.id] }, { token });
const { key } = await call<{ key: string }>('/sys/serviceAccount/issueKey', { userId: account, name: 'bench' }, { token });

const options = await call<{ warehouses: { code: string; dealerId: number | null }[]; materials: { code: string }[] }>('/orderManage/PRorder/options', {}, { token });
const warehouse = options.warehouses.find((w) => w.dealerId != null)!;
const mats = options.materials.slice(0, 10).map((m) => m.code);
let serial = 0;
const tag = Date.now().toString(36).toUpperCase();
function note(documentNo: string) {
  const per = Math.ceil(BARCODES / mats.length);
  const barcodes = Array.from({ length: BARCODES }, (_, i) => ({ barcode: `BN${tag}${String(++serial).padStart(8, '0')}`, materialCode: mats[Math.floor(i / per)], dot: '2225' }));
  const lines = mats.map((materialCode) => ({ materialCode, quantity: barcodes.filter((b) => b.materialCode === materialCode).length })).filter((l) => l.quantity > 0);
  return { documentNo, warehouseCode: warehouse.code, lines, barcodes };
}

const taken: number[] = [];
const replayed: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const body = note(`BENCH-${tag}-${run}`);
  let t = performance.now();
  await call('/integration/deliveryNote', body, { key });
  taken.push(performance.now() - t);
  t = performance.now();
  await call('/integration/deliveryNote', body, { key });
  replayed.push(performance.now() - t);
}
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`delivery note of ${BARCODES} barcodes, ${db}, ${RUNS} runs: taken ${taken.map((x) => x.toFixed(0)).join(', ')} ms (median ${median(taken).toFixed(0)} ms); sent again ${median(replayed).toFixed(0)} ms (median)`);

if (process.argv.includes('--webhooks')) await webhooks();

/** Webhook deliveries a second, and the delay from completion to arrival. */
async function webhooks() {
  const secret = 'bench-secret-0123456789';
  const arrived = new Map<number, number>();
  let verified = 0;
  let forged = 0;
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const receiver = createServer((req, res) => {
    void read(req).then((raw) => {
      const at = performance.now();
      const { t, v1 } = Object.fromEntries(String(req.headers['x-signature']).split(',').map((p) => p.split('=', 2)));
      if (createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex') !== v1) {
        forged++;
        return res.writeHead(400).end();
      }
      verified++;
      const body = JSON.parse(raw) as { type: string; data: { id: number } };
      if (body.type === 'order.completed' && !arrived.has(body.data.id)) arrived.set(body.data.id, at);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/hook`;
  await call('/sys/webhook/save', {
    name: 'bench', url: hookUrl, secret, dealerId: null, status: 'normal', erp: false,
    orderCompleted: true, orderCancelled: false, stockAlertRaised: false, stockAlertCleared: false, tripDelivered: false,
  }, { token });

  // A central warehouse: no dealer, no storage locations to name in a scan.
  const central = options.warehouses.find((w) => w.dealerId == null)!;
  const materialIds = await call<{ materials: { id: number; code: string }[] }>('/orderManage/PRorder/options', {}, { token });
  const materialId = materialIds.materials[0].id;
  const delays: number[] = [];
  const warehouseId = (await built.services.db.execute(sql`select id from warehouses where code = ${central.code}`) as unknown as { rows: { id: number }[] }).rows[0].id;
  for (let i = 0; i < ORDERS; i++) {
    const barcode = `BW${tag}${String(i).padStart(6, '0')}`;
    const { id } = await call<{ id: number }>('/orderManage/PRorder/save', {
      orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: 1 }], shipped: [{ barcode, materialId }],
    }, { token });
    await call('/orderManage/PRorder/scan', { orderId: id, barcode }, { token });
    const sent = performance.now();
    await call('/orderManage/PRorder/complete', { id }, { token });
    while (!arrived.has(id)) await new Promise((r) => setTimeout(r, 1));
    delays.push(arrived.get(id)! - sent);
  }
  console.log(`order completed -> webhook arrived, ${ORDERS} orders one after another: median ${median(delays).toFixed(1)} ms, p95 ${p95(delays).toFixed(1)} ms`);

  // A burst: deliveries of one order's completion, written at once and sent by the outbox.
  const orderId = [...arrived.keys()][0];
  const before = verified;
  const t0 = performance.now();
  await built.services.db.transaction((tx) => enqueueWebhooks(tx, 'order.completed',
    Array.from({ length: DELIVERIES }, (_, i) => ({ dealerId: null, ref: `bench:${i}`, payload: { orderId } }))));
  built.services.outbox.wake();
  while (verified - before < DELIVERIES) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - t0) / 1000;
  console.log(`webhook deliveries to a local receiver: ${DELIVERIES} in ${seconds.toFixed(2)} s = ${(DELIVERIES / seconds).toFixed(0)} a second (signatures verified: ${verified}, refused: ${forged})`);
  await new Promise((done) => receiver.close(() => done(undefined)));
}

await built.app.close();
