import { expect, test, type Browser, type Page } from '@playwright/test';
import { login, post, prepare, tab } from './helpers';

/**
 * Every view is a link (docs/views-and-subscriptions.md): a report's and a list's filters, sort, page
 * and page size live in the address, so reloading it, or opening it as someone else, shows the same
 * view (under that user's own data scope); back and forward move between views; a value that does
 * not parse falls back to its default; the tab bar keeps one tab per page.
 */
const MONTH_BALANCE = '/reportQuery/storageInventory/monthBalance';
const MATERIALS = '/basedata/base/material';
const report = (page: Page) => page.getByTestId('report-monthBalance');
const rows = (page: Page) => report(page).locator('tbody tr');
const total = (page: Page) => report(page).locator('.arco-pagination-total-text');
/** The table has the rows of its current view (a new page's rows replace the last page's once they come). */
const settled = (page: Page) => expect(report(page).locator('.arco-spin-loading')).toHaveCount(0);
const address = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

async function signedIn(browser: Browser, userName: string, to: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare(page, { lang: 'en-US' });
  await login(page, userName, { to });
  return page;
}

test.describe('every view is a link', () => {
  test('a report keeps its filters, sort, page and size: reload, another user, back and forward', async ({ page, browser, request }) => {
    const { token } = await post<{ token: string }>(request, '/sys/login', { userName: 'admin', passWord: 'Demo@2026' });
    const all = await post<{ rows: Record<string, unknown>[] }>(request, '/analysis/report/monthBalance/selectByPage', { pageSize: 5 }, token);
    const keyword = String(all.rows[0].materialCode).slice(0, 2);
    const filtered = await post<{ total: number }>(request, '/analysis/report/monthBalance/selectByPage', { keyword, pageSize: 10 }, token);
    expect(filtered.total).toBeGreaterThan(20);

    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: MONTH_BALANCE });
    await expect(rows(page).first()).toBeVisible();
    await page.getByTestId('filter-keyword').locator('input').fill(keyword);
    await page.getByTestId('report-search').click();
    await expect(page).toHaveURL(new RegExp(`keyword=${keyword}`));
    await expect(total(page)).toContainText(String(filtered.total));
    // Sort by the material code, then the second page of ten.
    await report(page).locator('th', { hasText: 'Material code' }).click();
    await expect(page).toHaveURL(/sort=materialCode\.asc/);
    await report(page).locator('.arco-select-view').last().click();
    await page.locator('.arco-select-option', { hasText: '10' }).first().click();
    await expect(page).toHaveURL(/size=10/);
    await expect(rows(page)).toHaveCount(10);
    await settled(page);
    const firstPage = await rows(page).allTextContents();
    await report(page).locator('.arco-pagination-item', { hasText: /^2$/ }).click();
    await expect(page).toHaveURL(/page=2/);
    // The first page's rows stay until the second's come (the spinner may not have shown yet): wait for them to go.
    await expect.poll(() => rows(page).allTextContents()).not.toEqual(firstPage);
    await settled(page);
    const view = address(page);
    const secondPage = await rows(page).allTextContents();
    expect(secondPage).toHaveLength(10);

    // Reload: the same view, its filter in the form.
    await page.reload();
    await expect(page.getByTestId('filter-keyword').locator('input')).toHaveValue(keyword);
    await expect(report(page).locator('.arco-pagination-item-active')).toHaveText('2');
    await settled(page);
    await expect(rows(page)).toHaveText(secondPage);

    // The same address in another browser, as another staff user: the same view and rows.
    const colleague = await signedIn(browser, 'staff', view.slice(1));
    await expect(colleague.getByTestId('filter-keyword').locator('input')).toHaveValue(keyword);
    await settled(colleague);
    await expect(rows(colleague)).toHaveText(secondPage);
    await colleague.context().close();

    // As a dealer: the same filters, only the dealer's own rows (its own warehouses).
    const dealer = await signedIn(browser, 'dealer1', `${MONTH_BALANCE}?keyword=${keyword}&sort=materialCode.asc`);
    await expect(dealer.getByTestId('filter-keyword').locator('input')).toHaveValue(keyword);
    await expect(rows(dealer).first()).toBeVisible();
    const { token: dealerToken } = await post<{ token: string }>(request, '/sys/login', { userName: 'dealer1', passWord: 'Demo@2026' });
    const own = await post<{ total: number }>(request, '/analysis/report/monthBalance/selectByPage', { keyword, pageSize: 10 }, dealerToken);
    expect(own.total).toBeLessThan(filtered.total);
    await expect(total(dealer)).toContainText(String(own.total));
    await dealer.context().close();

    // Back goes to page one, forward to page two again.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(report(page).locator('.arco-pagination-item-active')).toHaveText('1');
    await page.goForward();
    await expect(report(page).locator('.arco-pagination-item-active')).toHaveText('2');
    // However many views, one tab for the page.
    await expect(tab(page, 'Monthly balance')).toHaveCount(1);
  });

  test('values that do not parse open the default view without an error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: `${MONTH_BALANCE}?dealerId=abc&dateFrom=2026-13-99&page=-4&size=7&sort=password.desc&dimension=century` });
    await expect(rows(page).first()).toBeVisible();
    await expect(report(page).locator('.arco-pagination-item-active')).toHaveText('1');
    await expect(report(page).locator('.arco-result-error')).toHaveCount(0);
    await expect(page.locator('.arco-message-error')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a list keeps its search, sort and page size; the menu reopens it as left', async ({ page }) => {
    const list = page.getByTestId('list-page-basedata:material');
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: MATERIALS });
    await expect(list.locator('tbody tr').first()).toBeVisible();
    await list.getByTestId('search-form').locator('input').first().fill('EP');
    await list.getByTestId('search-submit').click();
    await expect(page).toHaveURL(/keyword=EP/);
    await list.locator('th', { hasText: 'Material code' }).click();
    await expect(page).toHaveURL(/sort=code\.asc/);
    const shown = await list.locator('tbody tr').allTextContents();
    await page.reload();
    await expect(list.getByTestId('search-form').locator('input').first()).toHaveValue('EP');
    await expect(list.locator('tbody tr')).toHaveText(shown);
    // Another page, then this one from the menu: as it was left, in one tab.
    await page.goto(`/#${MONTH_BALANCE}`);
    await expect(rows(page).first()).toBeVisible();
    await tab(page, 'Materials').click();
    await expect(page).toHaveURL(/keyword=EP/);
    await expect(list.getByTestId('search-form').locator('input').first()).toHaveValue('EP');
    await expect(tab(page, 'Materials')).toHaveCount(1);
  });

  test('a dashboard keeps its filters beside the dashboard it shows, and offers the Views menu', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/intelligentAnalysis/analysisz/dashboard?id=flows' });
    const dimension = page.locator('[data-field-label="Dimension"]');
    await expect(dimension).toBeVisible();
    await dimension.click();
    await page.locator('.arco-select-option', { hasText: /^Week$/ }).click();
    await expect(page).toHaveURL(/id=flows/);
    await expect(page).toHaveURL(/dimension=week/);
    await page.reload();
    await expect(page.locator('[data-field-label="Dimension"]')).toContainText('Week');
    await expect(page.getByTestId('views-menu')).toBeVisible();
    await page.goBack();
    await expect(page.locator('[data-field-label="Dimension"]')).toContainText('Day');
  });
});
