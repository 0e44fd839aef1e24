import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import type { ViewListAnswer } from '../../src/shared/api/savedViews';
import { outbox, roles, users, viewSubscriptions } from '../../src/server/db/schema';
import { enqueueDueSubscriptions } from '../../src/server/jobs/subscriptionRun';
import { startTestServer, type TestServer } from './server';

/**
 * Subscriptions by mail (docs/views-and-subscriptions.md) through a real SMTP server started here,
 * the mails read back with mailparser and their sheets with exceljs: the rows are the subscriber's
 * own at send time; a frozen user gets nothing; the unsubscribe link works once and refuses a
 * tampered token; an SMTP server that is down is retried, then shown as failed; a run taken by two
 * nodes at once mails once; a page no longer granted stops the subscription with a notice.
 */
const SMTP_PORT = Number(process.env.TEST_SMTP_PORT ?? 9031);
const PAGE = '/reportQuery/storageInventory/monthBalance';

interface Inbox { mails: ParsedMail[]; server: SMTPServer | null; refuse: boolean }
const inbox: Inbox = { mails: [], server: null, refuse: false };

async function startSmtp() {
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, done) {
      void simpleParser(stream).then((mail) => { inbox.mails.push(mail); done(); }, done);
    },
  });
  await new Promise<void>((ok) => smtp.listen(SMTP_PORT, '127.0.0.1', ok));
  inbox.server = smtp;
}
const stopSmtp = () => new Promise<void>((ok) => { if (!inbox.server) return ok(); inbox.server.close(() => ok()); inbox.server = null; });

let server: TestServer;
let dealer1: string;
let staff: string;
let dealer1UserId: number;

beforeAll(async () => {
  await startSmtp();
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: 'Tyre console <console@test.example>', PUBLIC_URL: 'http://console.test',
    SUBSCRIPTION_MINUTES: '0', OUTBOX_MAX_ATTEMPTS: '2', OUTBOX_RETRY_SECONDS: '0.2', OUTBOX_POLL_SECONDS: '3600',
  });
  const db = server.services.db;
  await db.update(users).set({ email: 'dealer1@test.example' }).where(eq(users.userName, 'dealer1'));
  [{ id: dealer1UserId }] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'dealer1'));
  [dealer1, staff] = await Promise.all([server.login('dealer1'), server.login('staff')]);
});
afterAll(async () => {
  await server?.stop();
  await stopSmtp();
});

const call = async <T>(path: string, body: unknown, token: string, status = 200) => {
  const res = await server.call<T>(path, { body, token, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(status);
  return res.body.data;
};
/** The moment just after the subscription's next run: the run the job would take then. */
const dueMoment = async (viewId: number) => {
  const [sub] = await server.services.db.select().from(viewSubscriptions).where(eq(viewSubscriptions.viewId, viewId));
  return new Date(sub.nextRunAt.getTime() + 1000);
};
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const sheetRows = async (mail: ParsedMail) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(mail.attachments[0].content as unknown as ArrayBuffer);
  return (book.worksheets[0].getSheetValues().slice(2) as unknown[][]).filter(Boolean).map((r) => r.slice(1));
};

describe('subscriptions by mail', () => {
  let viewId: number;

  it('mails dealer1\'s weekly balance once, with an xlsx of exactly dealer1\'s rows and a link back', async () => {
    viewId = (await call<{ id: number }>('/views/save', { page: PAGE, name: 'My balance', query: 'sort=materialCode.asc' }, dealer1)).id;
    const list = await call<ViewListAnswer>('/views/list', { page: PAGE }, dealer1);
    expect(list).toMatchObject({ mail: true, subscribable: true });
    await call('/views/subscribe', { viewId, schedule: { frequency: 'weekly', weekday: 1, time: '08:00' } }, dealer1);
    const [sub] = await server.services.db.select().from(viewSubscriptions).where(eq(viewSubscriptions.viewId, viewId));
    // Monday 08:00 in the business time zone.
    expect(new Intl.DateTimeFormat('en-US', { timeZone: server.services.config.timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(sub.nextRunAt)).toBe('Mon 08:00');

    const now = await dueMoment(viewId);
    // Two nodes looking at the same moment: one mail between them.
    const written = await Promise.all([enqueueDueSubscriptions(server.services, now), enqueueDueSubscriptions(server.services, now)]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await enqueueDueSubscriptions(server.services, now)).toBe(0);
    await server.services.outbox.drain();
    await until(() => inbox.mails.length === 1);
    const mail = inbox.mails[0];
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('dealer1@test.example');
    expect(mail.subject).toContain('My balance');
    expect(mail.text).toContain(`http://console.test/#${PAGE}?sort=materialCode.asc`);
    expect(mail.attachments).toHaveLength(1);

    const rows = await sheetRows(mail);
    const expected = await call<ReportPageAnswer>('/analysis/report/monthBalance/selectByPage', { pageSize: 500 }, dealer1);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThanOrEqual(500);
    expect(rows).toHaveLength(expected.total);
    const key = (r: unknown[]) => r.slice(0, 3).join('|');
    expect(new Set(rows.map(key))).toEqual(new Set(expected.rows.map((r) => [r.period, r.warehouseName, r.materialCode].join('|'))));
    const all = await call<ReportPageAnswer>('/analysis/report/monthBalance/selectByPage', { pageSize: 1 }, staff);
    expect(all.total).toBeGreaterThan(expected.total);
  });

  it('sends the link alone when the sheet is over the size limit', async () => {
    const config = server.services.config as { MAIL_ATTACHMENT_MAX_KB: number };
    const before = config.MAIL_ATTACHMENT_MAX_KB;
    config.MAIL_ATTACHMENT_MAX_KB = 1;
    try {
      inbox.mails = [];
      await enqueueDueSubscriptions(server.services, await dueMoment(viewId));
      await server.services.outbox.drain();
      await until(() => inbox.mails.length === 1);
      expect(inbox.mails[0].attachments).toHaveLength(0);
      expect(inbox.mails[0].text).toContain('not attached');
    } finally {
      config.MAIL_ATTACHMENT_MAX_KB = before;
    }
  });

  it('sends a frozen user nothing, whether frozen before the run or after it was queued', async () => {
    const db = server.services.db;
    inbox.mails = [];
    const now = await dueMoment(viewId);
    // The run wakes the outbox as it queues; held back here, so the user is frozen between the
    // queueing and the sending rather than racing the wake's drain (which sent the mail at times).
    const wake = vi.spyOn(server.services.outbox, 'wake').mockImplementation(() => undefined);
    try {
      expect(await enqueueDueSubscriptions(server.services, now)).toBe(1);
    } finally {
      wake.mockRestore();
    }
    await db.update(users).set({ status: 'frozen' }).where(eq(users.id, dealer1UserId));
    try {
      await server.services.outbox.drain();
      expect(await enqueueDueSubscriptions(server.services, await dueMoment(viewId))).toBe(0);
      await server.services.outbox.drain();
      await new Promise((r) => setTimeout(r, 300));
      expect(inbox.mails).toHaveLength(0);
      const [last] = await db.select().from(outbox).where(eq(outbox.topic, 'subscription')).orderBy(outbox.id).limit(1).offset(2);
      expect(last.lastAnswer).toContain('frozen');
    } finally {
      await db.update(users).set({ status: 'normal' }).where(eq(users.id, dealer1UserId));
    }
  });

  it('retries while the SMTP server is down, shows the failure in the upload monitor, and delivers once when sent again', async () => {
    inbox.mails = [];
    await stopSmtp();
    await enqueueDueSubscriptions(server.services, await dueMoment(viewId));
    const db = server.services.db;
    const [row] = await db.select().from(outbox).where(eq(outbox.topic, 'subscription')).orderBy(outbox.id).limit(1).offset(3);
    for (let i = 0; i < 50; i++) {
      await server.services.outbox.drain();
      const [now] = await db.select().from(outbox).where(eq(outbox.id, row.id));
      if (now.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [failed] = await db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    const admin = await server.login('admin');
    const monitor = await call<ReportPageAnswer>('/analysis/report/uploadMonitor/selectByPage', { pageSize: 100 }, admin);
    // The monitor's MAIL row of this delivery names its recipient and the refusal.
    const shown = monitor.rows.find((r) => r.channel === 'MAIL' && Object.values(r).includes('dealer1@test.example') && /ECONNREFUSED|connect/i.test(JSON.stringify(r)));
    expect(shown).toBeDefined();

    await startSmtp();
    await call('/monitoring/outbox/retry', { id: row.id }, admin);
    await server.services.outbox.drain();
    await until(() => inbox.mails.length === 1);
    await server.services.outbox.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.mails).toHaveLength(1);
  });

  it('unsubscribes by the mail\'s link without signing in, once; a tampered token is refused', async () => {
    const link = /http:\/\/console\.test(\/fms\/api\/v1\/views\/unsubscribe-link\?token=[^\s&]+)&lang=en-US/.exec(inbox.mails[0].text ?? '');
    expect(link).not.toBeNull();
    const path = link![1].replace('/fms/api/v1', '');
    const token = new URL(`http://x${path}`).searchParams.get('token')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const other = `${Number(token.split('.')[0]) + 1}.${token.split('.')[1]}`;
    expect((await fetch(`${server.url}/fms/api/v1/views/unsubscribe-link?token=${tampered}`)).status).toBe(400);
    expect((await fetch(`${server.url}/fms/api/v1/views/unsubscribe-link?token=${other}`)).status).toBe(400);
    const res = await fetch(`${server.url}/fms/api/v1/views/unsubscribe-link?token=${token}&lang=en-US`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Unsubscribed');
    const [sub] = await server.services.db.select().from(viewSubscriptions).where(eq(viewSubscriptions.viewId, viewId));
    expect(sub).toMatchObject({ status: 'stopped', stoppedReason: 'unsubscribed' });
    expect((await fetch(`${server.url}/fms/api/v1/views/unsubscribe-link?token=${token}`)).status).toBe(400);
    expect(await enqueueDueSubscriptions(server.services, new Date(Date.now() + 40 * 86_400_000))).toBe(0);
  });

  it('stops a subscription whose view is no longer shared with the subscriber, with a notice', async () => {
    const db = server.services.db;
    const [dealerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'dealer'));
    const shared = (await call<{ id: number }>('/views/save', { page: PAGE, name: 'Shared balance', query: '', sharedRoleId: dealerRole.id }, staff)).id;
    await call('/views/subscribe', { viewId: shared, schedule: { frequency: 'daily', time: '06:30' } }, dealer1);
    await call('/views/update', { id: shared, sharedRoleId: null }, staff);
    inbox.mails = [];
    await enqueueDueSubscriptions(server.services, await dueMoment(shared));
    await server.services.outbox.drain();
    await until(() => inbox.mails.length === 1);
    expect(inbox.mails[0].subject).toContain('stopped');
    expect(inbox.mails[0].attachments).toHaveLength(0);
    const [sub] = await db.select().from(viewSubscriptions).where(inArray(viewSubscriptions.viewId, [shared]));
    expect(sub).toMatchObject({ status: 'stopped', stoppedReason: 'revoked' });
  });
});

describe('send one now', () => {
  it('mails the caller\'s own subscription at once, and nothing for a view they do not subscribe to', async () => {
    const viewId = (await call<{ id: number }>('/views/save', { page: PAGE, name: 'Now', query: 'keyword=EP' }, dealer1)).id;
    await call('/views/sendNow', { viewId }, dealer1, 404);
    await call('/views/subscribe', { viewId, schedule: { frequency: 'monthly', monthDay: 3, time: '09:00' } }, dealer1);
    await call('/views/sendNow', { viewId }, staff, 404);
    inbox.mails = [];
    await call('/views/sendNow', { viewId }, dealer1);
    await server.services.outbox.drain();
    await until(() => inbox.mails.length === 1);
    expect(inbox.mails[0].subject).toContain('Now');
    expect(inbox.mails[0].attachments).toHaveLength(1);
  });
});

describe('without mail settings', () => {
  it('says mail is off in the health answer and the views list, and refuses to subscribe', async () => {
    const off = await startTestServer();
    try {
      const health = await off.call<{ mail: string }>('/health');
      expect(health.body.data.mail).toBe('off');
      const token = await off.login('staff');
      const { id } = (await off.call<{ id: number }>('/views/save', { token, body: { page: PAGE, name: 'x', query: '' } })).body.data;
      expect((await off.call<ViewListAnswer>('/views/list', { token, body: { page: PAGE } })).body.data.mail).toBe(false);
      const refused = await off.call('/views/subscribe', { token, lang: 'en-US', body: { viewId: id, schedule: { frequency: 'daily', time: '08:00' } } });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain('Mail is not configured');
    } finally {
      await off.stop();
    }
  });
});
