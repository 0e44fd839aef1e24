import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OrderOptions } from '../../src/shared/api/orders';
import { ORDER_MONITOR_PATH } from '../../src/shared/api/notices';
import { DEMO_PASSWORD, login, post, prepare, SCREENSHOTS, socketConnected } from './helpers';

const tokenOf = async (request: APIRequestContext, userName: string) =>
  (await post<{ token: string }>(request, '/sys/login', { userName, passWord: DEMO_PASSWORD })).token;

/** The maker's admin creates a purchase receipt for dealer1 through the API; answers its order number. */
async function deliverToDealer1(request: APIRequestContext, admin: string, dealerId: number, plannedQty: number): Promise<string> {
  const options = await post<OrderOptions>(request, '/orderManage/PRorder/options', {}, admin);
  const warehouse = options.warehouses.find((w) => w.dealerId === dealerId)!;
  const { id } = await post<{ id: number }>(request, '/orderManage/PRorder/save', {
    orderType: 'PR', dealerId, warehouseId: warehouse.id, lines: [{ materialId: options.materials[0].id, plannedQty }, { materialId: options.materials[1].id, plannedQty: 2 }],
  }, admin);
  return (await post<{ orderNo: string }>(request, '/orderManage/PRorder/detail', { id }, admin)).orderNo;
}

/** Signs dealer1 in and waits until its console's socket is open; answers when the layout started. */
async function signInWithSocket(page: Page): Promise<number> {
  const socketOpen = socketConnected(page);
  await login(page, 'dealer1');
  const started = Date.now();
  await socketOpen;
  return started;
}

for (const [theme, lang] of [['dark', 'en-US'], ['light', 'zh-CN']] as const) {
  test(`a delivery for dealer1 pops up through the socket, only the newest stays, a click opens the order monitor (${theme}, ${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const admin = await tokenOf(request, 'admin');
    const dealerId = (await post<{ dealerId: number }>(request, '/sys/user/getCurrentUserInfo', {}, await tokenOf(request, 'dealer1'))).dealerId;
    await prepare(page, { lang, theme, notices: 'keep' });
    const started = await signInWithSocket(page);

    const popups = page.locator('.arco-notification', { has: page.getByTestId('notice-popup') });
    const first = await deliverToDealer1(request, admin, dealerId, 6);
    await expect(popups).toContainText(first, { timeout: 3000 });
    // Well before the first poll, 10 s after the layout started: the socket brought it.
    expect(Date.now() - started).toBeLessThan(9000);
    await expect(popups).toContainText(lang === 'en-US' ? 'quantity 6' : '数量 6');

    const second = await deliverToDealer1(request, admin, dealerId, 8);
    await expect(popups.last()).toContainText(second, { timeout: 3000 });
    // The older popup closes: only the newest remains.
    await expect(popups).toHaveCount(1);
    await expect(popups).toContainText(second);
    await page.screenshot({ path: `${SCREENSHOTS}/notice-popup-${theme}.png` });

    await popups.getByTestId('notice-popup').click();
    await expect(page).toHaveURL(new RegExp(`#${ORDER_MONITOR_PATH}$`));
    await expect(popups).toHaveCount(0);
    const rows = page.getByTestId('list-monitoring-orderMonitor').locator('.arco-table-tr', { hasText: second });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('notice-read')).toHaveText(lang === 'en-US' ? 'Read' : '已读');
    const older = page.getByTestId('list-monitoring-orderMonitor').locator('.arco-table-tr', { hasText: first });
    await expect(older.getByTestId('notice-read')).toHaveText(lang === 'en-US' ? 'Unread' : '未读');
    await page.screenshot({ path: `${SCREENSHOTS}/notice-monitor-${theme}.png` });

    // Mark the older one read from the list; no popup comes back for either at the next poll.
    await older.locator('.arco-checkbox').click();
    await page.getByTestId('notice-mark-read').click();
    await expect(older.getByTestId('notice-read')).toHaveText(lang === 'en-US' ? 'Read' : '已读');

    // A notice opens its order: the receipt list with that order's detail.
    await rows.getByTestId('notice-open').click();
    await expect(page).toHaveURL(/#\/ordermanage\/Order\/PRorder\?orderId=\d+$/);
    await expect(page.locator('.order-detail .arco-drawer-header')).toContainText(second);
  });
}

/** Resolves after the page's already queued tasks, React's renders among them (its scheduler posts to a MessageChannel). */
const afterPendingRenders = (page: Page) => page.evaluate(() => new Promise<void>((done) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => done();
  channel.port2.postMessage(null);
}));

test('with the socket blocked, the 10 s poll still brings the notice, and it is read aloud at rate 1.3 in the console language', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await tokenOf(request, 'admin');
  const dealerId = (await post<{ dealerId: number }>(request, '/sys/user/getCurrentUserInfo', {}, await tokenOf(request, 'dealer1'))).dealerId;
  // No socket.io at all (a proxy that refuses it): only getNewNotice can bring the notice.
  await page.route('**/socket.io/**', (route) => route.abort());
  // The console's socket is a WebSocket from the start, which page.route does not see: closed at once.
  await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  // What the console asks the browser to say, instead of saying it.
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string; rate: number }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    Object.defineProperty(window, 'speechSynthesis', {
      value: { cancel: () => undefined, speak: (u: SpeechSynthesisUtterance) => spoken.push({ text: u.text, lang: u.lang, rate: u.rate }) },
    });
  });
  // The page's clock runs as usual, and the test can move it on instead of waiting (below).
  await page.clock.install();
  await prepare(page, { lang: 'en-US', theme: 'dark', notices: 'keep' });
  const polls: number[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('/getNewNotice')) polls.push(Date.now()); });
  await login(page, 'dealer1');
  const started = Date.now();
  const orderNo = await deliverToDealer1(request, admin, dealerId, 5);

  const popups = page.locator('.arco-notification', { has: page.getByTestId('notice-popup') });
  await expect(popups).toContainText(orderNo, { timeout: 25_000 });
  // It came by the poll: the first one goes out about 10 s after the layout started.
  expect(polls.length).toBeGreaterThan(0);
  expect(polls[0] - started).toBeGreaterThan(8000);
  await expect(popups).toContainText('quantity 5');
  const spoken = await page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string; rate: number }[] }).spoken);
  expect(spoken).toHaveLength(1);
  expect(spoken[0].lang).toBe('en-US');
  expect(spoken[0].rate).toBeCloseTo(1.3, 5); // the utterance keeps it as a 32-bit float
  expect(spoken[0].text).toContain(`New delivery: Purchase receipt ${orderNo}, 7 tyres`);
  // The popup stays until it is dealt with: 5 s on (Arco's notifications close after 3 s by
  // themselves, the next poll is 10 s away), and once whatever those timers started has run, it is still there.
  await page.clock.runFor(5_000);
  await afterPendingRenders(page);
  await page.clock.runFor(1_000); // a closing notification's exit transition
  await afterPendingRenders(page);
  await expect(popups).toHaveCount(1);
});
