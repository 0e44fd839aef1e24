import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { buildApp } from '../../src/server/app';
import { dealers, users } from '../../src/server/db/schema';
import { startTestServer } from './server';

describe('first start without demo data', () => {
  it('SEED_DEMO=false creates only the admin, with the password from ADMIN_PASSWORD', async () => {
    const server = await startTestServer({ SEED_DEMO: 'false', ADMIN_PASSWORD: 'Start#2026' });
    try {
      const [{ n }] = await server.services.db.select({ n: count() }).from(users);
      expect(n).toBe(1);
      const [{ d }] = await server.services.db.select({ d: count() }).from(dealers);
      expect(d).toBe(0);
      const token = await server.login('admin', 'Start#2026');
      const info = await server.call<{ menuTree: unknown[] }>('/sys/user/getCurrentUserInfo', { token, body: {} });
      expect(info.body.data.menuTree).toHaveLength(7);
      expect((await server.call('/sys/login', { body: { userName: 'admin', passWord: 'Demo@2026' } })).status).toBe(400);
    } finally {
      await server.stop();
    }
    // A first start from no database at all (every migration, no snapshot to clone).
  }, 90_000);

  it('refuses to start without an acceptable ADMIN_PASSWORD', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ADMIN_PASSWORD: '123456' });
    await expect(buildApp(config)).rejects.toThrow(/ADMIN_PASSWORD/);
  }, 120_000); // a fresh database's migrations first, slow on a loaded machine
});
