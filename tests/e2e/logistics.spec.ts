import { expect, test, type Locator, type Page } from '@playwright/test';
import type { OrderOptions } from '../../src/shared/api/orders';
import { DEMO_PASSWORD, login, post, prepare, SCREENSHOTS } from './helpers';

/** Picks an option of the form's select labelled `label` by typing part of it. */
async function choose(page: Page, form: Locator, label: string, text: string) {
  await form.locator('.arco-form-item', { has: page.locator('.arco-form-label-item', { hasText: label }) }).locator('.arco-select-view').click();
  await page.keyboard.type(text);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
  await page.keyboard.press('Escape');
}

test('a dealer requests a car for a sales order; the dispatcher is refused a blacklisted vehicle, assigns another; stops reported by the console and the TMS update the timeline and the driver day report', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).toUpperCase();
  const [dealer, staff] = await Promise.all(['dealer1', 'staff'].map(async (u) => (await post<{ token: string }>(request, '/sys/login', { userName: u, passWord: DEMO_PASSWORD })).token));
  // The sales order the car is for, made in the dealer's warehouse.
  const options = await post<OrderOptions>(request, '/orderManage/WLorder/options', {}, dealer);
  const warehouse = options.warehouses[0];
  const { id: orderId } = await post<{ id: number }>(request, '/orderManage/WLorder/save', {
    orderType: 'WL', warehouseId: warehouse.id, lines: [{ materialId: options.materials[0].id, plannedQty: 8 }], counterparty: `E2E ${tag}`,
  }, dealer);
  const { orderNo } = await post<{ orderNo: string }>(request, '/orderManage/WLorder/detail', { id: orderId }, dealer);
  // A dispatcher blacklisted 苏E6K218 after it was registered (a repeated run finds it there already).
  await request.post('/fms/api/v1/logistics/blacklist/save', { data: { plateNo: '苏E6K218', reason: '车厢漏雨致货损', }, headers: { token: staff } });

  // The dealer asks for a car in the console.
  await prepare(page, { lang: 'zh-CN' });
  await login(page, 'dealer1', { to: '/ordermanage/logistics/carrequest' });
  const list = page.getByTestId('list-page-ordermanage:carrequest');
  await list.getByTestId('toolbar-add').click();
  const form = page.getByTestId('entity-form');
  await choose(page, form, '起运仓库', warehouse.code);
  await choose(page, form, '出库单', orderNo);
  await choose(page, form, '目的地', 'SZHUB');
  await choose(page, form, '目的地', 'HZHUB');
  await form.getByPlaceholder('YYYY-MM-DD').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
  await form.getByPlaceholder('轮胎数').fill('8');
  await form.getByPlaceholder('重量(吨)').fill('0.2');
  await page.locator('.arco-modal .arco-btn-primary').click();
  const mine = list.locator('.arco-table-tr', { hasText: orderNo });
  await expect(mine).toContainText('已申请');
  const requestNo = (await mine.locator('td').nth(1).innerText()).trim();
  expect(requestNo).toMatch(/^CR\d{14}$/);

  // The dispatcher, in another browser: a blacklisted vehicle is refused with the reason, another is assigned.
  const dispatcher = await browser.newPage();
  await prepare(dispatcher, { lang: 'en-US', theme: 'dark' });
  await login(dispatcher, 'staff', { to: '/ordermanage/logistics/carmanagement' });
  const dispatch = dispatcher.getByTestId('list-page-ordermanage:carrequest');
  await dispatch.getByTestId('search-form').getByPlaceholder('Keyword').fill(requestNo);
  await dispatch.getByTestId('search-submit').click();
  await dispatch.getByTestId(`assign-${requestNo}`).click();
  const dialog = dispatcher.locator('.arco-modal', { hasText: requestNo });
  await choose(dispatcher, dialog, 'Vehicle', '苏E6K218');
  await expect(dialog.getByTestId('assign-vehicle')).toContainText('Blacklisted');
  await choose(dispatcher, dialog, 'Route', 'R002');
  await dialog.locator('.arco-btn-primary').click();
  await expect(dispatcher.locator('.arco-message')).toContainText('Vehicle 苏E6K218 is blacklisted: 车厢漏雨致货损');
  await choose(dispatcher, dialog, 'Vehicle', '浙B88321');
  await expect(dialog.getByTestId('assign-driver')).toHaveValue('赵磊');
  await dialog.locator('.arco-btn-primary').click();
  await expect(dialog).toBeHidden();
  const row = dispatch.locator('.arco-table-tr', { hasText: requestNo });
  await expect(row).toContainText('Assigned');
  // The dealer's list follows without a reload.
  await expect(mine).toContainText('已派车', { timeout: 10_000 });
  await row.getByTestId(`load-${requestNo}`).click();
  await expect(row).toContainText('Loading');
  await row.getByTestId(`depart-${requestNo}`).click();
  await expect(row).toContainText('On the way');

  // Route following: the first stop reported from the console, the second by the TMS, live.
  await dispatcher.goto('/#/ordermanage/logistics/carroutefollowing');
  await dispatcher.getByTestId(`follow-${requestNo}`).click();
  const trip = dispatcher.getByTestId('trip-view');
  await expect(trip).toContainText(requestNo);
  await expect(trip.getByTestId('trip-stop-2')).toHaveAttribute('data-state', 'pending');
  await trip.getByTestId('stop-report-1').click();
  await dispatcher.locator('.arco-modal .arco-btn-primary').click();
  await expect(trip.getByTestId('trip-stop-1')).toHaveAttribute('data-state', 'onTime');
  await expect(trip.getByTestId('trip-stop-2')).toHaveAttribute('data-state', 'next');
  // The TMS acts with a token of a user who may report stops (the dispatcher).
  const tms = ((await (await request.get('/fms/api/v1/tms/getTmsToken', { headers: { token: staff } })).json()) as { data: { token: string } }).data.token;
  const reported = await request.post('/fms/api/v1/tms/stopReport', { data: { requestNo, pointCode: 'HZHUB' }, headers: { 'tms-token': tms } });
  expect(reported.status()).toBe(200);
  await expect(trip.getByTestId('trip-stop-2')).toHaveAttribute('data-state', /onTime|late/, { timeout: 10_000 });
  await expect(trip.getByTestId('trip-status')).toHaveText('Delivered');
  await expect(trip).toContainText('TMS');
  await dispatcher.screenshot({ path: `${SCREENSHOTS}/route-following-dark.png` });

  // The driver's day report counts the trip.
  await dispatcher.goto('/#/ordermanage/logistics/DriverReportDay');
  const report = dispatcher.getByTestId('report-DriverReportDay');
  await dispatcher.getByTestId('filter-keyword').locator('input').fill('13712345670');
  await dispatcher.getByTestId('report-search').click();
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await expect(report.locator('.arco-table-tr', { hasText: day })).toContainText('赵磊');
  await dispatcher.close();
});
