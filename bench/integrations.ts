/**
 * The integration surface's figures (docs/integrations.md), on an in-memory PGlite (or
 * DATABASE_URL), through the real routes with a service account's API key:
 * - the time to take a delivery note of 5,000 barcodes (POST /integration/deliveryNote), and of
 *   the same note sent again (answered from the note kept, nothing written);
 *
 *   npx tsx bench/integrations.ts [--runs 3] [--barcodes 5000]
 */
import type net from 'node:net';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { API_BASE } from '../src/shared/api/envelope';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const BARCODES = arg('barcodes', 5_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

await built.app.close();
