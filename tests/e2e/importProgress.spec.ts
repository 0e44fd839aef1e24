import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { login, prepare, SCREENSHOTS } from './helpers';

/**
 * Import progress (docs/views-and-subscriptions.md, Long imports): while a large file is imported
 * the dialog shows the rows read and checked so far, then the import's answer.
 */
const list = (page: Page) => page.getByTestId('list-page-basedata:material');
/**
 * Enough rows that the import outlasts several of the dialog's polls (every 400 ms) on a fast
 * machine: 1,500 were imported within one poll here, and the count was never seen. One pattern
 * for all, so the catalogue's pattern options, which other tests' filters list, stay few.
 */
const ROWS = 10_000;

async function materials(tag: string, header: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (let i = 1; i <= ROWS; i++) sheet.addRow([`${tag}${i}`, `Everpeak 205/55R16 91V ${tag} ${i}`, 'Everpeak', '205/55R16 91V', 'Everpeak Import', '91', 'V', '条', 488.5, 'factory', '', 'normal']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const EN = ['Material code', 'Material name', 'Brand', 'Specification', 'Pattern', 'Load index', 'Speed index', 'Unit', 'Price', 'Source', 'ERP code', 'Status'];

for (const { lang, theme, width, reading, done } of [
  { lang: 'en-US', theme: 'light', width: 1280, reading: /Reading rows: [1-9][\d,]*|Checked [1-9][\d,]* of [\d,]+ rows/, done: `${ROWS} records imported` },
  { lang: 'zh-CN', theme: 'dark', width: 390, reading: /已读取 [1-9][\d,]* 行|已检查 [1-9][\d,]* \/ [\d,]+ 行/, done: `已导入 ${ROWS} 条数据` },
] as const) {
  test(`the import dialog counts the rows read and checked, then imports them (${lang}, ${theme}, ${width} px)`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await prepare(page, { lang, theme });
    await login(page, 'admin', { to: '/basedata/base/material' });
    await expect(list(page).locator('.arco-table-tr').nth(1)).toBeVisible();
    await list(page).getByTestId('toolbar-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-choose').click();
    const tag = `E2EIMP${lang === 'en-US' ? 'E' : 'Z'}${Date.now().toString(36).toUpperCase()}X`;
    await (await chooser).setFiles({ name: 'materials.xlsx', mimeType: 'application/octet-stream', buffer: await materials(tag, EN) });

    const progress = page.getByTestId('import-progress');
    await expect(progress).toContainText(reading, { timeout: 60_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/import-progress-${theme}-${lang}-${width}.png` });
    await expect(page.locator('.arco-message').last()).toContainText(done, { timeout: 150_000 });
    await expect(progress).toHaveCount(0);
  });
}
