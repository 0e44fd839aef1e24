import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { API_BASE } from '../../src/shared/api/envelope';
import { freshPostgresDatabase } from '../setup/postgres';
import { SNAPSHOT_FILE } from '../setup/seededDataDir';

export { postgresAdminUrl } from '../setup/postgres';

/**
 * A real server on a free port over a fresh database: in-memory PGlite, or, when the suite
 * runs with TEST_DB=postgres, a new database on the PostgreSQL server (dropped at stop).
 */
export interface TestServer extends App {
  url: string;
  call<T = unknown>(path: string, opts?: { body?: unknown; token?: string; method?: string; lang?: string; rawBody?: string; headers?: Record<string, string> }): Promise<{ status: number; body: { code: number; msg: string; data: T }; headers: Headers }>;
  login(userName: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export const DEMO_PASSWORD = 'Demo@2026';
export const onPostgres = process.env.TEST_DB === 'postgres';

/** The seeded snapshot, read once per worker (its files share the module: isolate false). */
let snapshotBytes: Uint8Array | undefined;
const seedSnapshot = () => (snapshotBytes ??= readFileSync(SNAPSHOT_FILE));

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  // A plain demo start copies the seeded database the global setup made (seconds saved per file).
  const plainDemo = !('SEED_DEMO' in env) && !('ADMIN_PASSWORD' in env);
  const pgDb = onPostgres ? await freshPostgresDatabase({ template: plainDemo ? inject('pgTemplate') : undefined }) : null;
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent',
    // No scheduled jobs: a test sweeps or checks when it means to (a whole-ledger check mid-test would only slow the suite).
    ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', ROLLUP_MINUTES: '0', STATS_MINUTES: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const snapshot = plainDemo && !pgDb && existsSync(SNAPSHOT_FILE);
  const built = await buildApp(config, snapshot ? { pgliteSnapshot: seedSnapshot() } : {});
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const call: TestServer['call'] = async (path, opts = {}) => {
    const method = opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? 'POST' : 'GET');
    const body = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : method === 'POST' ? '{}' : undefined);
    const headers: Record<string, string> = {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.headers ?? {}),
    };
    const res = await fetch(url + API_BASE + path, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };

  return {
    ...built,
    url,
    call,
    async login(userName, password = DEMO_PASSWORD) {
      const res = await call<{ token: string }>('/sys/login', { body: { userName, passWord: password } });
      if (res.status !== 200) throw new Error(`login ${userName} failed: ${res.status} ${res.body.msg}`);
      return res.body.data.token;
    },
    async stop() {
      await built.app.close();
      await pgDb?.drop();
    },
  };
}
