import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OrderDetail, OrderOptions } from '../../src/shared/api/orders';
import { API, DEMO_PASSWORD, login, prepare, SCREENSHOTS } from './helpers';

/**
 * The warehouse floor offline (docs/offline-floor.md): scans taken with the network or the
 * server gone are judged on the device, queued in IndexedDB, and sent once when the server
 * answers again; refusals come back as conflicts; a queue waits for its own user.
 */
async function apiAs(request: APIRequestContext, userName: string) {
  const res = await request.post(`${API}/sys/login`, { data: { userName, passWord: DEMO_PASSWORD } });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await request.post(`${API}${path}`, { data: body, headers: { token } });
    const json = (await answer.json()) as { code: number; msg: string; data: T };
    expect(json.code, `${path}: ${json.msg}`).toBe(200);
    return json.data;
  };
}

/** A delivery from the maker into a central warehouse (no locations, no scan-twice-deletes): its serials. */
async function delivery(request: APIRequestContext, tag: string, qty: number) {
  const admin = await apiAs(request, 'admin');
  const options = await admin<OrderOptions>('/orderManage/PRorder/options', {});
  const warehouse = options.warehouses.find((w) => w.code === 'CDC02')!;
  const material = options.materials[3];
  const codes = Array.from({ length: qty }, (_, i) => `${tag}-${String(i + 1).padStart(3, '0')}`);
  const { id } = await admin<{ id: number }>('/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: warehouse.id, externalNo: tag, lines: [{ materialId: material.id, plannedQty: qty }],
    shipped: codes.map((barcode) => ({ barcode, materialId: material.id })),
  });
  return { id, codes, admin, warehouse, material };
}

const drawer = (page: Page) => page.getByTestId('scan-drawer');
const feed = (page: Page, kind: string) => page.getByTestId('scan-entry').and(page.locator(`[data-kind="${kind}"]`));
const banner = (page: Page) => page.getByTestId('offline-banner');

/** Opens an order's scanning screen from its list, and waits until the device holds its offline book. */
async function openScan(page: Page, listName: string, keyword: string, opts: { phone?: boolean } = {}) {
  const box = page.getByTestId(`list-orders-${listName}`);
  await box.getByTestId('search-form').locator('input').first().fill(keyword);
  await box.getByTestId('search-submit').click();
  const row = box.locator('.arco-table-tr', { hasText: keyword });
  await expect(row).toHaveCount(1);
  const book = page.waitForResponse((r) => r.url().includes('/offlineBook'));
  if (opts.phone) {
    // On a phone every row action sits under "more".
    await row.getByTestId('row-more').click();
    await page.locator('.arco-dropdown-menu-item:visible', { hasText: '扫描' }).click();
  } else await row.getByTestId('row-scan').click();
  await book;
  await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
}

/** The console's service worker active: it has precached the build. */
const workerReady = async (page: Page) => expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active)).toBe(true);

async function scanCodes(page: Page, codes: string[]) {
  for (const code of codes) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }
}

const tagOf = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

test.describe('Warehousing › scanning offline', () => {
  // The console's service worker serves its files offline (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });

  test('installable: loaded once, the console and an order\'s scanning screen open again with the network off, and the scans taken there are sent', async ({ page, context, request }) => {
    const tag = tagOf('PWA');
    const { id, codes, admin } = await delivery(request, tag, 3);
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/ordermanage/Order/PRorder' });
    await openScan(page, 'PRorder', tag);
    await workerReady(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
      return { href, body: (await (await fetch(href)).json()) as { name: string; short_name: string; display: string; start_url: string; icons: unknown[] } };
    });
    expect(manifest.href).toBe('/manifest.en-US.webmanifest');
    expect(manifest.body).toMatchObject({ name: 'Dealer Warehouse Management System', short_name: 'Dealer WMS', display: 'standalone' });
    expect(manifest.body.start_url).toBe('/?source=app#/scan');

    await context.setOffline(true);
    // A new document, not a hash change: everything comes from the worker and the device.
    await page.goto('about:blank');
    await page.goto(`/#/ordermanage/Order/PRorder?scan=${id}`);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
    await expect(banner(page)).toHaveAttribute('data-online', 'false');
    await scanCodes(page, [codes[0], 'NOTOURS-0003']);
    await expect(page.getByTestId('offline-count')).toHaveText('1 scan waiting');
    await expect(feed(page, 'refused')).toContainText('Barcode NOTOURS-0003 is not one this order can take');
    await page.screenshot({ path: `${SCREENSHOTS}/offline-scan-reloaded.png` });

    await context.setOffline(false);
    await expect(banner(page)).toBeHidden({ timeout: 20_000 });
    expect((await admin<OrderDetail>('/orderManage/PRorder/detail', { id })).scans.map((s) => s.barcode)).toEqual([codes[0]]);
    // Started as installed, the console opens at the first scanning list this user reaches.
    await page.goto('/?source=app#/scan');
    await expect(page).toHaveURL(/#\/ordermanage\/Order\/PRorder$/);
  });

  test('a receipt scanned with the network off: checked on the device, counted, and sent once on reconnect', async ({ page, context, request }) => {
    // Fifty scans typed, a reload offline and a sync: 40 to 67 s on two busy cores, beside the 60 s default.
    test.setTimeout(120_000);
    const tag = tagOf('OFF');
    const { id, codes, admin } = await delivery(request, tag, 45);
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/ordermanage/Order/PRorder' });
    await openScan(page, 'PRorder', tag);
    await workerReady(page);

    await context.setOffline(true);
    // 45 tyres, 3 repeats and 2 the order cannot take, mixed in.
    const read = [...codes.slice(0, 20), codes[3], 'NOTOURS-0001', ...codes.slice(20, 40), codes[25], codes[39], 'NOTOURS-0002', ...codes.slice(40)];
    expect(read).toHaveLength(50);
    await scanCodes(page, read);
    await expect(feed(page, 'added')).toHaveCount(45);
    await expect(feed(page, 'refused')).toHaveCount(5);
    await expect(feed(page, 'refused').filter({ hasText: `Barcode ${codes[3]} was already scanned` })).toHaveCount(1);
    await expect(feed(page, 'refused').filter({ hasText: 'Barcode NOTOURS-0001 is not one this order can take' })).toHaveCount(1);
    await expect(banner(page)).toHaveAttribute('data-online', 'false');
    await expect(page.getByTestId('offline-count')).toHaveText('45 scans waiting');
    await expect(page.getByTestId('offline-waiting-item')).toHaveCount(45);
    await expect(drawer(page).getByTestId('scan-complete')).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}/offline-scan-queued.png` });

    // Reloaded while still offline: the console comes from the service worker and the queue is still there.
    await page.goto('about:blank');
    await page.goto(`/#/ordermanage/Order/PRorder?scan=${id}`);
    await expect(page.getByTestId('offline-count')).toHaveText('45 scans waiting');
    await scanCodes(page, [codes[10]]);
    await expect(feed(page, 'refused')).toContainText(`Barcode ${codes[10]} was already scanned`);

    await context.setOffline(false);
    await expect(banner(page)).toBeHidden({ timeout: 20_000 });
    await expect(page.getByTestId('scan-total')).toContainText('45 / 45');
    const held = await admin<OrderDetail>('/orderManage/PRorder/detail', { id });
    expect(held.scannedQty).toBe(45);
    expect(new Set(held.scans.map((s) => s.barcode))).toEqual(new Set(codes));
  });

  test('the server gone (calls aborted): scans queue; a sync answer lost on the way back is sent again and takes nothing twice', async ({ page, request }) => {
    const tag = tagOf('GONE');
    const { id, codes, admin } = await delivery(request, tag, 4);
    await prepare(page, { lang: 'zh-CN' });
    await login(page, 'admin', { to: '/ordermanage/Order/PRorder' });
    await openScan(page, 'PRorder', tag);

    await page.route('**/fms/api/v1/**', (route) => route.abort('connectionrefused'));
    await scanCodes(page, codes.slice(0, 3));
    await expect(page.getByTestId('offline-count')).toHaveText('3 个扫描等待发送');
    await expect(feed(page, 'added')).toHaveCount(3);

    // The server is back, but the first sync's answer is lost after the server took it.
    let lost = 0;
    await page.unroute('**/fms/api/v1/**');
    await page.route('**/sync*', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await expect(banner(page)).toBeHidden({ timeout: 30_000 });
    expect(lost).toBeGreaterThanOrEqual(2);
    const held = await admin<OrderDetail>('/orderManage/PRorder/detail', { id });
    expect(held.scans.map((s) => s.barcode).sort()).toEqual(codes.slice(0, 3));
    await expect(page.getByTestId('scan-total')).toContainText('3 / 4');
  });

  test('a tyre shipped by another device meanwhile comes back as a conflict with its reason, and can be dropped', async ({ page, context, request }) => {
    const tag = tagOf('CON');
    const { id: receipt, codes, admin, warehouse, material } = await delivery(request, tag, 2);
    await admin('/orderManage/PRorder/upload', { orderId: receipt, uploadId: `${tag}-up`, scans: codes.map((barcode) => ({ barcode })) });
    await admin('/orderManage/PRorder/complete', { id: receipt });
    const sale = (externalNo: string) => admin<{ id: number }>('/orderManage/WLorder/save', {
      orderType: 'WL', warehouseId: warehouse.id, externalNo, counterparty: 'Walk-in', lines: [{ materialId: material.id, plannedQty: 2 }],
    });
    await sale(`${tag}-A`);
    const b = await sale(`${tag}-B`);
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/ordermanage/Order/WLorder' });
    await openScan(page, 'WLorder', `${tag}-A`);

    await context.setOffline(true);
    await scanCodes(page, codes);
    await expect(page.getByTestId('offline-count')).toHaveText('2 scans waiting');
    // Device B ships the first tyre online meanwhile.
    await admin('/orderManage/WLorder/scan', { orderId: b.id, barcode: codes[0] });
    await admin('/orderManage/WLorder/complete', { id: b.id });

    await context.setOffline(false);
    const conflict = page.getByTestId('offline-conflict');
    await expect(conflict).toHaveCount(1, { timeout: 20_000 });
    await expect(conflict).toContainText(`Barcode ${codes[0]} is already out`);
    await expect(feed(page, 'refused').filter({ hasText: `Barcode ${codes[0]} is already out` })).toHaveCount(1);
    await expect(page.getByTestId('scan-total')).toContainText('1 / 2');
    await page.screenshot({ path: `${SCREENSHOTS}/offline-scan-conflict.png` });
    await conflict.getByTestId('conflict-drop').click();
    await expect(page.getByTestId('offline-conflicts')).toBeHidden();
  });

  test('another user signed in on the same device does not send the first user\'s queue; it waits for its user', async ({ page, context, request }) => {
    const tag = tagOf('USR');
    const { id, codes, admin } = await delivery(request, tag, 3);
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/ordermanage/Order/PRorder' });
    await openScan(page, 'PRorder', tag);
    await context.setOffline(true);
    await scanCodes(page, codes.slice(0, 2));
    await expect(page.getByTestId('offline-count')).toHaveText('2 scans waiting');

    // The device changes hands before admin's queue could go: admin signs out while it is still
    // offline. Leaving admin's page signed in is not enough: that page is admin's session, and
    // Chromium's offline emulation let it reach the server as it was left (docs/offline-floor.md).
    await drawer(page).locator('.arco-drawer-close-icon').click();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page).toHaveURL(/#\/login$/);
    await context.setOffline(false);
    // Staff sign in on this device: admin's queue waits for admin.
    await login(page, 'staff', { to: '/ordermanage/Order/PRorder' });
    await openScan(page, 'PRorder', tag);
    await expect(page.getByTestId('offline-others')).toHaveText("2 scans of another user wait on this device; they are sent when that user signs in");
    await page.waitForTimeout(4_000);
    expect((await admin<OrderDetail>('/orderManage/PRorder/detail', { id })).scannedQty).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/offline-scan-other-user.png` });

    // Back as admin: the queue goes at sign-in, before any scanning screen is open.
    await login(page, 'admin', { to: '/home' });
    await expect.poll(async () => (await admin<OrderDetail>('/orderManage/PRorder/detail', { id })).scans.map((s) => s.barcode).sort(), { timeout: 20_000 })
      .toEqual(codes.slice(0, 2));
  });

  test('offline on a 390 px phone: the banner and the queue fit', async ({ page, context, request }) => {
    const tag = tagOf('MOB');
    const { codes } = await delivery(request, tag, 3);
    await page.setViewportSize({ width: 390, height: 844 });
    await prepare(page, { lang: 'zh-CN', theme: 'dark' });
    await login(page, 'admin', { to: '/ordermanage/Order/PRorder' });
    await openScan(page, 'PRorder', tag, { phone: true });
    await context.setOffline(true);
    await scanCodes(page, codes.slice(0, 2));
    await expect(page.getByTestId('offline-count')).toHaveText('2 个扫描等待发送');
    const box = await banner(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENSHOTS}/offline-scan-mobile-dark.png` });
    await context.setOffline(false);
    await expect(banner(page)).toBeHidden({ timeout: 20_000 });
  });
});
