import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { LocationOption, OrderOptions } from '../../src/shared/api/orders';
import { DEMO_PASSWORD, login, post, prepare } from './helpers';

/**
 * The console by keyboard alone (docs/accessibility.md, "Keyboard"): after the page a test starts
 * on is opened, every step is a key press, and each stop of Tab shows where the focus is.
 */

/** What has the focus, and whether it is shown: an outline or a ring, or a field's own focused border. */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { text: '', testid: '', visible: false, html: 'body' };
  const style = getComputedStyle(el);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  const field = el.matches('input, textarea') && !!el.closest('.arco-input-inner-wrapper-focus, .arco-input-focus, .arco-select-focused, .arco-picker-focused, .arco-input-tag-focus, .login-field__box, .scan-controls');
  return {
    text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 80),
    testid: el.getAttribute('data-testid') ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
    visible: ring || field || el.matches('input, textarea'),
    html: el.outerHTML.slice(0, 160),
  };
});

/** Tab (or Shift+Tab) until `matches` says the focus is where the test goes; every stop on the way shows its focus. */
async function tabTo(page: Page, matches: (el: HTMLElement) => boolean, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const here = await focused(page);
    // Past the page's last stop the focus leaves the document (the browser's own controls) before coming round.
    if (here.html !== 'body') expect(here.visible, `focus shown on ${here.html}`).toBe(true);
    if (await page.evaluate(matches as (el: HTMLElement) => boolean, undefined as never).catch(() => false)) return;
  }
  throw new Error('Tab never reached the element the test looks for');
}

const on = (selector: string, text?: string) => (page: Page) => tabTo(page, new Function('_', `
  const el = document.activeElement;
  return !!el && el.matches(${JSON.stringify(selector)}) && ${text ? `el.textContent.includes(${JSON.stringify(text)})` : 'true'};`) as (el: HTMLElement) => boolean);

/** Types text key by key. */
async function typeKeys(page: Page, text: string) {
  for (const ch of text) await page.keyboard.press(ch === ' ' ? 'Space' : ch);
}

test.describe('by keyboard alone', () => {
  test('sign in, skip to the content, open pages from the menu, switch, close and reopen tabs', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await page.goto('/#/login');
    await expect(page.getByTestId('login-submit')).toBeEnabled();
    await on('[data-testid="login-user"]')(page);
    await typeKeys(page, 'admin');
    await on('[data-testid="login-password"]')(page);
    await typeKeys(page, DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).toHaveURL(/#\/home$/);

    // The first stop of Tab skips the menus and the tab bar.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-link')).toBeFocused();
    await expect(page.getByTestId('skip-link')).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // A section from the top menu, then a page from its sidebar.
    await on('.top-menu__item', 'Base data')(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/basedata\/base\/brokerInfo$/);
    await on('.layout__sidebar [role="link"]', 'Warehouse')(page, );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/basedata\/base\/warehouse$/);
    await expect(page.locator('.layout__sidebar [aria-current="page"]')).toContainText('Warehouse');

    // The tab bar is one stop: the shown tab; arrows move along it, Enter opens, Delete closes.
    const tabs = page.locator('.tags-view__tab');
    await expect(tabs).toHaveCount(3);
    await on('.tags-view__tab[data-active="true"]')(page);
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/basedata\/base\/brokerInfo$/);
    await page.keyboard.press('Delete');
    await expect(tabs).toHaveCount(2);
    await expect(page.locator('.tags-view__tab:focus')).toHaveCount(1);
    // Its menu from the keyboard: Close others keeps home.
    await page.keyboard.press('Shift+F10');
    await expect(page.locator('.tags-view__menu [role="menuitem"]').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('.tags-view__menu')).toHaveCount(0);

    // Reopened from the menu.
    await on('.layout__sidebar [role="link"]', 'Dealer')(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/basedata\/base\/brokerInfo$/);
    await expect(tabs).toHaveCount(3);
  });

  test('filter, sort and page a report, and export it', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'dark' });
    await login(page, 'admin', { to: '/reportQuery/report/enterDetail' });
    const report = page.getByTestId('report-enterDetail');
    await expect(report.locator('.arco-table-tr').nth(2)).toBeVisible();

    await on('[data-testid="filter-keyword"] input')(page);
    await typeKeys(page, 'Everpeak');
    await page.keyboard.press('Enter');
    await expect(report.locator('tbody .arco-table-tr').first()).toContainText('Everpeak');

    await on('th[aria-sort]', 'Quantity')(page);
    const sort = page.waitForRequest((r) => r.url().includes('/enterDetail/') && (r.postData() ?? '').includes('"field":"qty"'));
    await page.keyboard.press('Enter');
    await sort;
    await expect(report.locator('th', { hasText: 'Quantity' })).toHaveAttribute('aria-sort', /ascending|descending/);

    await on('.arco-pagination-item', '2')(page);
    await page.keyboard.press('Enter');
    await expect(report.locator('.arco-pagination-item-active')).toHaveText('2');

    await on('[data-testid="report-export"]', undefined)(page, );
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('Inbound detail.xlsx');
  });

  test('create, edit and delete a record in its dialog: the focus goes in, stays in, and comes back', async ({ page }) => {
    const code = `KB${Date.now().toString(36).toUpperCase()}`;
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/other/otherConfig/logistics' });
    const list = page.locator('.app-view:visible [data-testid^="list-"]');
    await expect(list.locator('.arco-table')).toBeVisible();
    const dialog = page.locator('.arco-modal:visible');

    await on('[data-testid="toolbar-add"]')(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // In on its first field, as the caret shows a user before they type.
    await expect(dialog.locator('input').first()).toBeFocused();
    await typeKeys(page, code);
    await page.keyboard.press('Tab');
    await typeKeys(page, 'Keyboard Logistics');
    // Tab goes round inside the dialog, never out of it.
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.arco-modal'))).toBe(true);
    }
    await on('.arco-modal-footer .arco-btn-primary')(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toolbar-add')).toBeFocused();

    // Found by its code, edited from its row.
    await on('[data-testid="search-form"] input')(page, );
    await typeKeys(page, code);
    await page.keyboard.press('Enter');
    const row = list.locator('tbody .arco-table-tr', { hasText: code });
    await expect(row).toHaveCount(1);
    await expect(list.locator('tbody .arco-table-tr')).toHaveCount(1);
    await on('[data-testid="row-edit"]')(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await on('.arco-modal input[value="Keyboard Logistics"]')(page);
    await typeKeys(page, ' 2');
    await on('.arco-modal-footer .arco-btn-primary')(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Keyboard Logistics 2');
    await expect(page.getByTestId('row-edit')).toBeFocused();

    // Selected with Space, deleted after its confirmation.
    await on('tbody input[type="checkbox"]', undefined)(page, );
    await page.keyboard.press('Space');
    await on('[data-testid="toolbar-delete"]')(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.arco-modal'))).toBe(true);
    await on('.arco-modal-footer .arco-btn-primary')(page);
    await page.keyboard.press('Enter');
    await expect(row).toHaveCount(0);
  });

  test('scan an order with a wedge scanner and unscan a tyre; each verdict is announced', async ({ page, request }) => {
    const tag = `KB${Date.now().toString(36).toUpperCase()}`;
    const codes = await shipToDealer1(request, tag);
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'dealer1', { to: '/ordermanage/Order/PRorder' });
    const receipts = page.getByTestId('list-orders-PRorder');
    await on('[data-testid="search-form"] input')(page);
    await typeKeys(page, tag);
    await page.keyboard.press('Enter');
    await expect(receipts.locator('tbody .arco-table-tr')).toHaveCount(1);
    await on('[data-testid="row-scan"]')(page);
    await page.keyboard.press('Enter');
    const input = page.getByTestId('scan-input');
    await expect(input).toBeFocused();

    // A storage location first: back to its select, opened and chosen with the keys.
    await expect(page.getByTestId('scan-location')).toBeVisible();
    await tabTo(page, () => !!document.activeElement?.closest('[data-testid="scan-location"]'), { back: true, max: 6 });
    const location = page.getByTestId('scan-location');
    await page.keyboard.press('Enter');
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    await expect(location.locator('.arco-select-view-value')).not.toHaveText('');
    await expect(input).toBeFocused();

    // The scanner types the code and Enter.
    await typeKeys(page, codes[0]);
    await page.keyboard.press('Enter');
    const verdict = page.getByTestId('scan-verdict');
    await expect(verdict).toHaveAttribute('role', 'status');
    await expect(verdict).toContainText(`Scanned ${codes[0]}`);
    await expect(page.getByTestId('scan-total')).toContainText('1 / 2');

    await on('[data-testid="scan-remove"]')(page);
    await page.keyboard.press('Enter');
    await expect(verdict).toContainText(`Removed ${codes[0]}`);
    await expect(page.getByTestId('scan-total')).toContainText('0 / 2');
    await expect(input).toBeFocused();
  });

  test('acknowledge a stock alert', async ({ page, request }) => {
    const admin = (await post<{ token: string }>(request, '/sys/login', { userName: 'admin', passWord: DEMO_PASSWORD })).token;
    const options = await post<OrderOptions>(request, '/orderManage/PRorder/options', {}, admin);
    const warehouse = options.warehouses.find((w) => w.code === 'CDC02') ?? options.warehouses[0];
    const material = options.materials[options.materials.length - 4];
    // A minimum no stock meets: the sweep raises the alert.
    await post(request, '/monitoring/stockThreshold/save', { warehouseId: warehouse.id, materialId: material.id, minQty: 999_999 }, admin);
    await post(request, '/monitoring/stockAlert/sweep', {}, admin);

    await prepare(page, { lang: 'en-US', theme: 'dark' });
    await login(page, 'admin', { to: '/monitoringManage/monitoring/stroealert' });
    const alerts = page.getByTestId('list-monitoring-stockAlerts');
    await on('[data-testid="search-form"] input')(page);
    await typeKeys(page, material.code);
    await page.keyboard.press('Enter');
    const row = alerts.locator('tbody .arco-table-tr', { hasText: material.code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Below minimum');
    await on('tbody input[type="checkbox"]')(page);
    await page.keyboard.press('Space');
    await on('[data-testid="alert-ack"]')(page);
    await page.keyboard.press('Enter');
    await expect(row).toContainText('by admin');
  });
});

/** A delivery to dealer1 of two tyres (a purchase receipt with the serials it ships), to be scanned in; answers their barcodes. */
async function shipToDealer1(request: APIRequestContext, tag: string) {
  const dealer = (await post<{ token: string }>(request, '/sys/login', { userName: 'dealer1', passWord: DEMO_PASSWORD })).token;
  const admin = (await post<{ token: string }>(request, '/sys/login', { userName: 'admin', passWord: DEMO_PASSWORD })).token;
  const options = await post<OrderOptions>(request, '/orderManage/PRorder/options', {}, dealer);
  const withLocations = [];
  for (const w of options.warehouses) {
    if ((await post<LocationOption[]>(request, '/orderManage/PRorder/locations', { warehouseId: w.id }, dealer)).length) withLocations.push(w);
  }
  const codes = [`${tag}-A1`, `${tag}-A2`];
  await post(request, '/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: withLocations[0].id, counterparty: 'Keyboard delivery', externalNo: tag,
    lines: [{ materialId: options.materials[0].id, plannedQty: 2 }], shipped: codes.map((barcode) => ({ barcode, materialId: options.materials[0].id })),
  }, admin);
  return codes;
}
