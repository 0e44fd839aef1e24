import { eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockAlertPush } from '../../src/shared/api/notices';
import { alertMailPrefs, dealers, stockAlerts, users, warehouses } from '../../src/server/db/schema';
import { enqueueAlertMails, enqueueDueDigests } from '../../src/server/modules/views/alertMails';
import { pageOfType, type OrderType } from '../../src/shared/orders/orderTypes';
import { startTestServer, type TestServer } from './server';

/**
 * Stock alerts by mail (docs/views-and-subscriptions.md) through a real SMTP server started here:
 * a posting that crosses a minimum mails the users who chose alerts at once, once; the sweep after
 * it mails nothing more; a dealer's user never hears of another dealer's stock; a daily digest lists
 * what was raised since the last.
 */
const SMTP_PORT = Number(process.env.TEST_SMTP_PORT_ALERTS ?? 9032);
const mails: ParsedMail[] = [];
let smtp: SMTPServer;
let server: TestServer;
let admin: string;
let staff: string;
let dealer2: string;
let central: number;
let ownOfDealer1: number;
let mats: number[];
let serial = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _s, done) { void simpleParser(stream).then((m) => { mails.push(m); done(); }, done); },
  });
  await new Promise<void>((ok) => smtp.listen(SMTP_PORT, '127.0.0.1', ok));
  server = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: 'console@test.example', SUBSCRIPTION_MINUTES: '0', ALERT_SWEEP_MINUTES: '0', OUTBOX_POLL_SECONDS: '3600',
  });
  const db = server.services.db;
  await db.update(users).set({ email: sql`${users.userName} || '@test.example'` }).where(sql`${users.userName} in ('staff', 'dealer2')`);
  [central] = (await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC03'))).map((w) => w.id);
  const [d1] = await db.select({ warehouseId: dealers.defaultWarehouseId }).from(dealers).where(eq(dealers.code, 'SH0001'));
  ownOfDealer1 = d1.warehouseId!;
  mats = (await db.execute(sql`select m.id from materials m where not exists (select 1 from barcodes b where b.material_id = m.id) order by m.id limit 3`)
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows)).map((r) => r.id);
  [admin, staff, dealer2] = await Promise.all(['admin', 'staff', 'dealer2'].map((u) => server.login(u)));
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((ok) => smtp.close(() => ok()));
});

const ok = async <T>(path: string, body: unknown, token = admin) => {
  const res = await server.call<T>(path, { token, body, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(200);
  return res.body.data;
};
const order = <T>(type: OrderType, action: string, body: unknown) => ok<T>(`/orderManage/${pageOfType(type)}/${action}`, body);
async function receive(warehouseId: number, materialId: number, qty: number) {
  const shipped = Array.from({ length: qty }, () => ({ barcode: `AMAIL${String(++serial).padStart(7, '0')}`, materialId, dotCode: '2325' }));
  const { id } = await order<{ id: number }>('PR', 'save', { orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: qty }], shipped });
  for (const s of shipped) await order('PR', 'scan', { orderId: id, barcode: s.barcode });
  await order('PR', 'complete', { id });
  return shipped.map((s) => s.barcode);
}
async function ship(warehouseId: number, materialId: number, codes: string[]) {
  const { id } = await order<{ id: number }>('WL', 'save', { orderType: 'WL', warehouseId, lines: [{ materialId, plannedQty: codes.length }], counterparty: 'Mail test' });
  for (const c of codes) await order('WL', 'scan', { orderId: id, barcode: c });
  await order('WL', 'complete', { id });
}
const settle = async () => {
  await server.services.outbox.drain();
  await new Promise((r) => setTimeout(r, 300));
};

describe('stock alerts by mail', () => {
  it('mails a crossing once, when raised, to those who chose it at once and may see it; the sweep after mails nothing', async () => {
    await ok('/views/alertMail/set', { mode: 'instant' }, staff);
    // dealer2 chose them too, but the central warehouse and dealer1's are not its own.
    const dealerSide = await server.call('/views/alertMail/set', { token: dealer2, body: { mode: 'instant' }, lang: 'en-US' });
    expect([200, 403]).toContain(dealerSide.status);
    const m = mats[0];
    const codes = await receive(central, m, 4);
    await ok('/monitoring/stockThreshold/save', { warehouseId: central, materialId: m, minQty: 3, maxQty: 10 });
    await ok('/monitoring/stockAlert/sweep', {});
    await settle();
    expect(mails).toHaveLength(0);

    await ship(central, m, codes.slice(0, 2));
    await settle();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Stock alert');
    expect(mails[0].text).toContain('below its minimum 3');
    expect(mails[0].to && 'text' in mails[0].to ? mails[0].to.text : '').toBe('staff@test.example');

    expect(await ok<{ raised: number }>('/monitoring/stockAlert/sweep', {})).toEqual({ raised: 0 });
    await ship(central, m, codes.slice(2, 3));
    await settle();
    expect(mails).toHaveLength(1);
  });

  it('never mails a dealer\'s user about another dealer\'s warehouse', async () => {
    mails.length = 0;
    const db = server.services.db;
    const [{ id: dealer2Id }] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'dealer2'));
    // Chosen directly, whatever the demo grants dealers: the scope alone must keep the mail away.
    await db.insert(alertMailPrefs).values({ userId: dealer2Id, mode: 'instant', lang: 'en-US' }).onConflictDoNothing();
    // An alert raised on dealer1's own warehouse (its scan needs storage locations; the raise is what matters here).
    const [d1] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.code, 'SH0001'));
    await db.transaction(async (tx) => {
      const [alert] = await tx.insert(stockAlerts).values({ dealerId: d1.id, warehouseId: ownOfDealer1, materialId: mats[1], kind: 'low', threshold: 2, qty: 1 }).returning();
      await enqueueAlertMails(tx, [{ ...alert, warehouseName: '', materialCode: '', materialName: '' } as unknown as StockAlertPush]);
    });
    await settle();
    const to = mails.map((x) => (x.to && 'text' in x.to ? x.to.text : ''));
    expect(to).toContain('staff@test.example');
    expect(to).not.toContain('dealer2@test.example');
  });

  it('sends a daily digest of what was raised since the last, once, and nothing when nothing was', async () => {
    await ok('/views/alertMail/set', { mode: 'digest', time: '07:30' }, staff);
    const db = server.services.db;
    const [{ id: staffId }] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'staff'));
    await db.update(alertMailPrefs).set({ lastDigestAt: new Date(Date.now() - 3_600_000) }).where(eq(alertMailPrefs.userId, staffId));
    mails.length = 0;
    const m = mats[2];
    const codes = await receive(central, m, 2);
    await ok('/monitoring/stockThreshold/save', { warehouseId: central, materialId: m, minQty: 2 });
    await ship(central, m, codes.slice(0, 1));
    await settle();
    // In digest mode a raise mails nothing at once.
    expect(mails.filter((x) => x.to && 'text' in x.to && x.to.text === 'staff@test.example')).toHaveLength(0);

    const [pref] = await db.select().from(alertMailPrefs).where(eq(alertMailPrefs.userId, staffId));
    const due = new Date(pref.nextDigestAt!.getTime() + 1000);
    expect(await enqueueDueDigests(server.services, due)).toBe(1);
    expect(await enqueueDueDigests(server.services, due)).toBe(0);
    await settle();
    const digest = mails.find((x) => x.subject?.startsWith('Stock alerts of the day'));
    expect(digest?.text).toContain('below its minimum 2');
    mails.length = 0;
    expect(await enqueueDueDigests(server.services, new Date(due.getTime() + 86_400_000))).toBe(1);
    await settle();
    expect(mails).toHaveLength(0);
  });
});
