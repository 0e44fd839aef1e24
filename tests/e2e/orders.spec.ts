import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { LocationOption, OrderOptions } from '../../src/shared/api/orders';
import { DEMO_PASSWORD, login, prepare, SCREENSHOTS } from './helpers';

const API = '/fms/api/v1';

/** Calls the API as a user, as the maker's systems or a PDA would, to set up and look up what the browser then does. */
async function apiAs(request: APIRequestContext, userName: string) {
  const res = await request.post(`${API}/sys/login`, { data: { userName, passWord: DEMO_PASSWORD } });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await request.post(`${API}${path}`, { data: body, headers: { token } });
    const json = (await answer.json()) as { code: number; msg: string; data: T };
    expect(json.code, json.msg).toBe(200);
    return json.data;
  };
}

/**
 * A delivery from the maker to dealer1: a purchase receipt with the serials it ships (pending
 * until dealer1 scans them in). Answers the warehouse, the materials and the barcodes per line.
 */
async function shipToDealer1(request: APIRequestContext, tag: string) {
  const dealer1 = await apiAs(request, 'dealer1');
  const admin = await apiAs(request, 'admin');
  const options = await dealer1<OrderOptions>('/orderManage/PRorder/options', {});
  let warehouse: OrderOptions['warehouses'][number] | undefined;
  let locations: LocationOption[] = [];
  for (const w of options.warehouses) {
    locations = await dealer1<LocationOption[]>('/orderManage/PRorder/locations', { warehouseId: w.id });
    if (locations.length) {
      warehouse = w;
      break;
    }
  }
  expect(warehouse, 'dealer1 has a warehouse with storage locations').toBeTruthy();
  const [first, second] = options.materials;
  const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${prefix}${i + 1}`);
  const firstCodes = codes('A', 3);
  const secondCodes = codes('B', 2);
  const { id } = await admin<{ id: number }>('/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: warehouse!.id, counterparty: '恒峰轮胎销售公司', externalNo: tag,
    lines: [{ materialId: first.id, plannedQty: 3 }, { materialId: second.id, plannedQty: 2 }],
    shipped: [...firstCodes.map((barcode) => ({ barcode, materialId: first.id })), ...secondCodes.map((barcode) => ({ barcode, materialId: second.id }))],
  });
  /** Received the way a PDA does it: one upload of every barcode, then completed. */
  const receiveAll = async () => {
    await dealer1('/orderManage/PRorder/upload', {
      orderId: id, uploadId: `${tag}-upload`, scans: [...firstCodes, ...secondCodes].map((barcode) => ({ barcode, locationId: locations[0].id })),
    });
    await dealer1('/orderManage/PRorder/complete', { id });
  };
  return { warehouse: warehouse!, first, firstCodes, secondCodes, receiveAll };
}

const list = (page: Page, name: string) => page.getByTestId(`list-orders-${name}`);
const drawer = (page: Page) => page.getByTestId('scan-drawer');
const feed = (page: Page, kind: string) => page.getByTestId('scan-entry').and(page.locator(`[data-kind="${kind}"]`));

async function searchKeyword(listBox: Locator, keyword: string) {
  await listBox.getByTestId('search-form').locator('input').first().fill(keyword);
  await listBox.getByTestId('search-submit').click();
  await expect(listBox.locator('.arco-table-tr', { hasText: keyword })).toHaveCount(1);
}

/** Reads the on-hand quantity of the first line in an order's detail drawer, then closes it. */
async function onHandInDetail(page: Page, row: Locator) {
  await row.getByTestId('row-detail').click();
  const cell = page.getByTestId('order-detail-lines').getByTestId('line-on-hand').first();
  await expect(cell).toHaveText(/^\d+$/);
  const value = Number(await cell.textContent());
  // Dispatched on the icon itself: the new-delivery notification (it never closes by itself) may cover the corner.
  await page.getByTestId('order-detail').locator('.arco-drawer-close-icon').dispatchEvent('click');
  await expect(page.getByTestId('order-detail')).toBeHidden();
  return value;
}

async function scanCodes(page: Page, codes: string[]) {
  for (const code of codes) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }
}

async function chooseMore(page: Page, row: Locator, action: string) {
  await row.getByTestId('row-more').click();
  await page.locator('.arco-dropdown-menu-item:visible', { hasText: action }).click();
}

/** Print › one of the cards the order offers, from the row's "more" menu; answers the card's window. */
async function choosePrint(page: Page, row: Locator, print: string, card: string): Promise<Page> {
  await row.getByTestId('row-more').click();
  await page.locator('.arco-dropdown-menu-pop-header:visible', { hasText: print }).hover();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('.arco-dropdown-menu-item:visible', { hasText: card }).click()]);
  return popup;
}

async function pickOption(page: Page, trigger: Locator, text: string) {
  await trigger.click();
  if (text) await page.keyboard.type(text);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: text }).first().click();
}

test.describe('Warehousing › orders and scanning', () => {
  test('dealer1 receives a delivery by scanning, then sells part of it; on-hand follows', async ({ page, request }) => {
    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    const shipment = await shipToDealer1(request, tag);
    await prepare(page, { lang: 'zh-CN', theme: 'dark' });
    await login(page, 'dealer1', { to: '/ordermanage/Order/PRorder' });
    const receipts = list(page, 'PRorder');
    await expect(receipts.getByTestId('order-no').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/orders-list-dark.png` });
    await searchKeyword(receipts, tag);
    const row = receipts.locator('.arco-table-tr', { hasText: tag });
    await expect(row.getByTestId('order-status')).toContainText('新建');
    await expect(row.getByTestId('order-qty')).toContainText('0 / 5');
    const before = await onHandInDetail(page, row);

    // The scanning screen: a location first (dealer1 keeps stock by location), then bursts of barcode + Enter.
    await row.getByTestId('row-scan').click();
    await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
    await pickOption(page, drawer(page).getByTestId('scan-location'), '');
    await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
    await scanCodes(page, shipment.firstCodes.slice(0, 2));
    await expect(feed(page, 'added')).toHaveCount(2);
    await expect(page.getByTestId('scan-total')).toContainText('2 / 5');

    await scanCodes(page, ['NOSUCH-0001']);
    await expect(feed(page, 'refused').first()).toContainText('条码 NOSUCH-0001 不存在');
    // dealer1 deletes by scanning twice: the second scan takes the tyre off again.
    await scanCodes(page, [shipment.firstCodes[0]]);
    await expect(feed(page, 'removed')).toHaveCount(1);
    await expect(page.getByTestId('scan-total')).toContainText('1 / 5');
    // Clicking elsewhere in the screen sends the focus back to the barcode input.
    await page.getByTestId('scan-lines').click();
    await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
    await scanCodes(page, [shipment.firstCodes[0], shipment.firstCodes[2], ...shipment.secondCodes]);
    await expect(page.getByTestId('scan-total')).toContainText('5 / 5');
    await expect(page.getByTestId('scan-line').first()).toContainText('3 / 3');
    await expect(page.getByTestId('scan-barcode')).toHaveCount(5);
    await page.screenshot({ path: `${SCREENSHOTS}/orders-scan-dark.png` });

    await drawer(page).getByTestId('scan-complete').click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('单据已完成');
    await expect(drawer(page)).toBeHidden();
    await expect(row.getByTestId('order-status')).toContainText('已完成');
    expect(await onHandInDetail(page, row)).toBe(before + 3);

    // A sale of two of the received tyres: the form with one line, scanning, completing.
    await page.goto('/#/ordermanage/Order/WLorder');
    const sales = list(page, 'WLorder');
    await sales.getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    // No material chosen: the server's own rule, shown before anything is sent.
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('请至少添加一行物料');
    await pickOption(page, form.getByTestId('order-warehouse'), shipment.warehouse.code);
    await form.locator('.arco-form-item', { hasText: '往来单位' }).locator('input').fill(`城东汽修 ${tag}`);
    await pickOption(page, form.getByTestId('line-material').first(), shipment.first.code);
    await form.locator('.order-lines__qty input').first().fill('2');
    await form.getByTestId('line-add').click();
    await pickOption(page, form.getByTestId('line-material').nth(1), shipment.first.code);
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('同一物料只能有一行');
    await page.screenshot({ path: `${SCREENSHOTS}/orders-form-dark.png` });
    await form.getByTestId('line-remove').nth(1).click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('保存成功');

    await searchKeyword(sales, tag);
    const sale = sales.locator('.arco-table-tr', { hasText: tag });
    await expect(sale.getByTestId('order-qty')).toContainText('0 / 2');
    // Editing an open order loads its lines into the form.
    await chooseMore(page, sale, '编辑');
    await expect(form.locator('.order-lines__qty input').first()).toHaveValue('2');
    await form.locator('.order-lines__qty input').first().fill('3');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(sale.getByTestId('order-qty')).toContainText('0 / 3');
    await sale.getByTestId('row-scan').click();
    await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
    await expect(drawer(page).getByTestId('scan-location')).toHaveCount(0);
    await scanCodes(page, shipment.firstCodes.slice(0, 2));
    await expect(page.getByTestId('scan-total')).toContainText('2 / 3');
    // A tyre of a material the sale does not hold is refused.
    await scanCodes(page, [shipment.secondCodes[0]]);
    await expect(feed(page, 'refused')).toHaveCount(1);
    await drawer(page).getByTestId('scan-complete').click();
    // Less than planned: the confirmation says so.
    await expect(page.locator('.arco-modal')).toContainText('只扫描了 2 个，计划 3 个');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('单据已完成');
    expect(await onHandInDetail(page, sale)).toBe(before + 1);

    // Print › picking list opens this sales order's card (from its own list, not as a receipt);
    // opening records nothing, closing the print dialog records the print.
    const orderNo = (await sale.getByTestId('order-no').innerText()).trim();
    const card = await choosePrint(page, sale, '打印', '备货单');
    expect(card.url()).toMatch(/#\/bhdCardCopy\?id=\d+&page=WLorder$/);
    await expect(card.locator('.print-pages')).toContainText(orderNo);
    await expect(card.getByTestId('print-button')).toBeEnabled();
    await page.bringToFront();
    await expect(sale).toContainText('未打印');
    // Closed the moment the dialog is gone: the card still records the print before it closes.
    await card.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    // The window may close before the click's own checks end: then the click's error is the close awaited.
    await Promise.all([card.waitForEvent('close'), card.getByTestId('print-close').click().catch((err: Error) => { if (!card.isClosed()) throw err; })]);
    await expect(sale).toContainText('已打印');
  });

  test('the scanning screen on a 390 px phone, in English and the light theme', async ({ page, request }) => {
    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    const shipment = await shipToDealer1(request, tag);
    await page.setViewportSize({ width: 390, height: 844 });
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'dealer1', { to: '/ordermanage/Order/PRorder' });
    const receipts = list(page, 'PRorder');
    await expect(receipts.getByTestId('order-no').first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/orders-list-390-en.png` });
    await searchKeyword(receipts, tag);
    // On a phone every row action sits under "more", so the table keeps room for the order.
    await chooseMore(page, receipts.locator('.arco-table-tr', { hasText: tag }), 'Scan');
    const box = await drawer(page).locator('.arco-drawer').boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);
    await pickOption(page, drawer(page).getByTestId('scan-location'), '');
    await scanCodes(page, [shipment.firstCodes[0], 'NOSUCH-0002']);
    await expect(feed(page, 'added')).toHaveCount(1);
    await expect(feed(page, 'refused')).toContainText('Unknown barcode NOSUCH-0002');
    // Remove takes a scanned barcode off the order again.
    await page.getByTestId('scan-remove').first().click();
    await expect(feed(page, 'removed')).toHaveCount(1);
    await expect(page.getByTestId('scan-total')).toContainText('0 / 5');
    await expect(drawer(page).getByTestId('scan-input')).toBeFocused();
    await scanCodes(page, [shipment.firstCodes[0]]);
    await expect(page.getByTestId('scan-total')).toContainText('1 / 5');
    await page.screenshot({ path: `${SCREENSHOTS}/orders-scan-390-en.png` });
  });

  test('a stocktake counts what is there; its differences become a loss and overflow order and show on its lines page', async ({ page, request }) => {
    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    const shipment = await shipToDealer1(request, tag);
    await shipment.receiveAll();
    await prepare(page, { lang: 'zh-CN', theme: 'light' });
    await login(page, 'dealer1', { to: '/ordermanage/Order/InventoryList' });
    const stocktakes = list(page, 'InventoryList');
    await stocktakes.getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    // A stocktake has no planned lines: it records what is counted.
    await expect(form.getByTestId('order-lines')).toHaveCount(0);
    await pickOption(page, form.getByTestId('order-warehouse'), shipment.warehouse.code);
    await form.locator('.arco-form-item', { hasText: '往来单位' }).locator('input').fill(`盘点 ${tag}`);
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('保存成功');

    await searchKeyword(stocktakes, tag);
    const row = stocktakes.locator('.arco-table-tr', { hasText: tag });
    await row.getByTestId('row-scan').click();
    await pickOption(page, drawer(page).getByTestId('scan-location'), '');
    await scanCodes(page, shipment.firstCodes);
    await expect(feed(page, 'added')).toHaveCount(3);
    await drawer(page).getByTestId('scan-complete').click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    // Everything else the books hold in the warehouse was not counted: a loss and overflow order now says so.
    const notice = page.locator('.arco-modal', { hasText: '已生成报损报溢单' });
    await expect(notice).toBeVisible();
    await expect(page.locator('.arco-modal', { hasText: '完成单据' })).toHaveCount(0);
    await expect(row.getByTestId('order-qty')).toHaveText('3');
    await page.screenshot({ path: `${SCREENSHOTS}/orders-stocktake-adjustment.png` });
    await notice.locator('.arco-btn', { hasText: '取消' }).click();

    await row.getByTestId('row-lines').click();
    await expect(page).toHaveURL(/InventoryChildList\?stocktakeId=\d+$/);
    await expect(page.locator('.stocktake-head')).toContainText('已完成');
    const lines = page.getByTestId('list-orders-stocktake-lines');
    await expect(lines.getByTestId('stocktake-difference').first()).toContainText('报损');
    await page.screenshot({ path: `${SCREENSHOTS}/orders-stocktake-lines.png` });

    await page.goto('/#/ordermanage/Order/DecreaseOverflow');
    await expect(list(page, 'DecreaseOverflow').locator('.arco-table-tr', { hasText: '扫描中' }).first()).toBeVisible();
  });

  test('staff create a transfer between two central warehouses; the target excludes the source and prints as a transfer card', async ({ page }) => {
    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/ordermanage/Order/TRorder' });
    const transfers = list(page, 'TRorder');
    await transfers.getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    await expect(form.locator('.arco-form-item', { hasText: 'Dealer' })).toHaveCount(1);
    await pickOption(page, form.getByTestId('order-warehouse'), 'CDC02');
    await form.getByTestId('order-target-warehouse').click();
    await expect(page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'CDC02' })).toHaveCount(0);
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'CDC03' }).first().click();
    await form.locator('.arco-form-item', { hasText: 'External no.' }).locator('input').fill(tag);
    await pickOption(page, form.getByTestId('line-material').first(), '');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('Saved');

    await searchKeyword(transfers, tag);
    const row = transfers.locator('.arco-table-tr', { hasText: tag });
    await expect(row).toContainText('CDC03');
    const card = await choosePrint(page, row, 'Print', 'Transfer card');
    expect(card.url()).toMatch(/#\/trCardCopy\?id=\d+&page=TRorder$/);
    await expect(card.locator('.print-pages')).toContainText('CDC03');
    await card.close();
    await chooseMore(page, row, 'Cancel order');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(row.getByTestId('order-status')).toContainText('Cancelled');
    await expect(row.getByTestId('row-scan')).toHaveCount(0);
  });
});
