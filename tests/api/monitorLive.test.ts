import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('live monitors (issue 12)', () => {
  it('tells open consoles that a sign-in, an audited change and an upload happened, once a second at most, within the scope', async () => {
    const [admin, dealer1] = [await server.login('admin'), await server.login('dealer1')];
    const staffSocket = await connect(admin);
    const dealerSocket = await connect(dealer1);
    const staffGot: string[] = [];
    const dealerGot: string[] = [];
    staffSocket.on('monitor', (e: { kind: string }) => staffGot.push(e.kind));
    dealerSocket.on('monitor', (e: { kind: string }) => dealerGot.push(e.kind));

    // Five failed sign-ins in a burst (well within a second): one push, two if the burst straddles a flush.
    await Promise.all([1, 2, 3, 4, 5].map(() => server.call('/sys/login', { body: { userName: 'nobody', passWord: 'wrong-password' } })));
    expect(await until(() => staffGot.includes('login'), 3000)).toBe(true);
    // An audited change (a provider saved).
    const saved = await server.call('/other/logistics/save', { token: admin, body: { code: `LIVE${Date.now() % 100000}`, name: 'Live provider' } });
    expect(saved.status).toBe(200);
    expect(await until(() => staffGot.includes('log'), 3000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1200));
    expect(staffGot.filter((k) => k === 'login').length).toBeLessThanOrEqual(2);
    // Staff sign-ins and staff changes are not a dealer's business.
    expect(dealerGot).toEqual([]);
  });
});
