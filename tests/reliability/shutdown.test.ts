import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/platform/sessionStore';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tyre-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

/** A GET over a keep-alive agent: its connection stays open, idle, after the answer. */
const keptAliveGet = (agent: http.Agent, url: string) => new Promise<number>((resolve, reject) => {
  http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode ?? 0));
  }).on('error', reject);
});

describe('graceful shutdown', () => {
  it('finishes every request in flight at SIGTERM (each answered write is on disk) and closes kept-alive connections at once', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent', DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let exitedAt = 0;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { exitedAt = Date.now(); resolve(code); }));
    const base = `http://127.0.0.1:${port}/fms/api/v1`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch { /* not listening yet */ }
      if (i > 1500) throw new Error('server did not start'); // a fresh data folder's seed takes minutes on a loaded 2-core machine
      await new Promise((r) => setTimeout(r, 100));
    }

    // A client that keeps its connection alive after an answer, as browsers and proxies do.
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    expect(await keptAliveGet(agent, `${base}/health`)).toBe(200);

    // Twenty sign-ins, each writing a session and a login record, then SIGTERM while they run.
    const logins = Array.from({ length: 20 }, () =>
      fetch(`${base}/sys/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', passWord: 'Demo@2026' }),
      }).then(async (res) => ({ status: res.status, token: ((await res.json()) as { data: { token: string } }).data?.token }), () => null),
    );
    // SIGTERM once the server is surely at work: the first answer is in, the rest are in flight.
    await Promise.race(logins);
    const killedAt = Date.now();
    child.kill('SIGTERM');
    const answers = await Promise.all(logins);
    const answeredAt = Date.now();
    expect(await exited).toBe(0);
    agent.destroy();
    // Connections busy at SIGTERM are closed once their answer is sent, not after the keep-alive timeout.
    const timing = `exit ${(exitedAt - killedAt) / 1000} s after SIGTERM, ${(exitedAt - answeredAt) / 1000} s after the last answer`;
    expect(exitedAt - answeredAt, timing).toBeLessThan(5_000);
    expect(exitedAt - killedAt, timing).toBeLessThan(20_000);

    const answered = answers.filter((a) => a?.status === 200).map((a) => a!.token);
    expect(answered.length).toBeGreaterThan(0);
    const db = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ token_hash: string }>('select token_hash from sessions');
    const stored = new Set(rows.map((r) => r.token_hash));
    for (const token of answered) expect(stored.has(hashToken(token))).toBe(true);
    const logs = await db.query<{ n: number }>("select count(*)::int as n from login_logs where success");
    expect(logs.rows[0].n).toBeGreaterThanOrEqual(answered.length);
    await db.close();
  }, 240_000);
});
