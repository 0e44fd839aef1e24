import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, test, type Page } from '@playwright/test';
import { login, prepare, SCREENSHOTS } from './helpers';
import { smtpPort } from './servers';

/**
 * The Views menu (docs/views-and-subscriptions.md) on a report: save the current view, open it from
 * the menu, rename and delete it (after a confirmation); subscribe to it and have one sent now, read
 * from a real SMTP server started here (the test servers' SMTP_URL points at it); the dialog says
 * when the user has no mail address. Screenshots in both themes and languages and at 390 px.
 */
const MONTH_BALANCE = '/reportQuery/storageInventory/monthBalance';
const report = (page: Page) => page.getByTestId('report-monthBalance');

async function saveView(page: Page, name: string) {
  await report(page).getByTestId('views-menu').click();
  await page.getByTestId('views-save').click();
  const dialog = page.getByTestId('save-view-dialog');
  await dialog.getByTestId('view-name').fill(name);
  await dialog.locator('.arco-modal-footer .arco-btn-primary').click();
  await expect(dialog).toBeHidden();
}

test.describe('saved views', () => {
  test('save, open, subscribe to (one mail sent now, read from the inbox), rename and delete a view of a report', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'staff', { to: `${MONTH_BALANCE}?keyword=EP&sort=materialCode.desc` });
    await expect(report(page).locator('tbody tr').first()).toBeVisible();
    const name = `EP desc ${Date.now() % 100000}`;
    await saveView(page, name);

    // Back to the plain report, then the saved view from the menu.
    await page.goto(`/#${MONTH_BALANCE}`);
    await expect(page.getByTestId('filter-keyword').locator('input')).toHaveValue('');
    await report(page).getByTestId('views-menu').click();
    const item = page.getByTestId('saved-view').filter({ hasText: name });
    await expect(item).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/views-menu-light-en.png`, animations: 'disabled' });
    await item.click();
    await expect(page).toHaveURL(/keyword=EP/);
    await expect(page.getByTestId('filter-keyword').locator('input')).toHaveValue('EP');

    // Manage: subscribe, and one sent now arrives in the inbox with the report as xlsx.
    const mails: ParsedMail[] = [];
    const smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData(stream, _s, done) { void simpleParser(stream).then((m) => { mails.push(m); done(); }, done); },
    });
    await new Promise<void>((ok) => smtp.listen(smtpPort(), '127.0.0.1', ok));
    try {
      await report(page).getByTestId('views-menu').click();
      await page.getByTestId('views-manage').click();
      const manage = page.getByTestId('manage-views');
      const row = manage.locator('tr', { hasText: name });
      await row.getByTestId('subscribe-view').click();
      const subscribe = page.getByTestId('subscribe-dialog');
      await expect(subscribe).toContainText('zhang.min@everpeak-tyre.example');
      await subscribe.getByTestId('subscribe-frequency').getByText('Daily').click();
      await page.screenshot({ path: `${SCREENSHOTS}/views-subscribe-light-en.png`, animations: 'disabled' });
      await subscribe.getByTestId('subscribe-save').click();
      await expect(row).toContainText('Subscribed');
      await row.getByTestId('subscribe-view').click();
      await subscribe.getByTestId('send-now').click();
      await expect.poll(() => mails.length, { timeout: 20_000 }).toBe(1);
      expect(mails[0].subject).toContain(name);
      expect(mails[0].text).toContain(`#${MONTH_BALANCE}?keyword=EP&sort=materialCode.desc`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(mails[0].attachments[0].content as unknown as ArrayBuffer);
      const codes = (book.worksheets[0].getSheetValues().slice(2) as unknown[][]).filter(Boolean).map((r) => String(r[3]));
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.every((c) => c.includes('EP'))).toBe(true);
    } finally {
      await new Promise<void>((ok) => smtp.close(() => ok()));
    }
    const manage = page.getByTestId('manage-views');
    const row = manage.locator('tr', { hasText: name });
    await row.getByTestId('rename-view').click();
    await page.getByTestId('rename-input').fill(`${name} renamed`);
    await page.locator('.arco-modal', { has: page.getByTestId('rename-input') }).locator('.arco-btn-primary').click();
    await expect(manage.locator('tr', { hasText: `${name} renamed` })).toBeVisible();
    await manage.locator('tr', { hasText: `${name} renamed` }).getByTestId('delete-view').click();
    await page.locator('.arco-modal', { hasText: 'Delete view' }).locator('.arco-btn-status-danger').click();
    await expect(manage.locator('tr', { hasText: name })).toHaveCount(0);
  });

  test('the menu and the dialog in the dark theme, in Chinese', async ({ page }) => {
    await prepare(page, { lang: 'zh-CN', theme: 'dark' });
    await login(page, 'admin', { to: `${MONTH_BALANCE}?keyword=RL` });
    await expect(report(page).locator('tbody tr').first()).toBeVisible();
    await saveView(page, '暗色 RL');
    await report(page).getByTestId('views-menu').click();
    await expect(page.getByTestId('saved-view').filter({ hasText: '暗色 RL' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/views-menu-dark-zh.png`, animations: 'disabled' });
    await page.getByTestId('views-manage').click();
    await page.getByTestId('manage-views').locator('tr', { hasText: '暗色 RL' }).getByTestId('subscribe-view').click();
    await expect(page.getByTestId('subscribe-dialog')).toContainText('admin@everpeak-tyre.example');
    await page.screenshot({ path: `${SCREENSHOTS}/views-subscribe-dark-zh.png`, animations: 'disabled' });
  });

  test('at 390 px the menu and the dialogs fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'dealer1', { to: MONTH_BALANCE });
    await expect(report(page).locator('tbody tr').first()).toBeVisible();
    await saveView(page, 'Phone view');
    await report(page).getByTestId('views-menu').click();
    await expect(page.getByTestId('saved-view').filter({ hasText: 'Phone view' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/views-menu-390-en.png`, animations: 'disabled' });
    await page.getByTestId('views-manage').click();
    const manage = page.getByTestId('manage-views');
    await manage.locator('tr', { hasText: 'Phone view' }).getByTestId('subscribe-view').click();
    // The demo's dealer1 has no mail address: the dialog says so and will not subscribe.
    await expect(page.getByTestId('subscribe-dialog')).toContainText('no mail address');
    await expect(page.getByTestId('subscribe-save')).toBeDisabled();
    const box = await page.getByTestId('subscribe-dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENSHOTS}/views-subscribe-390-en.png`, animations: 'disabled' });
  });
});
