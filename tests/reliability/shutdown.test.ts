import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/modules/system/sessionStore';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tyre-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

describe('graceful shutdown', () => {
  it('finishes every request in flight at SIGTERM: each answered write is on disk', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent', DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}/fms/api/v1`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch { /* not listening yet */ }
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    // Twenty sign-ins, each writing a session and a login record, then SIGTERM while they run.
    const logins = Array.from({ length: 20 }, () =>
      fetch(`${base}/sys/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', passWord: 'Demo@2026' }),
      }).then(async (res) => ({ status: res.status, token: ((await res.json()) as { data: { token: string } }).data?.token }), () => null),
    );
    // SIGTERM once the server is surely at work: the first answer is in, the rest are in flight.
    await Promise.race(logins);
    child.kill('SIGTERM');
    const answers = await Promise.all(logins);
    expect(await exited).toBe(0);

    const answered = answers.filter((a) => a?.status === 200).map((a) => a!.token);
    expect(answered.length).toBeGreaterThan(0);
    const db = new PGlite(path.join(dataDir, 'pglite'));
    const { rows } = await db.query<{ token_hash: string }>('select token_hash from sessions');
    const stored = new Set(rows.map((r) => r.token_hash));
    for (const token of answered) expect(stored.has(hashToken(token))).toBe(true);
    const logs = await db.query<{ n: number }>("select count(*)::int as n from login_logs where success");
    expect(logs.rows[0].n).toBeGreaterThanOrEqual(answered.length);
    await db.close();
  }, 120_000);
});
