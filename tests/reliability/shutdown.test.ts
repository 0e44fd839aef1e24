import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { hashToken } from '../../src/server/platform/sessionStore';
import { startChildServer } from './childServer';
import { seededCopy, type SeededCopy } from './seededCopy';

/**
 * On the database of this pass of the API tests, copied from its seeded one: a PGlite data
 * folder on disk, or a database of the PostgreSQL server (whose pool must drain too).
 */
let copy: SeededCopy | undefined;
afterAll(async () => { await copy?.remove(); });

/** A GET over a keep-alive agent: its connection stays open, idle, after the answer. */
const keptAliveGet = (agent: http.Agent, url: string) => new Promise<number>((resolve, reject) => {
  http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode ?? 0));
  }).on('error', reject);
});

describe('graceful shutdown', () => {
  it('finishes every request in flight at SIGTERM (each answered write is on disk) and closes kept-alive connections at once', async () => {
    copy = await seededCopy('tyre_shutdown');
    const server = await startChildServer(copy.where, { LOG_LEVEL: 'warn' });
    const { base, child } = server;
    let exitedAt = 0;
    const exited = server.exited.then((code) => { exitedAt = Date.now(); return code; });

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
    const database = await copy.open();
    try {
      const stored = new Set((await queryRows<{ token_hash: string }>(database.db, sql`select token_hash from sessions`)).map((r) => r.token_hash));
      for (const token of answered) expect(stored.has(hashToken(token))).toBe(true);
      const [signIns] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from login_logs where success`);
      expect(signIns.n).toBeGreaterThanOrEqual(answered.length);
    } finally {
      await database.close();
    }
  }, 240_000);
});
