import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { hashToken } from '../../src/server/platform/sessionStore';
import { onPostgres } from '../api/server';
import { freshPostgresDatabase, type TestDatabase } from '../setup/postgres';
import { freePort, seededDataDir } from './childServer';

/**
 * On the database of this pass of the API tests, copied from its seeded one: a PGlite data
 * folder on disk, or a database of the PostgreSQL server (whose pool must drain too).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tyre-shutdown-'));
let postgres: TestDatabase | undefined;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

/** The rows the stopped server left: its sessions' token hashes and its successful sign-ins. */
async function storedAfter(): Promise<{ hashes: Set<string>; signIns: number }> {
  const sessions = 'select token_hash from sessions';
  const signIns = 'select count(*)::int as n from login_logs where success';
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ token_hash: string }>(sessions);
      const logs = await client.query<{ n: number }>(signIns);
      return { hashes: new Set(rows.map((r) => r.token_hash)), signIns: logs.rows[0].n };
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(dataDir, 'pglite'));
  try {
    const { rows } = await db.query<{ token_hash: string }>(sessions);
    const logs = await db.query<{ n: number }>(signIns);
    return { hashes: new Set(rows.map((r) => r.token_hash)), signIns: logs.rows[0].n };
  } finally {
    await db.close();
  }
}

/** A GET over a keep-alive agent: its connection stays open, idle, after the answer. */
const keptAliveGet = (agent: http.Agent, url: string) => new Promise<number>((resolve, reject) => {
  http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode ?? 0));
  }).on('error', reject);
});

describe('graceful shutdown', () => {
  it('finishes every request in flight at SIGTERM (each answered write is on disk) and closes kept-alive connections at once', async () => {
    if (onPostgres) postgres = await freshPostgresDatabase({ prefix: 'tyre_shutdown', template: inject('pgTemplate') });
    else await seededDataDir(dataDir);
    const database = postgres ? { DATABASE_URL: postgres.url, DATA_DIR: 'memory://' } : { DATA_DIR: dataDir, DATABASE_URL: '' };
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIR: '/nonexistent', ...database },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    let exitedAt = 0;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { exitedAt = Date.now(); resolve(code); }));
    const base = `http://127.0.0.1:${port}/fms/api/v1`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch { /* not listening yet */ }
      if (i > 1500) throw new Error('server did not start');
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
    const stored = await storedAfter();
    for (const token of answered) expect(stored.hashes.has(hashToken(token))).toBe(true);
    expect(stored.signIns).toBeGreaterThanOrEqual(answered.length);
  }, 240_000);
});
