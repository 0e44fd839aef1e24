import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { login, prepare, SCREENSHOTS } from './helpers';

const types = (page: Page) => page.getByTestId('list-page-system:dictionary');
const entries = (page: Page) => page.getByTestId('list-page-system:dictionary-detail');

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe('the page kit on System › Dictionaries', () => {
  test('create, select, edit and delete through the form and the toolbar', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/system/permission/dictionary' });
    await expect(entries(page)).toContainText('Please select a single row on the left');

    // Selection messages of docs/product.md#validation.
    await types(page).getByTestId('toolbar-delete').click();
    await expect(page.locator('.arco-message')).toContainText('Please select the data to delete');
    await types(page).getByTestId('toolbar-edit').click();
    await expect(page.locator('.arco-message').last()).toContainText('Please select one record');

    // The form's rules, then a good save.
    await types(page).getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('This input item is mandatory');
    await form.locator('input').nth(0).fill('tyre_season');
    await form.locator('input').nth(1).fill('季节');
    await form.locator('input').nth(2).fill('Season');
    await form.locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: 'Normal' }).click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('Saved');

    await types(page).getByTestId('search-form').locator('input').fill('tyre_season');
    await types(page).getByTestId('search-submit').click();
    await expect(types(page).locator('.arco-table-tr', { hasText: 'tyre_season' })).toHaveCount(1);
    await types(page).locator('.arco-table-tr', { hasText: 'tyre_season' }).locator('.arco-radio').click();
    await expect(entries(page)).toContainText('No data');

    await entries(page).getByTestId('toolbar-add').click();
    await form.locator('input').nth(0).fill('W');
    await form.locator('input').nth(1).fill('冬季胎');
    await form.locator('input').nth(2).fill('Winter');
    await form.locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: 'Normal' }).click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(entries(page).locator('.arco-table-tr', { hasText: 'Winter' })).toHaveCount(1);

    await entries(page).locator('.arco-table-tr', { hasText: 'Winter' }).getByTestId('row-edit').click();
    await form.locator('input').nth(2).fill('Winter tyre');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(entries(page).locator('.arco-table-tr', { hasText: 'Winter tyre' })).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOTS}/dictionary-light-en.png` });

    await entries(page).locator('.arco-table-tr', { hasText: 'Winter tyre' }).locator('.arco-checkbox').click();
    await entries(page).getByTestId('toolbar-delete').click();
    await expect(page.locator('.arco-modal')).toContainText('Delete the 1 selected records?');
    await page.locator('.arco-modal .arco-btn-status-danger').click();
    await expect(entries(page)).toContainText('No data');
  });

  test('export downloads the filtered rows as xlsx; import refuses other files and reports bad rows', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/system/permission/dictionary' });
    await types(page).locator('.arco-table-tr', { hasText: 'order_type' }).locator('.arco-radio').click();
    await expect(entries(page).locator('.arco-table-tr', { hasText: 'Purchase receipt' })).toHaveCount(1);

    const download = page.waitForEvent('download');
    await entries(page).getByTestId('toolbar-export').click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
    const values = wb.worksheets[0].getColumn(2).values.slice(2);
    expect(values).toEqual(['PR', 'WI', 'WL', 'LR', 'TR', 'WC', 'LC', 'PB', 'LB']);

    await entries(page).getByTestId('toolbar-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await chooser).setFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await expect(page.locator('.arco-message').last()).toContainText('Only xls or xlsx files can be uploaded');

    const chooser2 = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    await (await chooser2).setFiles({
      name: 'entries.xlsx', mimeType: 'application/octet-stream',
      buffer: await xlsx([['Type', 'Value', 'Label (Chinese)', 'Label (English)'], ['order_type', 'ZZ', '新', 'New'], ['order_type', 'PR', '重复', 'Dup']]),
    });
    await expect(page.getByTestId('import-errors')).toContainText('value: This value already exists');
    await page.screenshot({ path: `${SCREENSHOTS}/import-errors-dark-en.png` });
    const report = page.waitForEvent('download');
    await page.getByText('Download error report').click();
    expect((await report).suggestedFilename()).toMatch(/errors\.xlsx$/);
  });

  test('column settings are remembered for the user', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/system/permission/dictionary' });
    await expect(types(page).locator('.arco-table-th', { hasText: 'Name (English)' })).toHaveCount(1);
    await types(page).getByTestId('column-settings-button').click();
    await page.getByTestId('column-settings').locator('.arco-checkbox', { hasText: 'Name (English)' }).click();
    await expect(types(page).locator('.arco-table-th', { hasText: 'Name (English)' })).toHaveCount(0);
    await page.reload();
    await expect(types(page).locator('.arco-table-tr', { hasText: 'order_type' })).toHaveCount(1);
    await expect(types(page).locator('.arco-table-th', { hasText: 'Name (English)' })).toHaveCount(0);
  });

  test('staff without the page get 404 for it and no system menu', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'staff', { to: null });
    await page.goto('/#/system/permission/dictionary');
    await expect(page).toHaveURL(/#\/404$/);
  });
});
