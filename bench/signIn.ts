/**
 * The sign-in answer and scrypt's share of it: POST /sys/login for the demo
 * administrator, one at a time, warm, on an in-memory PGlite (or DATABASE_URL), against one
 * scrypt derivation at the stored setting; prints medians and the share.
 *
 *   npx tsx bench/signIn.ts [--runs 15]
 */
import { scrypt } from 'node:crypto';
import type net from 'node:net';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { SCRYPT } from '../src/server/platform/passwordHash';
import { API_BASE } from '../src/shared/api/envelope';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: process.env.DATABASE_URL ? './data' : 'memory://', CAPTCHA: 'off', LOG_LEVEL: 'warn', ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', LOGIN_RATE_LIMIT: '10000' });
const { app } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${API_BASE}/sys/login`;
const signIn: number[] = [];
const derive: number[] = [];
for (let i = 0; i <= RUNS; i++) {
  let t = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', passWord: 'Demo@2026' }) });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  await res.text();
  const a = performance.now() - t;
  t = performance.now();
  await new Promise((resolve, reject) => scrypt('Demo@2026', 'saltsaltsaltsalt', 32, { ...SCRYPT, maxmem: 64 * 1024 * 1024 }, (e, k) => (e ? reject(e) : resolve(k))));
  if (i > 0) { signIn.push(a); derive.push(performance.now() - t); }
}
const total = median(signIn);
const hash = median(derive);
console.log(`sign-in, scrypt N=${SCRYPT.N} r=${SCRYPT.r} p=${SCRYPT.p}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, median of ${RUNS}: ${total.toFixed(0)} ms, of which scrypt ${hash.toFixed(0)} ms (${((hash / total) * 100).toFixed(0)}%)`);
await app.close();
