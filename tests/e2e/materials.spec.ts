import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, post, prepare, SCREENSHOTS } from './helpers';

const list = (page: Page) => page.getByTestId('list-page-basedata:material');

const HEADER = ['Material code', 'Material name', 'Brand', 'Specification', 'Pattern', 'Load index', 'Speed index', 'Unit', 'Price', 'Source', 'ERP code', 'Status'];
/** Material codes of this run only, so the test can run again against the same database. */
const TAG = `E2EMAT${Date.now().toString(36).toUpperCase()}`;
const ROWS: (string | number)[][] = [
  [`${TAG}1`, 'Everpeak 205/55R16 91V E2E One', 'Everpeak', '205/55R16 91V', 'E2E One', '91', 'V', '条', 488.5, 'factory', '', 'normal'],
  [`${TAG}2`, 'Roadlux 225/45R17 94W E2E Two', 'Roadlux', '225/45R17 94W', 'E2E Two', '94', 'W', '条', 655, 'erp', '1000777001', 'normal'],
  [`${TAG}3`, 'Terracore 11R22.5 146/143M E2E Three', 'Terracore', '11R22.5 146/143M', 'E2E Three', '146/143', 'M', '条', 2150, 'factory', '', 'disabled'],
];

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe('Base data › Materials', () => {
  test('imports materials from xlsx, exports them and the file holds what was imported', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/basedata/base/material' });
    await expect(list(page).locator('.arco-table-tr').nth(1)).toBeVisible();

    // A file with a bad row is refused as a whole, and the report names the row and field.
    await list(page).getByTestId('toolbar-import').click();
    const bad = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await bad).setFiles({
      name: 'bad.xlsx', mimeType: 'application/octet-stream',
      buffer: await xlsx([HEADER, ROWS[0], ['e2e-lower', 'x', 'Everpeak', '205/55R16 91V', 'x', '91', 'V', '条', 1, 'factory', '', '']]),
    });
    await expect(page.getByTestId('import-errors')).toContainText('code: Please enter uppercase letters');

    const good = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await good).setFiles({ name: 'materials.xlsx', mimeType: 'application/octet-stream', buffer: await xlsx([HEADER, ...ROWS]) });
    await expect(page.locator('.arco-message').last()).toContainText('3 records imported');

    await list(page).getByTestId('search-form').locator('input').first().fill(TAG);
    await list(page).getByTestId('search-submit').click();
    await expect(list(page).locator('.arco-table-tr', { hasText: TAG })).toHaveCount(3);
    await page.screenshot({ path: `${SCREENSHOTS}/materials-light-en.png` });

    const download = page.waitForEvent('download');
    await list(page).getByTestId('toolbar-export').click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const exported: unknown[][] = [];
    sheet.eachRow((row, n) => { if (n > 1) exported.push(HEADER.map((_, i) => row.getCell(i + 1).value ?? '')); });
    expect(exported.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(ROWS);
  });

  test('the form checks codes and sizes before saving', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/basedata/base/material' });
    await list(page).getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('Material code cannot be empty');
    await form.locator('.arco-form-item', { hasText: 'Material code' }).locator('input').fill('abc');
    await form.locator('.arco-form-item', { hasText: 'Specification' }).locator('input').fill('huge');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('Please enter uppercase letters');
    await expect(form).toContainText('Please enter a tyre size such as 205/55R16 91V');
    await page.screenshot({ path: `${SCREENSHOTS}/materials-form-dark-en.png` });
  });

  test('relation matching accepts a suggestion; a dealer adds a material it carries with the picker', async ({ page, request }) => {
    // A factory material of this run's own, which the dealer does not carry yet when the test runs again.
    const admin = (await post<{ token: string }>(request, '/sys/login', { userName: 'admin', passWord: DEMO_PASSWORD })).token;
    const { brands } = await post<{ brands: { id: number }[] }>(request, '/basedata/material/options', {}, admin);
    const carried = `${TAG}9`;
    await post(request, '/basedata/material/save', {
      code: carried, name: `Terracore 11R22.5 146/143M ${carried}`, brandId: brands[0].id, specification: '11R22.5 146/143M',
      pattern: 'E2E Nine', loadIndex: '146/143', speedIndex: 'M', price: 2150,
    }, admin);
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/basedata/base/goods' });
    const matching = page.getByTestId('list-relation-matching');
    await expect(matching.getByTestId('suggestion').first()).toBeVisible();
    const before = await matching.getByTestId('row-accept').count();
    await matching.getByTestId('row-accept').first().click();
    await expect(page.locator('.arco-message').last()).toContainText('matched');
    await expect(matching.getByTestId('row-accept')).toHaveCount(before - 1);
    await page.screenshot({ path: `${SCREENSHOTS}/relation-matching-light-en.png` });

    await page.goto('/#/basedata/base/goodsManagement');
    const dealerMaterials = page.getByTestId('list-page-basedata:goodsManagement');
    await expect(dealerMaterials.locator('.arco-table-tr', { hasText: 'GZ0005' }).first()).toBeVisible();
    await dealerMaterials.getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    await form.locator('.arco-form-item', { hasText: 'Dealer' }).first().locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: 'NJ0003' }).click();
    await form.getByTestId('material-picker').click();
    await page.keyboard.type(carried);
    await page.locator('.arco-select-option', { hasText: carried }).first().click();
    await form.locator('.arco-form-item', { hasText: 'Safety stock' }).locator('input').fill('6');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('Saved');
  });
});
