import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementReads, announcements, announcementTargets, auditLogs, roles, users } from '../../src/server/db/schema';
import type { AnnouncementRow, AudienceOptions, InboxItem } from '../../src/shared/api/announcement';
import type { Page } from '../../src/shared/api/paging';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'staff', 'dealer1', 'dealer2'] as const;
type User = (typeof USERS)[number];
let staffRoleId: number;
let dealer1Id: number;
let dealer2Id: number;

beforeAll(async () => {
  server = await startTestServer();
  for (const name of USERS) tokens[name] = await server.login(name);
  const db = server.services.db;
  staffRoleId = (await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'staff')))[0].id;
  dealer1Id = (await db.select({ d: users.dealerId }).from(users).where(eq(users.userName, 'dealer1')))[0].d!;
  dealer2Id = (await db.select({ d: users.dealerId }).from(users).where(eq(users.userName, 'dealer2')))[0].d!;
});
afterAll(async () => { await server?.stop(); });

const call = <T = unknown>(path: string, body: unknown, user: User = 'admin') =>
  server.call<T>(`/sys/announcement/${path}`, { body, token: tokens[user], lang: 'en-US' });

async function ok<T>(path: string, body: unknown, user: User = 'admin'): Promise<T> {
  const res = await call<T>(path, body, user);
  expect(res.status, `${path}: ${res.body?.msg}`).toBe(200);
  return res.body.data;
}

/** Writes and publishes an announcement; returns its id. */
async function published(title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const { id } = await ok<{ id: number }>('save', { title, content: `<p>${title}</p>`, ...extra });
  await ok('publish', { id });
  return id;
}

const inbox = async (user: User, body: Record<string, unknown> = {}) =>
  ok<Page<InboxItem>>('inbox', { pageNum: 1, pageSize: 50, ...body }, user);
const inboxTitles = async (user: User) => (await inbox(user)).list.map((i) => i.title);
const unread = async (user: User) => (await ok<{ count: number }>('unreadCount', {}, user)).count;
const auditOf = async (id: number) =>
  (await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'announcement'), eq(auditLogs.entityId, String(id)))).orderBy(auditLogs.id));
const rowsTitled = (title: string) => server.services.db.select().from(announcements).where(eq(announcements.title, title));

describe('writing and publishing', () => {
  it('a draft reaches nobody; publishing sends it to everyone, sets publishedAt, and both writes are audited', async () => {
    const before = await unread('dealer1');
    const { id } = await ok<{ id: number }>('save', { title: 'Spring price list', content: '<p>New <b>prices</b> from 1 March</p>', audience: 'all' });
    for (const user of USERS) expect(await inboxTitles(user)).not.toContain('Spring price list');
    expect((await call('read', { id }, 'dealer1')).status).toBe(404);

    const answer = await ok<{ publishedAt: string }>('publish', { id });
    expect(Date.now() - Date.parse(answer.publishedAt)).toBeLessThan(60_000);
    for (const user of USERS) expect(await inboxTitles(user), user).toContain('Spring price list');
    expect(await unread('dealer1')).toBe(before + 1);
    const [row] = await rowsTitled('Spring price list');
    expect(row).toMatchObject({ status: 'published', createdBy: expect.any(Number) });
    expect(row.publishedAt).toBeInstanceOf(Date);

    // Publishing again changes nothing.
    expect((await ok<{ publishedAt: string }>('publish', { id })).publishedAt).toBe(answer.publishedAt);
    expect((await auditOf(id)).map((a) => [a.action, a.userName])).toEqual([['create', 'admin'], ['publish', 'admin']]);
  });

  it('lists announcements for administrators by title keyword and status, with recipients and read counts', async () => {
    await ok('save', { title: 'Draft about winter tyres', content: '<p>soon</p>', audience: 'roles', roleIds: [staffRoleId] });
    const drafts = await ok<Page<AnnouncementRow>>('selectByPage', { pageNum: 1, pageSize: 10, title: 'winter', status: 'draft' });
    expect(drafts.total).toBe(1);
    expect(drafts.list[0]).toMatchObject({ title: 'Draft about winter tyres', status: 'draft', publishedAt: null, audience: 'roles', roleIds: [staffRoleId], dealerIds: [], readCount: 0 });
    const publishedPage = await ok<Page<AnnouncementRow>>('selectByPage', { pageNum: 1, pageSize: 10, status: 'published' });
    expect(publishedPage.list.every((r) => r.status === 'published')).toBe(true);
    const options = await ok<AudienceOptions>('audienceOptions', {});
    expect(options.roles.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'staff', 'dealer']));
    expect(options.dealers.map((d) => d.id)).toEqual(expect.arrayContaining([dealer1Id, dealer2Id]));
  });

  it('edits an announcement and its recipients, audited with before and after', async () => {
    const { id } = await ok<{ id: number }>('save', { title: 'Warehouse audit', content: '<p>x</p>', audience: 'all' });
    await ok('update', { id, title: 'Warehouse audit in May', content: '<p>y</p>', audience: 'dealers', dealerIds: [dealer2Id], roleIds: [staffRoleId] });
    const [row] = await ok<Page<AnnouncementRow>>('selectByPage', { title: 'Warehouse audit' }).then((p) => p.list);
    expect(row).toMatchObject({ title: 'Warehouse audit in May', content: '<p>y</p>', audience: 'dealers', dealerIds: [dealer2Id], roleIds: [] });
    const audit = (await auditOf(id)).find((a) => a.action === 'update')!;
    expect(JSON.parse(audit.before!)).toMatchObject({ title: 'Warehouse audit', audience: 'all' });
    expect(JSON.parse(audit.after!)).toMatchObject({ title: 'Warehouse audit in May', dealerIds: [dealer2Id] });
    expect((await call('update', { id: 999999, title: 'x', content: '<p>x</p>' })).status).toBe(404);
    expect((await call('publish', { id: 999999 })).status).toBe(404);
  });

  it('deletes announcements with their recipients and read marks, audited', async () => {
    const id = await published('Short-lived', { audience: 'dealers', dealerIds: [dealer1Id] });
    await ok('read', { id }, 'dealer1');
    expect(await ok<{ deleted: number }>('delete', { ids: [id] })).toEqual({ deleted: 1 });
    expect(await rowsTitled('Short-lived')).toHaveLength(0);
    const db = server.services.db;
    expect(await db.select().from(announcementTargets).where(eq(announcementTargets.announcementId, id))).toHaveLength(0);
    expect(await db.select().from(announcementReads).where(eq(announcementReads.announcementId, id))).toHaveLength(0);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create', 'publish', 'read', 'delete']);
    expect((await call('delete', { ids: [id] })).status).toBe(404);
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['a missing title', { title: '  ' }, 'title: This input item is mandatory'],
    ['a title over 128 characters', { title: 'x'.repeat(129) }, 'title: At most 128 characters'],
    ['missing content', { content: undefined }, 'content: This input item is mandatory'],
    ['content that is only a script', { content: '<script>alert(1)</script><p> </p>' }, 'content: This input item is mandatory'],
    ['an unknown audience', { audience: 'everyone' }, 'audience: Invalid value'],
    ['roles as audience without roles', { audience: 'roles', roleIds: [] }, 'roleIds: This input item is mandatory'],
    ['a role that does not exist', { audience: 'roles', roleIds: [999999] }, 'roleIds: Invalid value'],
    ['dealers as audience without dealers', { audience: 'dealers' }, 'dealerIds: This input item is mandatory'],
    ['a dealer that does not exist', { audience: 'dealers', dealerIds: [999999] }, 'dealerIds: Invalid value'],
  ];
  for (const [what, change, msg] of refused) {
    it(`refuses ${what} with 400 naming the field, and writes nothing`, async () => {
      const res = await call('save', { title: 'Refused', content: '<p>x</p>', ...change });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
      expect(await rowsTitled((change.title as string | undefined)?.trim() || 'Refused')).toHaveLength(0);
    });
  }

  it('staff and dealers get 403 on every administrator call', async () => {
    for (const user of ['staff', 'dealer1'] as const) {
      for (const path of ['selectByPage', 'audienceOptions', 'save', 'update', 'delete', 'publish']) {
        expect((await call(path, {}, user)).status, `${user} ${path}`).toBe(403);
      }
    }
  });
});

describe('content is made safe on the way in', () => {
  it('stores classic XSS payloads cleaned, and readers get the cleaned HTML', async () => {
    const content = '<p onclick="alert(1)" style="color:red">Hello <script>alert(document.cookie)</script><b>dealers</b></p>'
      + '<img src=x onerror=alert(1)><iframe src="javascript:alert(1)"></iframe>'
      + '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/prices">good</a><svg onload=alert(1)></svg>';
    const id = await published('Safe content', { content });
    const [row] = await rowsTitled('Safe content');
    const clean = '<p>Hello <b>dealers</b></p><a>bad</a> <a href="https://example.com/prices" rel="noopener noreferrer" target="_blank">good</a>';
    expect(row.content).toBe(clean);
    const item = (await inbox('dealer2')).list.find((i) => i.id === id)!;
    expect(item.content).toBe(clean);

    await ok('update', { id, title: 'Safe content', content: '<p>Edited<img src=x onerror=alert(2)></p>' });
    expect((await rowsTitled('Safe content'))[0].content).toBe('<p>Edited</p>');
  });
});

describe('inbox targeting, read and unread', () => {
  it('an announcement for a role reaches the holders of that role only', async () => {
    const id = await published('For channel staff', { audience: 'roles', roleIds: [staffRoleId] });
    expect(await inboxTitles('staff')).toContain('For channel staff');
    for (const user of ['admin', 'dealer1', 'dealer2'] as const) expect(await inboxTitles(user), user).not.toContain('For channel staff');
    expect((await call('read', { id }, 'dealer1')).status).toBe(404);
  });

  it('an announcement for a dealer reaches that dealer\'s users only: dealer1 sees it, dealer2 does not', async () => {
    const id = await published('For SH0001 only', { audience: 'dealers', dealerIds: [dealer1Id] });
    expect(await inboxTitles('dealer1')).toContain('For SH0001 only');
    for (const user of ['admin', 'staff', 'dealer2'] as const) expect(await inboxTitles(user), user).not.toContain('For SH0001 only');
    const res = await call('read', { id }, 'dealer2');
    expect(res.status).toBe(404);
    const db = server.services.db;
    expect(await db.select().from(announcementReads).where(eq(announcementReads.announcementId, id))).toHaveLength(0);
  });

  it('reading marks one read for that user only: counts drop, unread come first, reading twice changes nothing', async () => {
    const older = await published('Older news');
    const newer = await published('Newer news');
    const count1 = await unread('dealer1');
    const count2 = await unread('dealer2');
    expect(count1).toBeGreaterThanOrEqual(2);

    const first = await inbox('dealer1');
    expect(first.list.slice(0, 2).map((i) => i.title)).toEqual(['Newer news', 'Older news']);
    expect(first.list.every((i) => !i.read)).toBe(true);
    expect(first.total).toBe(count1);

    expect(await ok('read', { id: newer }, 'dealer1')).toEqual({ id: newer, read: true });
    await ok('read', { id: newer }, 'dealer1');
    expect(await unread('dealer1')).toBe(count1 - 1);
    expect(await unread('dealer2')).toBe(count2);

    const after = await inbox('dealer1');
    expect(after.list.at(-1)).toMatchObject({ id: newer, read: true, readAt: expect.any(String) });
    expect(after.list.findIndex((i) => i.id === older)).toBeLessThan(after.list.findIndex((i) => i.id === newer));
    const unreadOnly = await inbox('dealer1', { unreadOnly: true });
    expect(unreadOnly.total).toBe(count1 - 1);
    expect(unreadOnly.list.some((i) => i.id === newer)).toBe(false);

    const paged = await inbox('dealer1', { pageSize: 1, pageNum: 2 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBe(count1);

    const reads = (await auditOf(newer)).filter((a) => a.action === 'read');
    expect(reads.map((a) => a.userName)).toEqual(['dealer1']);
    const [listed] = (await ok<Page<AnnouncementRow>>('selectByPage', { title: 'Newer news' })).list;
    expect(listed.readCount).toBe(1);
  });

  it('reader calls need a session but no permission, and refuse a bad id', async () => {
    expect((await server.call('/sys/announcement/unreadCount', { body: {} })).status).toBe(401);
    expect((await call('read', {}, 'dealer2')).body).toMatchObject({ code: 400, msg: 'id: Invalid value' });
    expect((await call('read', { id: 999999 }, 'dealer2')).status).toBe(404);
    expect((await call('inbox', { pageSize: 100000 }, 'dealer2')).status).toBe(400);
  });
});
