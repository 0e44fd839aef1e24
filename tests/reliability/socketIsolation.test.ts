import { and, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, storageLocations, transitPoints, users } from '../../src/server/db/schema';
import { announceMonitor } from '../../src/server/platform/monitorEvents';
import { SOCKET_EVENTS } from '../../src/shared/api/notices';
import { startTestServer, type TestServer } from '../api/server';
import { addUser, sha256 } from '../api/sessionSupport';
import { connectSocket, until } from '../api/socketSupport';
import { foreignOf, leakIn, type Foreign } from './foreignRows';
import { unusedMaterial } from '../api/fixtures';

/**
 * socket.io keeps each dealer to its own: a dealer's console hears of its own deliveries, stock,
 * alerts, trips and monitors and of nothing of another dealer's; a socket whose session is signed
 * out, whose user is frozen or whose session went idle past its limit is disconnected at the
 * hub's next check. The hub checks every 60 s and gathers monitor pushes for a second: the test
 * drives both clocks itself (fake setInterval), so nothing waits for them.
 */
let server: TestServer;
const sockets: Socket[] = [];
const tokens: Record<string, string> = {};
const DEALERS = ['dealer1', 'dealer2'] as const;
type Dealer = (typeof DEALERS)[number];
const who: Record<Dealer, Foreign> = {} as Record<Dealer, Foreign>;
let materialId: number;
let pointId: number;
let serial = 0;
/** The orders and car requests each dealer's events made: a push naming one reached only its dealer. */
const made: Record<Dealer, { orders: number[]; requests: number[] }> = { dealer1: { orders: [], requests: [] }, dealer2: { orders: [], requests: [] } };

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  server = await startTestServer();
  const db = server.services.db;
  for (const name of ['admin', ...DEALERS]) tokens[name] = await server.login(name);
  for (const name of DEALERS) {
    const [u] = await db.select({ dealerId: users.dealerId }).from(users).where(eq(users.userName, name));
    who[name] = await foreignOf(db, u.dealerId!);
  }
  materialId = (await unusedMaterial(db)).id;
  [{ id: pointId }] = await db.select({ id: transitPoints.id }).from(transitPoints).limit(1);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  vi.useRealTimers();
});

const ok = async <T>(path: string, body: unknown, token = tokens.admin): Promise<T> => {
  const res = await server.call<T>(path, { body, token, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body?.msg}`).toBe(200);
  return res.body.data;
};

/** Every event a socket receives, in order. */
function record(socket: Socket): { event: string; payload: unknown }[] {
  const got: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => got.push({ event, payload }));
  return got;
}

/** The hub's monitor pushes leave once a second: one tick of its clock. */
const flushMonitors = () => vi.advanceTimersByTimeAsync(1000);

/**
 * The dealer's own events, each of a kind: a delivery from the maker to its main warehouse with
 * a low-stock threshold there (notice, stock change, alert), a car request made and cancelled
 * (trip), a sign-in (monitor).
 */
async function eventsOf(dealer: Dealer) {
  const { dealerId } = who[dealer];
  const warehouseId = who[dealer].values.warehouse[0] as number;
  await ok('/monitoring/stockThreshold/save', { warehouseId, materialId, minQty: 50 });
  const shipped = [{ barcode: `SOCK${String(++serial).padStart(8, '0')}`, materialId, dotCode: '2325' }];
  const { id } = await ok<{ id: number }>('/orderManage/PRorder/save', { orderType: 'PR', dealerId, warehouseId, lines: [{ materialId, plannedQty: 1 }], shipped });
  const [location] = await server.services.db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, warehouseId)).limit(1);
  await ok('/orderManage/PRorder/scan', { orderId: id, barcode: shipped[0].barcode, locationId: location?.id });
  await ok('/orderManage/PRorder/complete', { id });
  const sale = await ok<{ id: number }>('/orderManage/WLorder/save', { orderType: 'WL', warehouseId, lines: [{ materialId, plannedQty: 1 }], counterparty: 'Socket test' });
  const request = await ok<{ id: number }>('/logistics/carRequest/save', { warehouseId, orderIds: [sale.id], destinationIds: [pointId], needDate: '2026-12-01', tyres: 10 }, tokens[dealer]);
  await ok('/logistics/carRequest/cancel', { id: request.id, note: 'socket test' }, tokens[dealer]);
  made[dealer].orders.push(id, sale.id);
  made[dealer].requests.push(request.id);
  await server.login(dealer);
  await flushMonitors();
}

describe('socket.io isolation', () => {
  it('a dealer\'s console receives its own notices, stock changes, alerts, trips and monitor pushes, and none of the other dealer\'s', async () => {
    const got = {} as Record<Dealer, ReturnType<typeof record>>;
    for (const d of DEALERS) got[d] = record(await connectSocket(server.url, tokens[d], sockets));
    const kinds = [SOCKET_EVENTS.notice, SOCKET_EVENTS.stock, SOCKET_EVENTS.alert, SOCKET_EVENTS.trip, SOCKET_EVENTS.monitor];
    const heard = (d: Dealer, event: string) => got[d].filter((e) => e.event === event);
    const marked = (d: Dealer) => (heard(d, SOCKET_EVENTS.monitor).at(-1)?.payload as { kind?: string } | undefined)?.kind === 'upload';
    // The sign-ins before the sockets opened are still waiting to be told: a marker to both, then a clean slate.
    for (const d of DEALERS) announceMonitor('upload', who[d].dealerId);
    await flushMonitors();
    expect(await until(() => DEALERS.every(marked), 5000)).toBe(true);
    for (const d of DEALERS) got[d].length = 0;

    await eventsOf('dealer1');
    expect(await until(() => kinds.every((k) => heard('dealer1', k).length > 0), 5000), JSON.stringify(got.dealer1.map((e) => e.event))).toBe(true);
    // A marker to dealer2's room alone: pushes arrive in order, so whatever of dealer1's reached dealer2 is there before it.
    announceMonitor('upload', who.dealer2.dealerId);
    await flushMonitors();
    expect(await until(() => marked('dealer2'), 5000)).toBe(true);
    expect(got.dealer2).toEqual([{ event: SOCKET_EVENTS.monitor, payload: { kind: 'upload' } }]);
    got.dealer2.length = 0;

    await eventsOf('dealer2');
    announceMonitor('upload', who.dealer1.dealerId);
    await flushMonitors();
    expect(await until(() => kinds.every((k) => heard('dealer2', k).length > 0) && marked('dealer1'), 5000)).toBe(true);

    for (const [d, other] of [['dealer1', 'dealer2'], ['dealer2', 'dealer1']] as const) {
      const mine = who[d];
      for (const { event, payload } of got[d]) {
        const p = payload as { dealerId?: number | null; warehouseId?: number; warehouseIds?: number[]; orderId?: number; id?: number };
        expect(made[other].orders, `${d} ${event} ${JSON.stringify(p)}`).not.toContain(p.orderId);
        if (event === SOCKET_EVENTS.trip) expect(made[other].requests, `${d} trip ${JSON.stringify(p)}`).not.toContain(p.id);
        if ('dealerId' in p) expect(p.dealerId, `${d} ${event} ${JSON.stringify(p)}`).toBe(mine.dealerId);
        for (const w of [p.warehouseId, ...(p.warehouseIds ?? [])].filter((x) => x != null)) expect(mine.values.warehouse, `${d} ${event}`).toContain(w);
        expect(leakIn(JSON.stringify(payload), who[other]), `${d} ${event}`).toBeNull();
      }
    }
    // dealer1 heard no monitor push between its own sign-in's and the marker: dealer2's sign-in and order were not its business.
    const monitors1 = heard('dealer1', SOCKET_EVENTS.monitor).map((e) => (e.payload as { kind: string }).kind);
    expect(monitors1.at(-1)).toBe('upload');
    expect(monitors1.slice(0, -1)).not.toContain('upload');
  });

  /** A fresh session of its own for a socket that is to lose it. */
  async function ownSocket(userName: string) {
    const token = await server.login(userName);
    const socket = await connectSocket(server.url, token, sockets);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', (r) => resolve(r)));
    return { token, socket, reason };
  }
  /** The hub's session check, a minute of its clock on. */
  const recheck = () => vi.advanceTimersByTimeAsync(60_000);

  it('a signed-out, frozen or idle session\'s socket is disconnected at the next check; a live one stays', async () => {
    const live = await ownSocket('dealer1');
    const signedOut = await ownSocket('dealer2');
    await ok('/sys/loginOut', {}, signedOut.token);

    const frozenId = await addUser(server, 'sock_frozen', 'dealer1');
    const frozen = await ownSocket('sock_frozen');
    await ok('/sys/user/freeze', { ids: [frozenId], frozen: true });

    const idle = await ownSocket('dealer2');
    const idleMinutes = server.services.config.SESSION_IDLE_MINUTES;
    await server.services.db.update(sessions).set({ lastSeenAt: sql`now() - make_interval(mins => ${idleMinutes + 1})` })
      .where(and(eq(sessions.tokenHash, sha256(idle.token))));

    // Before the check, the sockets are still open: the check is what ends them.
    expect([signedOut, frozen, idle].every((s) => s.socket.connected)).toBe(true);
    await recheck();
    for (const s of [signedOut, frozen, idle]) expect(await s.reason).toBe('io server disconnect');
    expect(live.socket.connected).toBe(true);
    // And none of them can come back with its token.
    for (const s of [signedOut, frozen, idle]) await expect(connectSocket(server.url, s.token, sockets)).rejects.toThrow('unauthorized');
  });
});
