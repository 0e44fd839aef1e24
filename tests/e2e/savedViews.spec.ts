import { expect, test, type Page } from '@playwright/test';
import { login, prepare, SCREENSHOTS } from './helpers';

/**
 * The Views menu (docs/views-and-subscriptions.md) on a report: save the current view, open it from
 * the menu, rename and delete it (after a confirmation); the subscription dialog says when mail is
 * off (these servers have no SMTP_URL). Screenshots in both themes and languages and at 390 px.
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
  test('save, open, rename and delete a view of a report; the subscription dialog says mail is off', async ({ page }) => {
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

    // Manage: subscribe (mail is off here), rename, delete.
    await report(page).getByTestId('views-menu').click();
    await page.getByTestId('views-manage').click();
    const manage = page.getByTestId('manage-views');
    const row = manage.locator('tr', { hasText: name });
    await row.getByTestId('subscribe-view').click();
    const subscribe = page.getByTestId('subscribe-dialog');
    await expect(subscribe.getByTestId('mail-off')).toContainText('Mail is not configured');
    await expect(subscribe.getByTestId('subscribe-save')).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}/views-subscribe-light-en.png`, animations: 'disabled' });
    await subscribe.getByRole('button', { name: 'Cancel' }).click();

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
    await expect(page.getByTestId('subscribe-dialog').getByTestId('mail-off')).toContainText('邮件未配置');
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
    const box = await page.getByTestId('subscribe-dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENSHOTS}/views-subscribe-390-en.png`, animations: 'disabled' });
  });
});
