import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, postgresAdminUrl, startTestServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server?.stop(); });

describe('health and the API document', () => {
  it('answers health with the database kind in the envelope', async () => {
    const res = await server.call<{ status: string; db: string }>('/health');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.status).toBe('ok');
    expect(res.body.data.db).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
  });

  it('documents every registered route in openapi.json', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { 'x-permission': string | string[] }>> };
    for (const route of server.routes) {
      const op = doc.paths[`/fms/api/v1${route.url}`]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      expect(op['x-permission']).toEqual(route.permission);
    }
    expect(doc.paths['/fms/api/v1/sys/login'].post).toHaveProperty('requestBody');
  });

  it('sends security headers and compresses large answers', async () => {
    const res = await fetch(`${server.url}/fms/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // Read to the end: an unread streamed answer keeps its connection busy, and the server's close waits on it.
    await res.arrayBuffer();
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await server.call('/no/such/call');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: null });
  });
});

describe.runIf(onPostgres)('a PostgreSQL server that drops connections', () => {
  it('does not bring the console down: the pool replaces them and the next call answers', async () => {
    const dbName = new URL(server.services.config.DATABASE_URL!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgresAdminUrl() });
    await admin.connect();
    try {
      const { rows } = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      expect(rows[0].n).toBeGreaterThan(0);
      // Until the backends are gone, their connections are not closed yet: the console could not know.
      const left = async () => (await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])).rows[0].n as number;
      await expect.poll(left, { timeout: 5000, interval: 20 }).toBe(0);
    } finally {
      await admin.end();
    }
    const res = await server.call<{ status: string }>('/health');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
  });
});
