import { expect, test, type APIRequestContext } from '@playwright/test';
import type { OrderDetail, OrderOptions } from '../../src/shared/api/orders';
import { DEMO_PASSWORD, login, post, prepare, SCREENSHOTS, socketConnected } from './helpers';

/** Receives three new tyres into a warehouse through the API (a maker delivery, scanned and completed); answers them and the stock after. */
async function receiveThree(request: APIRequestContext, token: string, warehouseId: number, materialId: number) {
  const tag = Date.now().toString(36).toUpperCase();
  const shipped = [1, 2, 3].map((n) => ({ barcode: `E2EA${tag}${n}`, materialId, dotCode: '2325' }));
  const { id } = await post<{ id: number }>(request, '/orderManage/PRorder/save', { orderType: 'PR', warehouseId, lines: [{ materialId, plannedQty: 3 }], shipped }, token);
  for (const s of shipped) await post(request, '/orderManage/PRorder/scan', { orderId: id, barcode: s.barcode }, token);
  await post(request, '/orderManage/PRorder/complete', { id }, token);
  const detail = await post<OrderDetail>(request, '/orderManage/PRorder/detail', { id }, token);
  return { codes: shipped.map((s) => s.barcode), onHand: detail.lines[0].onHand };
}

test('a shipment crossing a minimum: the alert arrives on the open stock-alert page and on the home panel without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = (await post<{ token: string }>(request, '/sys/login', { userName: 'admin', passWord: DEMO_PASSWORD })).token;
  const options = await post<OrderOptions>(request, '/orderManage/PRorder/options', {}, admin);
  const warehouse = options.warehouses.find((w) => w.code === 'CDC03')!;
  const material = options.materials[options.materials.length - 7];
  const { codes, onHand } = await receiveThree(request, admin, warehouse.id, material.id);
  // The minimum is the stock now: one tyre out crosses it.
  await post(request, '/monitoring/stockThreshold/save', { warehouseId: warehouse.id, materialId: material.id, minQty: onHand }, admin);

  await prepare(page, { lang: 'en-US', theme: 'dark' });
  const socketOpen = socketConnected(page);
  await login(page, 'admin', { to: '/monitoringManage/monitoring/stroealert' });
  await socketOpen;
  const alerts = page.getByTestId('list-monitoring-stockAlerts');
  await expect(alerts.locator('.arco-table')).toBeVisible();
  await expect(alerts.locator('.arco-table-tr', { hasText: material.code })).toHaveCount(0);

  const { id } = await post<{ id: number }>(request, '/orderManage/WLorder/save', {
    orderType: 'WL', warehouseId: warehouse.id, lines: [{ materialId: material.id, plannedQty: 1 }], counterparty: 'E2E alert',
  }, admin);
  await post(request, '/orderManage/WLorder/scan', { orderId: id, barcode: codes[0] }, admin);
  await post(request, '/orderManage/WLorder/complete', { id }, admin);

  // Pushed: a notification and the row, no reload.
  // The stock alert's, not a delivery notice's popup (the demo's unread notices can open one beside it).
  await expect(page.locator('.arco-notification', { hasText: material.code })).toBeVisible({ timeout: 5000 });
  const row = alerts.locator('.arco-table-tr', { hasText: material.code });
  await expect(row).toHaveCount(1, { timeout: 5000 });
  await expect(row).toContainText('Below minimum');
  await page.screenshot({ path: `${SCREENSHOTS}/stock-alert-live-dark.png` });

  // Acknowledged by the user.
  await row.locator('.arco-checkbox').click();
  await alerts.getByTestId('alert-ack').click();
  await expect(row).toContainText('by admin');

  // The home panel (kept alive behind the tab) lists it too.
  await page.locator('.tags-view__tab', { hasText: 'Home' }).click();
  // Hidden while the stock changed, it did not hear the push: shown again, it refreshes at once (not when its data goes stale, 30 s on).
  await expect(page.getByTestId('panel-alerts')).toContainText(material.name, { timeout: 10_000 });
});
