/**
 * Subscription mail figures (docs/views-and-subscriptions.md), against a real SMTP server started
 * here: the time to build and send one subscription mail of a large report (its whole result as
 * xlsx, built as the subscriber), and the outbox's throughput in mails a minute. Prints, asserts
 * nothing. On the demo database by default; `--data-dir` or `--database-url` for a generated one
 * (bench/generateStock.ts) to reach 100 k rows and more.
 *
 *   npx tsx bench/mail.ts [--report scanDetail] [--mails 60] [--data-dir .tmp/bench-pglite | --database-url postgres://…]
 */
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { savedViews, users, viewSubscriptions } from '../src/server/db/schema';
import { enqueueDueSubscriptions } from '../src/server/jobs/subscriptionRun';
import { REPORT_QUERIES } from '../src/server/modules/analysis/reports';
import { newLinkKey } from '../src/server/modules/views/unsubscribeLink';
import { PAGES } from '../src/shared/pages';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const REPORT = argOf('report') ?? 'scanDetail';
const MAILS = Number(argOf('mails') ?? 60);
const SMTP_PORT = Number(argOf('smtp-port') ?? 9033);

let received = 0;
let bytes = 0;
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false, size: 200 * 1024 * 1024,
  onData(stream, _s, done) { void simpleParser(stream).then((m) => { received++; bytes += m.attachments.reduce((a, x) => a + x.size, 0); done(); }, done); },
});
await new Promise<void>((ok) => smtp.listen(SMTP_PORT, '127.0.0.1', ok));

const databaseUrl = argOf('database-url');
const config = loadConfig({
  PORT: '0', HOST: '127.0.0.1', DATA_DIR: argOf('data-dir') ?? 'memory://', LOG_LEVEL: 'silent', CAPTCHA: 'off', WEB_DIR: '/nonexistent',
  ALERT_SWEEP_MINUTES: '0', INVARIANT_CHECK_MINUTES: '0', ROLLUP_MINUTES: '0', SUBSCRIPTION_MINUTES: '0', OUTBOX_POLL_SECONDS: '3600',
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: 'bench@test.example', MAIL_ATTACHMENT_MAX_KB: String(50 * 1024),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { app, services } = await buildApp(config);
const { db } = services;
const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
await db.update(users).set({ email: 'admin@test.example' }).where(eq(users.id, admin.id));

const wait = async (n: number) => { while (received < n) await new Promise((r) => setTimeout(r, 20)); };
async function subscribe(page: string, name: string, query = '') {
  const [view] = await db.insert(savedViews).values({ ownerId: admin.id, page, name, query }).returning();
  await db.insert(viewSubscriptions).values({ viewId: view.id, userId: admin.id, frequency: 'daily', atMinute: 0, linkKey: newLinkKey(), nextRunAt: new Date(0), lang: 'en-US' });
}
const due = () => new Date(Date.now() + 1000);

// One mail of the large report: its rows, then build and send, timed.
const report = REPORT_QUERIES.find((r) => r.def.page === REPORT)!;
const page = PAGES.find((p) => p.perm === report.def.perm)!;
await subscribe(page.route, `bench ${REPORT}`);
let t = performance.now();
await enqueueDueSubscriptions(services, due());
await services.outbox.drain();
await wait(1);
const one = performance.now() - t;
const bigBytes = bytes;
const { total } = await report.page({ db: services.readDb, user: { sessionId: 0, id: admin.id, userName: 'admin', nickName: '', dealerId: null }, scope: { dealerIds: null, warehouseIds: null }, lang: 'en-US', now: new Date() },
  (await import('../src/shared/analytics/filters')).analyticsFilters.parse({}), { limit: 1, offset: 0 });

// Throughput: MAILS small subscriptions (the same report narrowed to one material), queued at once, drained.
const small = page;
for (let i = 0; i < MAILS; i++) await subscribe(small.route, `bench ${i}`, 'keyword=EP17570R14C1&dateFrom=2026-11-01');
const before = received;
t = performance.now();
await enqueueDueSubscriptions(services, due());
await services.outbox.drain();
await wait(before + MAILS);
const all = performance.now() - t;

console.log(`one ${REPORT} subscription mail of ${total} rows: ${Math.round(one)} ms to build and send (attachment ${(bigBytes / 1024).toFixed(0)} KiB)`);
console.log(`${MAILS} small ${small.path} subscription mails (one material): ${Math.round(all)} ms, ${Math.round((MAILS / all) * 60_000)} mails a minute to a local SMTP server`);
await app.close();
await new Promise<void>((ok) => smtp.close(() => ok()));
