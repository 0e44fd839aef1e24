import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { announceMonitor } from '../../src/server/platform/monitorEvents';
import { startTestServer, type TestServer } from './server';
import { connectSocket, until } from './socketSupport';

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
});

const connect = (token: string) => connectSocket(server.url, token, sockets);

describe('live monitors', () => {
  it('tells open consoles that a sign-in, an audited change or an upload happened: a burst as one push, within the scope', async () => {
    const [admin, dealer1] = [await server.login('admin'), await server.login('dealer1')];
    const staffSocket = await connect(admin);
    const dealerSocket = await connect(dealer1);
    const staffGot: string[] = [];
    const dealerGot: string[] = [];
    staffSocket.on('monitor', (e: { kind: string }) => staffGot.push(e.kind));
    dealerSocket.on('monitor', (e: { kind: string }) => dealerGot.push(e.kind));
    // The sign-ins above are still on their way: a marker to both rooms, then a clean slate.
    const [{ dealerId }] = await server.services.db.select({ dealerId: users.dealerId }).from(users).where(eq(users.userName, 'dealer1'));
    announceMonitor('upload', dealerId);
    expect(await until(() => staffGot.includes('upload') && dealerGot.includes('upload'), 3000)).toBe(true);
    staffGot.length = 0;
    dealerGot.length = 0;

    // Fifty uploads announced in one turn (an import, say) and a change after them: one flush, one push each.
    for (let i = 0; i < 50; i++) announceMonitor('upload', null);
    announceMonitor('log', null);
    expect(await until(() => staffGot.includes('log'), 3000)).toBe(true);
    expect(staffGot).toEqual(['upload', 'log']);

    // Real writes announce themselves: a failed sign-in, an audited change.
    expect((await server.call('/sys/login', { body: { userName: 'nobody', passWord: 'Wrong#2026x' } })).status).toBe(400);
    expect(await until(() => staffGot.includes('login'), 3000)).toBe(true);
    const saved = await server.call('/other/logistics/save', { token: admin, body: { code: `LIVE${Date.now() % 100000}`, name: 'Live provider' } });
    expect(saved.status).toBe(200);
    expect(await until(() => staffGot.filter((k) => k === 'log').length === 2, 3000)).toBe(true);

    // None of that is a dealer's business; its own user's sign-in, written after them all, is the first thing its console hears.
    await server.login('dealer1');
    expect(await until(() => dealerGot.length > 0, 3000)).toBe(true);
    expect(dealerGot).toEqual(['login']);
  });
});
