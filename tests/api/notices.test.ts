import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryNoticeReads, materials, roleDataRules, roles, userRoles, users, warehouses } from '../../src/server/db/schema';
import { NOTICE_BASE, type NoticeMessage, type NoticeRow } from '../../src/shared/api/notices';
import type { Page } from '../../src/shared/api/paging';
import { hashPassword } from '../../src/server/platform/passwordHash';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { connectSocket, until } from './socketSupport';

let server: TestServer;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'staff', 'dealer1', 'dealer2'] as const;
type User = (typeof USERS)[number];
const dealerOf: Record<string, number> = {};
const warehouseOf: Record<number, number> = {};
let materialId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.services.db;
  for (const name of ['dealer1', 'dealer2']) {
    dealerOf[name] = (await db.select({ d: users.dealerId }).from(users).where(eq(users.userName, name)))[0].d!;
    warehouseOf[dealerOf[name]] = (await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.dealerId, dealerOf[name])).orderBy(warehouses.id))[0].id;
  }
  materialId = (await db.select({ id: materials.id }).from(materials).orderBy(materials.id).limit(1))[0].id;
  // The staff user gets a data role limited to dealer2: its pushes and lists hold dealer2 only.
  const [dataRole] = await db.insert(roles).values({ code: 'notice_scope', name: '经销商2范围', nameEn: 'Dealer 2 scope', type: 'data' }).returning();
  await db.insert(roleDataRules).values({ roleId: dataRole.id, kind: 'dealer', refId: dealerOf.dealer2 });
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'staff'));
  await db.insert(userRoles).values({ userId: staff.id, roleId: dataRole.id });
  // A signed-in user without roles: a session, no order monitor.
  await db.insert(users).values({ userName: 'noroles', nickName: 'No roles', passwordHash: await hashPassword(DEMO_PASSWORD) });
  for (const name of USERS) tokens[name] = await server.login(name);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.stop();
});

const call = <T = unknown>(path: string, body: unknown, user: User) =>
  server.call<T>(`${NOTICE_BASE}/${path}`, { body, token: tokens[user], lang: 'en-US' });

async function ok<T>(path: string, body: unknown, user: User): Promise<T> {
  const res = await call<T>(path, body, user);
  expect(res.status, `${path}: ${res.body?.msg}`).toBe(200);
  return res.body.data;
}

const newest = (user: User, afterId?: number) => ok<NoticeMessage | null>('getNewNotice', afterId == null ? {} : { afterId }, user);
const list = (user: User, body: Record<string, unknown> = {}) => ok<Page<NoticeRow>>('list', { pageNum: 1, pageSize: 50, ...body }, user);

/** The maker's admin creates a purchase receipt for a dealer (the orders module writes the notice). */
async function deliver(dealer: 'dealer1' | 'dealer2', plannedQty = 4): Promise<{ orderId: number }> {
  const dealerId = dealerOf[dealer];
  const res = await server.call<{ id: number }>('/orderManage/PRorder/save', {
    token: tokens.admin, lang: 'en-US',
    body: { orderType: 'PR', dealerId, warehouseId: warehouseOf[dealerId], lines: [{ materialId, plannedQty }] },
  });
  expect(res.status, res.body?.msg).toBe(200);
  return { orderId: res.body.data.id };
}

const connect = (token: string) => connectSocket(server.url, token, sockets);

/** The events a socket receives from now on. */
function collect(socket: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  socket.on(event, (payload: unknown) => got.push(payload));
  return got;
}


describe('getNewNotice and setRead', () => {
  it('a delivery created by the maker for dealer1 reaches dealer1 with its items; dealer2 and dealer2-scoped staff do not see it', async () => {
    const { orderId } = await deliver('dealer1', 6);
    const notice = await newest('dealer1');
    expect(notice).toMatchObject({ orderId, orderType: 'PR', orderNo: expect.any(String) });
    // Titled in the caller's language, whichever language the notice was stored in.
    expect(notice!.noticeTitle).toBe(`New delivery: Purchase receipt ${notice!.orderNo}, 6 tyres`);
    const zh = await server.call<NoticeMessage>(`${NOTICE_BASE}/getNewNotice`, { body: {}, token: tokens.dealer1, lang: 'zh-CN' });
    expect(zh.body.data.noticeTitle).toBe(`新到货：采购入库 ${notice!.orderNo}，共 6 条`);
    expect(notice!.orderItemList).toEqual([expect.objectContaining({ quantity: 6, brand: expect.any(String), specification: expect.any(String), pattern: expect.any(String) })]);
    expect((await newest('dealer2'))?.orderId).not.toBe(orderId);
    expect((await newest('staff'))?.orderId).not.toBe(orderId);
    // The maker's unrestricted staff see every dealer's notices.
    expect((await newest('admin'))?.orderId).toBe(orderId);
  });

  it('setRead marks only the caller\'s read: getNewNotice then answers null for it, others still see the notice', async () => {
    await deliver('dealer1');
    const notice = (await newest('dealer1'))!;
    const unread = (await list('admin', { read: 'unread' })).list.filter((r) => r.dealerId === dealerOf.dealer1).map((r) => r.id);
    expect(await ok('setRead', { ids: unread }, 'dealer1')).toEqual({ read: unread.length });
    expect(await newest('dealer1')).toBeNull();
    expect((await newest('admin'))?.id).toBe(notice.id);
    const [dealer1User] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.userName, 'dealer1'));
    const reads = await server.services.db.select().from(deliveryNoticeReads).where(and(eq(deliveryNoticeReads.noticeId, notice.id), eq(deliveryNoticeReads.userId, dealer1User.id)));
    expect(reads).toHaveLength(1);
    // Reading again changes nothing.
    expect(await ok('setRead', { ids: [notice.id] }, 'dealer1')).toEqual({ read: 1 });
  });

  it('setRead ignores notices outside the caller\'s scope and refuses a bad body', async () => {
    await deliver('dealer1');
    const notice = (await newest('dealer1'))!;
    expect(await ok('setRead', { ids: [notice.id, 999_999] }, 'dealer2')).toEqual({ read: 0 });
    expect((await newest('dealer1'))?.id).toBe(notice.id);
    expect((await call('setRead', { ids: [] }, 'dealer1')).status).toBe(400);
    expect((await call('setRead', { ids: ['x'] }, 'dealer1')).status).toBe(400);
    expect((await call('getNewNotice', { afterId: -1 }, 'dealer1')).status).toBe(400);
    expect((await server.call(`${NOTICE_BASE}/getNewNotice`, { body: {} })).status).toBe(401);
  });

  it('afterId: only notices newer than the one the console has shown', async () => {
    await deliver('dealer2');
    const first = (await newest('dealer2'))!;
    expect(await newest('dealer2', first.id)).toBeNull();
    await deliver('dealer2', 9);
    const second = (await newest('dealer2', first.id))!;
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.orderItemList[0].quantity).toBe(9);
    // Without afterId the newest unread is answered; the older unread one is still there.
    expect((await newest('dealer2'))!.id).toBe(second.id);
  });
});

describe('the order monitor list', () => {
  it('pages the caller\'s notices with read state and filters by read state, order type and date', async () => {
    const all = await list('admin', { pageSize: 500 });
    expect(all.total).toBeGreaterThanOrEqual(5);
    const firstPage = await list('admin', { pageSize: 2 });
    const secondPage = await list('admin', { pageSize: 2, pageNum: 2 });
    expect(firstPage).toMatchObject({ total: all.total, pageNum: 1, pageSize: 2 });
    expect(firstPage.list.map((r) => r.id)).toEqual(all.list.slice(0, 2).map((r) => r.id));
    expect(secondPage.list.map((r) => r.id)).toEqual(all.list.slice(2, 4).map((r) => r.id));
    // Newest first by default.
    expect(all.list.map((r) => r.id)).toEqual([...all.list.map((r) => r.id)].sort((a, b) => b - a));

    // Read state is the caller's own: staff reads one of its notices.
    const mine = await list('staff', { pageSize: 500 });
    expect(mine.list.every((r) => !r.read)).toBe(true);
    await ok('setRead', { ids: [mine.list[0].id] }, 'staff');
    const read = await list('staff', { read: 'read' });
    const unread = await list('staff', { read: 'unread' });
    expect(read.list.map((r) => r.id)).toEqual([mine.list[0].id]);
    expect(read.total + unread.total).toBe(mine.total);
    expect(read.list.every((r) => r.read && r.readAt)).toBe(true);
    expect(unread.list.every((r) => !r.read && r.readAt === null)).toBe(true);

    expect((await list('admin', { orderType: 'PR' })).total).toBe(all.total);
    expect((await list('admin', { orderType: 'WL' })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await list('admin', { dateFrom: yesterday, dateTo: tomorrow })).total).toBe(all.total);
    expect((await list('admin', { dateFrom: tomorrow })).total).toBe(0);
    expect((await list('admin', { dateTo: '2000-01-01' })).total).toBe(0);
    expect((await call('list', { dateFrom: today.replace(/-/g, '/') }, 'admin')).status).toBe(400);
  });

  it('needs the order monitor permission; getNewNotice and setRead need only a session', async () => {
    const token = await server.login('noroles');
    const as = (path: string, body: unknown) => server.call(`${NOTICE_BASE}/${path}`, { body, token });
    expect((await as('list', { pageNum: 1, pageSize: 10 })).status).toBe(403);
    expect((await as('getNewNotice', {})).status).toBe(200);
    expect((await as('setRead', { ids: [1] })).status).toBe(200);
    expect((await call('list', { pageNum: 1, pageSize: 10 }, 'staff')).status).toBe(200);
  });

  it('the dealer-scoped staff member lists dealer2\'s notices only', async () => {
    const page = await list('staff', { pageSize: 500 });
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.dealerId === dealerOf.dealer2)).toBe(true);
  });
});

describe('socket.io pushes', () => {
  it('dealer1\'s console receives the notice within a second of the save; dealer2\'s does not; staff in scope do', async () => {
    const [d1, d2, admin, staff] = await Promise.all([connect(tokens.dealer1), connect(tokens.dealer2), connect(tokens.admin), connect(tokens.staff)]);
    const got = { d1: collect(d1, 'notice'), d2: collect(d2, 'notice'), admin: collect(admin, 'notice'), staff: collect(staff, 'notice') };
    const saved = Date.now();
    const { orderId } = await deliver('dealer1', 3);
    expect(await until(() => got.d1.length > 0 && got.admin.length > 0, 1000), 'pushed within 1 s').toBe(true);
    expect(Date.now() - saved).toBeLessThan(1500);
    expect(got.d1[0]).toMatchObject({ orderId, orderType: 'PR', orderItemList: [expect.objectContaining({ quantity: 3 })] });
    // The push goes to readers of both languages with the stored title; each console titles it in its own.
    const polled = await newest('dealer1');
    const pushed = got.d1[0] as NoticeMessage;
    expect({ ...pushed, noticeTitle: '' }).toEqual({ ...polled, noticeTitle: '' });
    expect(pushed.noticeTitle).toBe(`新到货：采购入库 ${polled!.orderNo}，共 3 条`);

    // dealer2's own delivery is the yardstick: a socket receives in order, so had dealer1's notice
    // reached dealer2's console or the dealer2-scoped staff, it would be there before this one.
    const second = await deliver('dealer2');
    const ofSecond = (list: unknown[]) => list.some((n) => (n as NoticeMessage).orderId === second.orderId);
    expect(await until(() => ofSecond(got.d2) && ofSecond(got.staff) && got.admin.length === 2, 1000)).toBe(true);
    expect(got.d2.map((n) => (n as NoticeMessage).orderId)).toEqual([second.orderId]);
    expect(got.staff.map((n) => (n as NoticeMessage).orderId)).toEqual([second.orderId]);
    expect(got.d1).toHaveLength(1);
    expect(got.admin.map((n) => (n as NoticeMessage).orderId)).toEqual([orderId, second.orderId]);
  });

  it('stock changes reach the dealer\'s room and the unrestricted staff; a central warehouse\'s only the staff', async () => {
    const [d1, d2, admin] = await Promise.all([connect(tokens.dealer1), connect(tokens.dealer2), connect(tokens.admin)]);
    const got = { d1: collect(d1, 'stock'), d2: collect(d2, 'stock'), admin: collect(admin, 'stock') };
    const change = { dealerId: dealerOf.dealer1, warehouseIds: [warehouseOf[dealerOf.dealer1]], orderId: 1, orderType: 'PR', moved: 2 };
    server.services.realtime.stockChanged(change);
    server.services.realtime.stockChanged({ ...change, dealerId: null, warehouseIds: [], orderId: 2 });
    expect(await until(() => got.admin.length === 2, 1000)).toBe(true);
    expect(got.d1).toEqual([change]);
    expect(got.d2).toEqual([]);
  });

  it('a bad, missing or signed-out token is refused at the handshake', async () => {
    await expect(connect('not-a-token')).rejects.toThrow('unauthorized');
    await expect(connect('')).rejects.toThrow('unauthorized');
    const token = await server.login('dealer2');
    await connect(token);
    expect((await server.call('/sys/loginOut', { body: {}, token })).status).toBe(200);
    await expect(connect(token)).rejects.toThrow('unauthorized');
  });

  it('the server closes with sockets open', async () => {
    const other = await startTestServer();
    const token = await other.login('dealer1');
    const socket = io(other.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const started = Date.now();
    await other.stop();
    expect(await disconnected).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
