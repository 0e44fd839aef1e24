import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, prepare, SCREENSHOTS } from './helpers';

const API = '/fms/api/v1';
const MONTH_BALANCE = '/reportQuery/storageInventory/monthBalance';
type Row = Record<string, string | number | null>;

/** A report's first rows as the API answers them (what the browser should then show). */
async function reportRows(request: APIRequestContext, page: string, body: Record<string, unknown>) {
  const login = await request.post(`${API}/sys/login`, { data: { userName: 'admin', passWord: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.post(`${API}/analysis/report/${page}/selectByPage`, { data: { pageSize: 100, ...body }, headers: { token } });
  return ((await res.json()) as { data: { rows: Row[]; total: number } }).data;
}
const monthBalance = (request: APIRequestContext, body: Record<string, unknown>) => reportRows(request, 'monthBalance', body);

const report = (page: Page) => page.getByTestId('report-monthBalance');
const bodyRows = (page: Page) => report(page).locator('tbody tr');

async function openMonthBalance(page: Page, query = '') {
  await page.goto(`/#${MONTH_BALANCE}${query}`);
  await expect(report(page)).toBeVisible();
  await expect(page.getByTestId('report-chart').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect(bodyRows(page).first()).toBeVisible();
}

test.describe('the month balance report', () => {
  test('filters by keyword, draws the chart, and exports exactly the filtered rows', async ({ page, request }) => {
    const all = await monthBalance(request, {});
    expect(all.total).toBeGreaterThan(0);
    const material = String(all.rows[0].materialCode);
    const filtered = await monthBalance(request, { keyword: material });

    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: null });
    await openMonthBalance(page);
    await expect(page.getByTestId('report-description')).toContainText('opening + in − out = closing');
    await page.getByTestId('filter-keyword').locator('input').fill(material);
    await page.getByTestId('report-search').click();
    await expect(report(page).locator('.arco-pagination-total-text')).toContainText(String(filtered.total));
    const codes = await bodyRows(page).locator('td:nth-child(3)').allTextContents();
    expect(new Set(codes)).toEqual(new Set([material]));
    await page.screenshot({ path: `${SCREENSHOTS}/report-month-balance-light.png`, fullPage: true, animations: 'disabled' });

    // The browser downloads the file itself, from the server's one-time link, under the server's name.
    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    expect((await download).suggestedFilename()).toBe('Monthly balance.xlsx');
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Month', 'Warehouse', 'Material code', 'Material']);
    const rows = (sheet.getSheetValues().slice(2) as unknown[][]).filter(Boolean);
    expect(rows).toHaveLength(filtered.total);
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set([material]));
  });

  test('opens with the filters of a drill-down link, in the dark theme', async ({ page, request }) => {
    const all = await monthBalance(request, {});
    const warehouseId = Number(all.rows[0].warehouseId);
    const expected = await monthBalance(request, { warehouseId, dateFrom: '2026-01-01', dateTo: '2026-12-31' });
    await prepare(page, { theme: 'dark' });
    await login(page, 'admin', { to: null });
    await openMonthBalance(page, `?warehouseId=${warehouseId}&dateFrom=2026-01-01&dateTo=2026-12-31`);
    await expect(page.getByTestId('filter-dateRange').locator('input').first()).toHaveValue('2026-01-01');
    await expect(report(page).locator('.arco-pagination-total-text')).toContainText(String(expected.total));
    const warehouses = await bodyRows(page).locator('td:nth-child(2)').allTextContents();
    expect(new Set(warehouses)).toEqual(new Set([String(expected.rows[0].warehouseName)]));
    await page.screenshot({ path: `${SCREENSHOTS}/report-month-balance-dark.png`, fullPage: true, animations: 'disabled' });
  });

  test('on a 390 px phone the filters fold and the table scrolls inside the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'dealer1', { to: null });
    await openMonthBalance(page);
    await expect(page.getByTestId('report-filters').locator('.arco-form-item')).toHaveCount(1);
    const box = await report(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENSHOTS}/report-month-balance-390-en.png`, fullPage: true, animations: 'disabled' });
  });
});

test.describe('the other report pages', () => {
  test('the barcode trace shows a tyre and its moves as a timeline', async ({ page, request }) => {
    const outbound = await reportRows(request, 'outDetail', {});
    const barcode = String(outbound.rows[0].barcode);
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/reportQuery/storageInventory/codeRetrospection' });
    await page.getByTestId('barcode-trace').locator('input').first().fill(barcode);
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Tyre ${barcode}`)).toBeVisible();
    await expect(page.getByTestId('trace-timeline').locator('.arco-timeline-item')).toHaveCount(2);
    await expect(page.getByTestId('trace-timeline')).toContainText('−1');
    await page.screenshot({ path: `${SCREENSHOTS}/report-barcode-trace-light.png`, fullPage: true, animations: 'disabled' });
  });

  test('the delivery fee list offers import and export, and takes a fee for an existing order', async ({ page, request }) => {
    const outbound = await reportRows(request, 'outDetail', {});
    const orderNo = String(outbound.rows[0].orderNo);
    await prepare(page, { theme: 'dark' });
    await login(page, 'admin', { to: '/reportQuery/report/psfByDelivery' });
    const list = page.getByTestId('list-report-delivery-fees');
    await expect(list.getByTestId('toolbar-import')).toBeVisible();
    await list.getByTestId('toolbar-add').click();
    const dialog = page.locator('.arco-modal');
    await dialog.locator('#orderNo_input, input').first().fill(orderNo);
    await dialog.locator('input').nth(1).fill('顺丰速运');
    await dialog.locator('input').nth(2).fill('35.5');
    await dialog.locator('input').nth(3).click();
    await page.locator('.arco-picker-cell-today').click();
    await dialog.getByRole('button', { name: /确定|保存/ }).click();
    await expect(list.locator('tbody tr').first()).toContainText(orderNo);
    await expect(list.locator('tbody tr').first()).toContainText('35.50');
    await page.screenshot({ path: `${SCREENSHOTS}/report-delivery-fees-dark.png`, fullPage: true, animations: 'disabled' });
  });
});
