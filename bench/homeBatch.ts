/**
 * Home in one call against a call per panel: the home dashboard's 13 panels asked
 * at once, as the console used to, against its one streamed batch (POST
 * /analysis/dashboard/home/batch), interleaved in one run on an in-memory PGlite with the demo
 * data (or DATABASE_URL), as the administrator; prints medians and the ratio.
 *
 *   npx tsx bench/homeBatch.ts [--runs 9]
 */
import type net from 'node:net';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { DASHBOARDS } from '../src/server/modules/analysis/dashboards';
import { dashboardBatchPath, queryPath } from '../src/shared/analytics/filters';
import { API_BASE } from '../src/shared/api/envelope';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 9;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: process.env.DATABASE_URL ? './data' : 'memory://', CAPTCHA: 'off', LOG_LEVEL: 'warn', ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0' });
const { app } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${API_BASE}`;
const post = (path: string, body: unknown, token?: string) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
const token = ((await (await post('/sys/login', { userName: 'admin', passWord: process.env.ADMIN_PASSWORD ?? 'Demo@2026' })).json()) as { data: { token: string } }).data.token;
const home = DASHBOARDS.find((d) => d.id === 'home')!;

const perPanel: number[] = [];
const batchAll: number[] = [];
const batchFirst: number[] = [];
for (let run = 0; run < RUNS + 1; run++) {
  let t = performance.now();
  await Promise.all(home.panels.map(async (p) => (await post(queryPath(p.query), { ...p.params }, token)).text()));
  const a = performance.now() - t;
  t = performance.now();
  const res = await post(dashboardBatchPath('home'), {}, token);
  const reader = res.body!.getReader();
  let first = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (!first && value) first = performance.now() - t;
    if (done) break;
  }
  // The first run warms both paths up.
  if (run > 0) { perPanel.push(a); batchAll.push(performance.now() - t); batchFirst.push(first); }
}
console.log(`home dashboard, ${home.panels.length} panels, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, median of ${RUNS}:`);
console.log(`  a call per panel, all at once: ${median(perPanel).toFixed(0)} ms (${home.panels.length} requests)`);
console.log(`  one batch: first panel ${median(batchFirst).toFixed(0)} ms, all ${median(batchAll).toFixed(0)} ms (1 request); ratio ${(median(batchAll) / median(perPanel)).toFixed(2)}`);
await app.close();
