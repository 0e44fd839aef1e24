import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealers, resources, roleDataRules, roleResources, roles, userRoles, users } from '../../src/server/db/schema';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { addUser } from './sessionSupport';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';

/**
 * Monitoring › Login monitor and Log monitor: report pages over login_logs and
 * audit_logs, written here by real sign-ins and real edits through the API.
 */
let server: TestServer;
let admin: string;
let staff: string;
const UA = 'MonitorTest/1.0 (api)';
const today = () => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; };

beforeAll(async () => {
  // Sign-ins are what this file tests: the per-minute limit of one server must not get in the way.
  server = await startTestServer({ LOGIN_RATE_LIMIT: '500' });
  admin = await server.login('admin');
  staff = await server.login('staff');
});
afterAll(async () => { await server?.stop(); });

const signIn = (userName: string, passWord: string) =>
  server.call<{ token: string }>('/sys/login', { body: { userName, passWord }, headers: { 'user-agent': UA } });
const report = (page: string, body: Record<string, unknown> = {}, token = admin, lang = 'en-US') =>
  server.call<ReportPageAnswer>(`/analysis/report/${page}/selectByPage`, { token, lang, body: { pageNum: 1, pageSize: 100, ...body } });
const rowsOf = async (page: string, body: Record<string, unknown> = {}, token = admin, lang = 'en-US') => {
  const res = await report(page, body, token, lang);
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data;
};
const logistics = (path: string, body: unknown, token = admin) => server.call<{ id: number }>(`/other/logistics/${path}`, { token, body, lang: 'en-US' });
const dealerOf = async (userName: string) => {
  const [row] = await server.services.db.select({ id: dealers.id, name: dealers.name }).from(users).innerJoin(dealers, eq(dealers.id, users.dealerId)).where(eq(users.userName, userName));
  return row;
};

async function exportSheet(page: string, body: Record<string, unknown>, token = admin) {
  const res = await fetch(`${server.url}/fms/api/v1/analysis/report/${page}/export`, {
    method: 'POST', headers: { token, 'content-type': 'application/json', 'accept-language': 'en-US' }, body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows = (sheet.getSheetValues().slice(2) as unknown[][]).filter(Boolean).map((r) => Object.fromEntries(header.map((h, i) => [String(h), r[i + 1] ?? null])));
  return { header, rows };
}

/** Gives the demo dealer role some pages (and their buttons): what an administrator could do in the role editor. */
async function grantDealerRole(perms: (code: string) => boolean) {
  const db = server.services.db;
  const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
  const all = await db.select({ id: resources.id, perm: resources.perm }).from(resources);
  await db.insert(roleResources).values(all.filter((r) => perms(r.perm)).map((r) => ({ roleId: dealerRole.id, resourceId: r.id }))).onConflictDoNothing();
}

describe('the login monitor', () => {
  it('lists each real sign-in attempt with its user, dealer, IP, client and reason; a wrong password as a failure', async () => {
    expect((await signIn('dealer1', DEMO_PASSWORD)).status).toBe(200);
    expect((await signIn('dealer2', 'Wrong#2026x')).status).toBe(400);
    const d1 = await dealerOf('dealer1');
    const d2 = await dealerOf('dealer2');

    const ok = (await rowsOf('loginMonitor', { keyword: 'dealer1' })).rows[0];
    expect(ok).toMatchObject({ userName: 'dealer1', dealerName: d1.name, succeeded: 'yes', reason: 'Signed in', reasonCode: 'ok', ip: '127.0.0.1', userAgent: UA });
    expect(ok.loggedAt).toMatch(new RegExp(`^${today()} \\d{2}:\\d{2}:\\d{2}$`));
    const failed = (await rowsOf('loginMonitor', { keyword: 'dealer2' })).rows[0];
    expect(failed).toMatchObject({ userName: 'dealer2', dealerName: d2.name, succeeded: 'no', reason: 'Wrong user name or password', reasonCode: 'badCredentials', userAgent: UA });
    // The reader's language names the reason.
    expect((await rowsOf('loginMonitor', { keyword: 'dealer2' }, admin, 'zh-CN')).rows[0].reason).toBe('用户名或密码错误');
  });

  it('shows a locked account and an unknown user name; sign-outs too', async () => {
    await addUser(server, 'monlock', 'dealer1');
    for (let i = 0; i < 5; i++) await signIn('monlock', `Guess#${i}xx`);
    expect((await signIn('monlock', DEMO_PASSWORD)).status).toBe(429);
    const rows = (await rowsOf('loginMonitor', { keyword: 'monlock' })).rows;
    expect(rows.map((r) => r.reasonCode)).toEqual(['accountLocked', 'accountLocked', 'badCredentials', 'badCredentials', 'badCredentials', 'badCredentials']);
    expect(rows.every((r) => r.succeeded === 'no' && r.dealerName === rows[0].dealerName && r.dealerName !== null)).toBe(true);

    expect((await signIn('nobody_known', 'Wrong#2026x')).status).toBe(400);
    expect((await rowsOf('loginMonitor', { keyword: 'nobody_known' })).rows).toMatchObject([{ userName: 'nobody_known', nickName: null, dealerName: null, reasonCode: 'badCredentials' }]);

    await addUser(server, 'monout', 'staff');
    const out = (await signIn('monout', DEMO_PASSWORD)).body.data.token;
    expect((await server.call('/sys/loginOut', { token: out, body: {} })).status).toBe(200);
    expect((await rowsOf('loginMonitor', { keyword: 'monout' })).rows.map((r) => [r.reasonCode, r.reason])).toEqual([['logout', 'Signed out'], ['ok', 'Signed in']]);
  });

  it('filters by dates, dealer and keyword (user name or IP); the chart counts sign-ins per period, sign-outs left out', async () => {
    const d1 = await dealerOf('dealer1');
    const byDealer = await rowsOf('loginMonitor', { dealerId: d1.id, pageSize: 100 });
    expect(byDealer.total).toBeGreaterThan(0);
    expect(new Set(byDealer.rows.map((r) => r.dealerName))).toEqual(new Set([d1.name]));
    const byIp = await rowsOf('loginMonitor', { keyword: '127.0.0' });
    expect(byIp.total).toBeGreaterThan(0);
    expect(byIp.rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    const day = `${tenDaysAgo.getFullYear()}-${String(tenDaysAgo.getMonth() + 1).padStart(2, '0')}-${String(tenDaysAgo.getDate()).padStart(2, '0')}`;
    const past = await rowsOf('loginMonitor', { dateFrom: day, dateTo: day });
    expect(past.rows.every((r) => String(r.loggedAt).startsWith(day))).toBe(true);
    expect(past.rows.some((r) => r.userAgent === UA)).toBe(false);

    const chart = await server.call<{ rows: { period: string; succeeded: number; failed: number }[] }>('/analysis/report/loginMonitor/chart', { token: admin, body: { dateFrom: today(), dateTo: today() } });
    expect(chart.status, chart.body.msg).toBe(200);
    const todays = await rowsOf('loginMonitor', { dateFrom: today(), dateTo: today(), pageSize: 500 });
    const signIns = todays.rows.filter((r) => r.reasonCode !== 'logout');
    expect(chart.body.data.rows).toEqual([{
      period: today(), succeeded: signIns.filter((r) => r.succeeded === 'yes').length, failed: signIns.filter((r) => r.succeeded === 'no').length,
    }]);
    expect(chart.body.data.rows[0].failed).toBeGreaterThanOrEqual(8);

    // Beside it, sign-ins by dealer: today's rows counted per dealer, staff and unknown names as one bar.
    const byDealerChart = await server.call<{ rows: { dealer: string; succeeded: number; failed: number }[] }>('/analysis/report/loginMonitor/chart/byDealer', { token: admin, lang: 'en-US', body: { dateFrom: today(), dateTo: today() } });
    expect(byDealerChart.status, byDealerChart.body.msg).toBe(200);
    const d2 = await dealerOf('dealer2');
    const ofDealer = (name: string | null) => signIns.filter((r) => r.dealerName === name);
    expect(byDealerChart.body.data.rows.find((r) => r.dealer === d2.name)).toEqual({
      dealer: d2.name, succeeded: ofDealer(d2.name).filter((r) => r.succeeded === 'yes').length, failed: ofDealer(d2.name).filter((r) => r.succeeded === 'no').length,
    });
    expect(byDealerChart.body.data.rows.find((r) => r.dealer === 'Maker staff and unknown')?.failed).toBe(ofDealer(null).filter((r) => r.succeeded === 'no').length);
    const totals = byDealerChart.body.data.rows.map((r) => r.succeeded + r.failed);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('exports the filtered rows with the column titles, yes/no and reasons in the reader\'s language', async () => {
    const filters = { keyword: 'monlock' };
    const { header, rows } = await exportSheet('loginMonitor', filters);
    expect(header).toEqual(['Time', 'User name', 'Name', 'Dealer', 'Succeeded', 'Reason', 'IP', 'Client']);
    const page = await rowsOf('loginMonitor', filters);
    expect(rows).toHaveLength(page.total);
    // The sheet runs oldest first (the export reads in id order).
    expect(rows.map((r) => [r.Time, r.Succeeded, r.Reason])).toEqual([...page.rows].reverse().map((r) => [r.loggedAt, 'No', r.reason]));
    expect(rows.at(-1)!.Reason).toBe('Account locked');
  });
});

describe('the log monitor', () => {
  it('shows a real edit through the API with who did it and the record before and after', async () => {
    const created = await logistics('save', { code: 'MON01', name: 'Monitor Freight', phone: '13912345678' });
    expect(created.status, created.body.msg).toBe(200);
    const id = created.body.data.id;
    expect((await logistics('update', { id, code: 'MON01', name: 'Monitor Freight Co', phone: '13912345678', status: 'disabled' })).status).toBe(200);

    const rows = (await rowsOf('logMonitor', { keyword: 'logistics' })).rows.filter((r) => r.entityId === String(id));
    expect(rows.map((r) => [r.actionCode, r.action])).toEqual([['update', 'Update'], ['create', 'Create']]);
    const [update, create] = rows;
    expect(update).toMatchObject({ userName: 'admin', entity: 'logistics', ip: '127.0.0.1', dealerName: null });
    expect(JSON.parse(String(update.before))).toMatchObject({ id, code: 'MON01', name: 'Monitor Freight', status: 'normal' });
    expect(JSON.parse(String(update.after))).toMatchObject({ name: 'Monitor Freight Co', status: 'disabled' });
    expect(create.before).toBeNull();
    expect(JSON.parse(String(create.after))).toMatchObject({ code: 'MON01', name: 'Monitor Freight' });
    expect((await rowsOf('logMonitor', { keyword: 'logistics' }, admin, 'zh-CN')).rows[0].action).toBe('修改');
  });

  it('searches by user, entity and action; the date range holds', async () => {
    const byAction = await rowsOf('logMonitor', { keyword: 'update' });
    expect(byAction.total).toBeGreaterThan(0);
    expect(byAction.rows.every((r) => r.actionCode === 'update')).toBe(true);
    expect((await rowsOf('logMonitor', { keyword: 'Update' })).total).toBe(byAction.total);
    expect((await rowsOf('logMonitor', { keyword: '修改' }, admin, 'zh-CN')).total).toBe(byAction.total);
    const byUser = await rowsOf('logMonitor', { keyword: 'admin' });
    expect(byUser.rows.every((r) => r.userName === 'admin')).toBe(true);
    expect((await rowsOf('logMonitor', { keyword: 'no-such-entity' })).total).toBe(0);
    expect((await rowsOf('logMonitor', { dateFrom: '2020-01-01', dateTo: '2020-01-31' })).total).toBe(0);
  });

  it('exports the trail with the before and after JSON in full', async () => {
    const { header, rows } = await exportSheet('logMonitor', { keyword: 'logistics' });
    expect(header).toEqual(['Time', 'User', 'Name', 'Dealer', 'Action', 'Entity', 'Entity id', 'IP', 'Before', 'After']);
    expect(rows).toHaveLength((await rowsOf('logMonitor', { keyword: 'logistics' })).total);
    const mine = rows.filter((r) => String(r.After).includes('Monitor Freight'));
    expect(mine.map((r) => r.Action)).toEqual(['Create', 'Update']);
    expect(mine[0].Before).toBeNull();
    expect(JSON.parse(String(mine[1].Before))).toMatchObject({ name: 'Monitor Freight' });
    expect(JSON.parse(String(mine[1].After))).toMatchObject({ name: 'Monitor Freight Co' });
  });
});

describe('who may see the monitors', () => {
  it('a role without the pages gets 403 on the page, the chart and the export; staff holds them', async () => {
    const dealer = await server.login('dealer2');
    for (const page of ['loginMonitor', 'logMonitor']) {
      expect((await report(page, {}, dealer)).status).toBe(403);
      expect((await server.call(`/analysis/report/${page}/export`, { token: dealer, body: {} })).status).toBe(403);
      expect((await report(page, {}, staff)).status).toBe(200);
    }
    expect((await server.call('/analysis/report/loginMonitor/chart', { token: dealer, body: {} })).status).toBe(403);
  });

  it('a dealer given the pages sees only its own dealer\'s users: their sign-ins and their changes', async () => {
    await grantDealerRole((p) => p.startsWith('monitoringManage:loginMonitor') || p.startsWith('monitoringManage:logMonitor') || p.startsWith('other:logistics'));
    const dealer1 = (await signIn('dealer1', DEMO_PASSWORD)).body.data.token;
    const dealer2 = (await signIn('dealer2', DEMO_PASSWORD)).body.data.token;
    const d1 = await dealerOf('dealer1');
    expect((await logistics('save', { code: 'MOND1', name: 'Dealer one freight' }, dealer1)).status).toBe(200);
    expect((await logistics('save', { code: 'MOND2', name: 'Dealer two freight' }, dealer2)).status).toBe(200);

    const logins = await rowsOf('loginMonitor', { pageSize: 500 }, dealer1);
    expect(logins.total).toBeGreaterThan(0);
    expect(new Set(logins.rows.map((r) => r.dealerName))).toEqual(new Set([d1.name]));
    const names = new Set(logins.rows.map((r) => r.userName));
    expect(names.has('dealer1')).toBe(true);
    for (const other of ['dealer2', 'admin', 'staff', 'nobody_known']) expect(names.has(other), other).toBe(false);
    // The dealer filter cannot widen the scope.
    expect((await rowsOf('loginMonitor', { dealerId: (await dealerOf('dealer2')).id }, dealer1)).total).toBe(0);

    const trail = await rowsOf('logMonitor', {}, dealer1);
    expect(trail.rows.map((r) => [r.userName, r.actionCode, r.entity])).toEqual([['dealer1', 'create', 'logistics']]);
    expect(String(trail.rows[0].after)).toContain('MOND1');
    const theirs = await rowsOf('logMonitor', {}, dealer2);
    expect(theirs.rows.map((r) => r.userName)).toEqual(['dealer2']);
    expect(String(theirs.rows[0].after)).toContain('MOND2');

    const sheet = await exportSheet('logMonitor', {}, dealer1);
    expect(sheet.rows.map((r) => r.User)).toEqual(['dealer1']);
  });

  it('staff narrowed by a dealer data rule see that dealer\'s users only; unknown names are for unrestricted callers', async () => {
    const db = server.services.db;
    const d2 = await dealerOf('dealer2');
    const userId = await addUser(server, 'monscoped', 'staff');
    const [role] = await db.insert(roles).values({ code: 'monScope', name: '经销商二', nameEn: 'Dealer two', type: 'data' }).returning();
    await db.insert(roleDataRules).values({ roleId: role.id, kind: 'dealer', refId: d2.id });
    await db.insert(userRoles).values({ userId, roleId: role.id });
    const scoped = await server.login('monscoped');

    const logins = await rowsOf('loginMonitor', { pageSize: 500 }, scoped);
    expect(logins.total).toBeGreaterThan(0);
    expect(new Set(logins.rows.map((r) => r.dealerName))).toEqual(new Set([d2.name]));
    expect(logins.rows.some((r) => r.userName === 'monscoped' || r.userName === 'nobody_known')).toBe(false);
    expect((await rowsOf('logMonitor', {}, scoped)).rows.map((r) => r.userName)).toEqual(['dealer2']);
    // Unrestricted staff see everything, unknown names included.
    expect((await rowsOf('loginMonitor', { keyword: 'nobody_known' }, staff)).total).toBe(1);
    await db.delete(userRoles).where(inArray(userRoles.roleId, [role.id]));
  });
});
