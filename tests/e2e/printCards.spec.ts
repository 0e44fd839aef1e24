import { expect, test, type Page } from '@playwright/test';
import type { BarcodeTrace, OrderDetail, OrderOptions, OrderRow } from '../../src/shared/api/orders';
import type { LocationRow } from '../../src/shared/api/basedata/warehousing';
import type { Page as ListPage } from '../../src/shared/api/paging';
import { login, prepare, SCREENSHOTS } from './helpers';

/** A call as the signed-in user, with the token the console keeps in its cookie. */
async function call<T>(page: Page, path: string, body: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const res = await page.request.post(`/fms/api/v1${path}`, { data: body, headers: { token } });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

async function firstOrder(page: Page, orderPage: string, filters: Record<string, unknown>) {
  const { list } = await call<ListPage<OrderRow>>(page, `/orderManage/${orderPage}/selectByPage`, { pageNum: 1, pageSize: 50, ...filters });
  const row = list.find((o) => o.scannedQty > 0) ?? list[0];
  expect(row, `a ${orderPage} order to print`).toBeTruthy();
  return call<OrderDetail>(page, `/orderManage/${orderPage}/detail`, { id: row.id });
}

/** Paper first: the print media screenshot, then the screen one. */
async function shoot(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-toolbar')).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}/print-${name}-paper.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('print-toolbar')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/print-${name}-screen.png`, fullPage: true });
}

test.describe('Print cards', () => {
  test.beforeEach(async ({ page }) => {
    // The dark console theme must not reach the paper.
    await prepare(page, { lang: 'en-US', theme: 'dark' });
    await login(page, 'admin', { to: null });
  });

  test('the order card shows the order, prints black on white and marks the order printed once', async ({ page }) => {
    const order = await firstOrder(page, 'PRorder', { printStatus: '0', status: '2' });
    const marks: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('/markPrinted')) marks.push(r.postData() ?? ''); });

    await page.goto(`/#/prCard?id=${order.id}&page=PRorder`);
    await expect(page.getByTestId('order-no')).toHaveText(order.orderNo);
    await expect(page.locator('h1')).toContainText('Purchase receipt');
    await expect(page.locator(`svg[data-barcode="${order.orderNo}"] path`)).toHaveCount(1);
    await expect(page.locator(`svg[data-qr="${order.orderNo}"]`)).toBeVisible();
    await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(order.lines.length);
    await expect(page.getByTestId('order-lines')).toContainText(order.lines[0].materialCode);
    await expect(page.getByTestId('total-planned')).toHaveText(String(order.lines.reduce((s, l) => s + l.plannedQty, 0)));
    await expect(page.getByTestId('copy-mark')).toHaveCount(0);
    await expect(page.locator('.print-sheet')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.locator('.print-sheet')).toHaveCSS('color', 'rgb(0, 0, 0)');
    await shoot(page, 'order');

    await page.evaluate(() => { window.dispatchEvent(new Event('afterprint')); window.dispatchEvent(new Event('afterprint')); });
    await expect.poll(async () => (await call<OrderDetail>(page, '/orderManage/PRorder/detail', { id: order.id })).printStatus).toBe('1');
    expect(marks).toEqual([JSON.stringify({ ids: [order.id] })]);
  });

  test('barcode labels: one per scanned tyre, 24 to an A4 page', async ({ page }) => {
    const order = await firstOrder(page, 'PRorder', { status: '2' });
    expect(order.scans.length).toBeGreaterThan(0);
    await page.goto(`/#/prCard2?id=${order.id}&page=PRorder`);
    await expect(page.getByTestId('barcode-label')).toHaveCount(order.scans.length);
    const first = page.getByTestId('barcode-label').first();
    await expect(first.locator(`svg[data-barcode="${order.scans[0].barcode}"]`)).toBeVisible();
    await expect(first).toContainText(order.scans[0].barcode);
    await expect(page.locator('.print-sheet')).toHaveCount(Math.ceil(order.scans.length / 24));
    await shoot(page, 'labels');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ path: `${SCREENSHOTS}/print-labels.pdf`, preferCSSPageSize: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(Math.ceil(order.scans.length / 24));
  });

  test('the transfer card names both warehouses and lists the scanned tyres; other orders are refused', async ({ page }) => {
    const receipt = await firstOrder(page, 'PRorder', { status: '2' });
    await page.goto(`/#/trCardCopy?id=${receipt.id}&page=PRorder`);
    await expect(page.getByTestId('print-error')).toContainText('not a transfer');

    // A tyre of that receipt still in stock moves to another warehouse.
    let tyre: OrderDetail['scans'][number] | undefined;
    for (const scan of [...receipt.scans].reverse()) {
      const trace = await call<BarcodeTrace>(page, '/orderManage/barcode/trace', { barcode: scan.barcode });
      if (trace.barcode.status === 'in') { tyre = scan; break; }
    }
    expect(tyre).toBeTruthy();
    const options = await call<OrderOptions>(page, '/orderManage/TRorder/options', {});
    const from = options.warehouses.find((w) => w.id === receipt.warehouseId)!;
    const to = options.warehouses.find((w) => w.id !== receipt.warehouseId)!;
    const { id } = await call<{ id: number }>(page, '/orderManage/TRorder/save', {
      orderType: 'TR', warehouseId: from.id, targetWarehouseId: to.id, remark: 'e2e transfer',
      lines: [{ materialId: tyre!.materialId, plannedQty: 4 }],
    });
    await call(page, '/orderManage/TRorder/scan', { orderId: id, barcode: tyre!.barcode });
    const transfer = await call<OrderDetail>(page, '/orderManage/TRorder/detail', { id });

    await page.goto(`/#/trCardCopy?id=${id}&page=TRorder`);
    await expect(page.getByTestId('order-no')).toHaveText(transfer.orderNo);
    await expect(page.getByTestId('copy-mark')).toBeVisible();
    await expect(page.locator('.doc-fields')).toContainText(`From warehouse${from.code} ${from.name}`);
    await expect(page.locator('.doc-fields')).toContainText(`To warehouse${to.code} ${to.name}`);
    await expect(page.getByTestId('order-lines')).toContainText(tyre!.materialCode);
    await expect(page.getByTestId('transfer-barcodes').locator('li')).toHaveText([`${tyre!.barcode} ${tyre!.materialCode}`]);
    await shoot(page, 'transfer');
  });

  test('a long order card runs over A4 pages; with nothing scanned it has no labels', async ({ page }) => {
    const options = await call<OrderOptions>(page, '/orderManage/PRorder/options', {});
    const materials = options.materials.slice(0, 60);
    const { id } = await call<{ id: number }>(page, '/orderManage/PRorder/save', {
      orderType: 'PR', warehouseId: options.warehouses[0].id, counterparty: 'e2e long order',
      lines: materials.map((m, i) => ({ materialId: m.id, plannedQty: i + 1 })),
    });
    await page.goto(`/#/prCard?id=${id}&page=PRorder`);
    await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(materials.length);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ path: `${SCREENSHOTS}/print-long-order.pdf`, preferCSSPageSize: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);

    await page.emulateMedia({ media: 'screen' });
    await page.goto(`/#/prCard2?id=${id}&page=PRorder`);
    await expect(page.getByTestId('print-empty')).toContainText('No barcodes scanned');
    await expect(page.getByTestId('print-button')).toBeDisabled();
  });

  test('the picking list of a sales order lists what to pick, by location, with check boxes', async ({ page }) => {
    const sale = await firstOrder(page, 'WLorder', {});
    await page.goto(`/#/bhdCardCopy?id=${sale.id}&page=WLorder`);
    await expect(page.getByTestId('order-no')).toHaveText(sale.orderNo);
    const rows = page.getByTestId('picking-lines').locator('tbody tr');
    await expect(rows).toHaveCount(sale.lines.length);
    await expect(rows.first().locator('.doc-box')).toBeVisible();
    // Every line is there; the rows go by location (where the picker walks), not in the order's line order.
    for (const line of sale.lines) await expect(page.getByTestId('picking-lines')).toContainText(line.materialCode);
    await shoot(page, 'picking');
  });

  test('the tyre report shows one tyre and its moves', async ({ page }) => {
    const order = await firstOrder(page, 'PRorder', { status: '2' });
    const code = order.scans[0].barcode;
    const trace = await call<BarcodeTrace>(page, '/orderManage/barcode/trace', { barcode: code });
    await page.goto(`/#/tyreReportCard?barcode=${code}`);
    await expect(page.getByTestId('tyre-barcode')).toHaveText(code);
    await expect(page.locator(`svg[data-barcode="${code}"]`)).toBeVisible();
    await expect(page.getByTestId('tyre-moves').locator('tbody tr')).toHaveCount(Math.max(trace.moves.length, 1));
    await expect(page.getByTestId('tyre-moves')).toContainText(order.orderNo);
    await shoot(page, 'tyre');
  });

  test('location labels: one per storage location of the warehouse', async ({ page }) => {
    const order = await firstOrder(page, 'PRorder', {});
    const { total, list } = await call<ListPage<LocationRow>>(page, '/basedata/storagelocation/selectByPage', {
      pageNum: 1, pageSize: 500, warehouseId: order.warehouseId, orderBy: [{ field: 'code', order: 'asc' }],
    });
    expect(total).toBeGreaterThan(0);
    await page.goto(`/#/LocationReport?warehouseId=${order.warehouseId}`);
    await expect(page.getByTestId('location-label')).toHaveCount(total);
    await expect(page.getByTestId('location-label').first()).toContainText(list[0].code);
    await expect(page.locator(`svg[data-qr="${list[0].code}"]`)).toBeVisible();
    await shoot(page, 'locations');
  });

  test('a card for an order that does not exist says so, and one without an id asks for it', async ({ page }) => {
    await page.goto('/#/prCard?id=987654&page=PRorder');
    await expect(page.getByTestId('print-error')).toContainText('Order not found');
    await expect(page.getByTestId('print-button')).toBeDisabled();
    await page.goto('/#/prCard');
    await expect(page.getByTestId('print-error')).toContainText('No order given');
  });
});

test('the copy, in Chinese, is marked 副本 for the second party and fits A4', async ({ page }) => {
  await prepare(page, { lang: 'zh-CN', theme: 'light' });
  await login(page, 'admin', { to: null });
  const order = await firstOrder(page, 'PRorder', {});
  await page.goto(`/#/prCardCopy?id=${order.id}&page=PRorder`);
  await expect(page.getByTestId('copy-mark')).toHaveText('副本');
  await expect(page.getByTestId('order-no')).toHaveText(order.orderNo);
  await expect(page.locator('h1')).toContainText('采购入库单');
  await expect(page.getByTestId('order-lines')).toContainText('计划数量');
  await shoot(page, 'copy-zh');
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: `${SCREENSHOTS}/print-copy-zh.pdf`, preferCSSPageSize: true });
});
