import { spawn } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import home from '../../dashboards/home';
import stock from '../../dashboards/stock';
import { DEMO_PASSWORD, login, prepare, SCREENSHOTS, tab } from './helpers';
import { SERVER_SCRIPT, serverDataDir, spareServerPort } from './servers';

const API = '/fms/api/v1';
const DASHBOARDS_PATH = '/intelligentAnalysis/analysisz/dashboard';

/**
 * Every panel of a dashboard has drawn its data: a chart its canvas, a stat its number, a table its
 * rows. Only the dashboard on screen counts: panel ids repeat across dashboards, and a tab kept
 * alive behind the current one holds its own (hidden, its charts disposed).
 */
async function expectPanelsReady(page: Page, panels: { id: string; type: string }[]) {
  for (const p of panels) {
    const panel = page.getByTestId(`panel-${p.id}`).filter({ visible: true }).first();
    await expect(panel, p.id).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    if (p.type === 'stat') await expect(panel.getByTestId('stat-value'), p.id).toHaveText(/\d/);
    else if (p.type === 'table') await expect(panel.locator('tbody tr').first(), p.id).toBeVisible();
    else await expect(panel.locator('canvas').first(), p.id).toBeVisible();
  }
}

test.describe('the home dashboard', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`every panel of the home dashboard shows data, with the welcome line (${theme})`, async ({ page }) => {
      await prepare(page, { theme });
      await login(page, 'admin');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('系统管理员');
      await expectPanelsReady(page, home.panels);
      await expect(page.getByTestId('dashboard-asof')).toContainText('数据时间');
      // The stock alerts' dealer filter is offered to staff.
      await expect(page.getByTestId('dashboard-filters').locator('.arco-select')).toHaveCount(4);
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-home-${theme}.png`, fullPage: true, animations: 'disabled' });
      if (theme === 'light') {
        // A narrower window redraws each chart to its panel's new width (EChart.tsx).
        const canvas = page.getByTestId(`panel-${home.panels.find((p) => p.type === 'line')!.id}`).locator('canvas').first();
        const wide = (await canvas.boundingBox())!.width;
        await page.setViewportSize({ width: 1100, height: 900 });
        await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(wide - 50);
        const panelWidth = (await page.getByTestId(`panel-${home.panels.find((p) => p.type === 'line')!.id}`).boundingBox())!.width;
        expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(panelWidth);
      }
    });
  }

  test('on a 390 px phone the panels stack in one column, and a dealer is not offered other dealers (en-US)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'dealer1');
    await expectPanelsReady(page, home.panels);
    const grid = await page.getByTestId('dashboard-home').boundingBox();
    for (const id of ['onHand', 'trend', 'alerts']) {
      const box = await page.getByTestId(`panel-${id}`).boundingBox();
      expect(Math.abs(box!.width - grid!.width), id).toBeLessThan(2);
    }
    await expect(page.getByTestId('dashboard-filters').locator('.arco-select')).toHaveCount(3);
    await expect(page.getByText('Stock on hand', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-home-390-en.png`, fullPage: true, animations: 'disabled' });
  });
});

test.describe('home\'s view, kept', () => {
  test('Save and subscribe opens home\'s dashboard, as filtered, on the dashboards page where its Views menu is', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin', { to: '/home?dimension=month&dateFrom=2026-01-01&dateTo=2026-03-31' });
    await page.getByTestId('dashboard-views').click();
    await expect(page).toHaveURL(new RegExp(`#${DASHBOARDS_PATH}\\?.*id=home`));
    const url = new URL(page.url().replace('#', ''));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ id: 'home', dimension: 'month', dateFrom: '2026-01-01', dateTo: '2026-03-31' });
    const view = page.locator(`section.app-view[data-view="${DASHBOARDS_PATH}"]`);
    await expect(view.getByTestId('dashboard-picker').locator('.arco-radio-checked')).toHaveText(home.title['en-US']);
    await expect(view.getByTestId('views-menu')).toBeVisible();
    // Inside the menu's pages the button is not offered: the Views menu is there.
    await expect(view.getByTestId('dashboard-views')).toHaveCount(0);
  });
});

test.describe('drilling down', () => {
  test('a stock alert row opens the stock alerts report for its dealer, in a tab', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin');
    const row = page.getByTestId('panel-alerts').locator('tbody tr').first();
    const dealer = (await row.locator('td').first().textContent())!;
    await row.click();
    await expect(page).toHaveURL(/#\/monitoringManage\/monitoring\/stroealert\?.*dealerId=\d+/);
    await expect(tab(page, 'Stock alerts')).toHaveAttribute('data-active', 'true');
    expect(dealer.length).toBeGreaterThan(0);
  });

  test('a stat opens its report with the dashboard filters, and a chart bar opens the dealer it shows', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'admin');
    await expectPanelsReady(page, home.panels);
    await page.getByTestId('panel-dos').getByRole('button').click();
    await expect(page).toHaveURL(/#\/intelligentAnalysis\/analysisz\/numberOfDay$/);
    await tab(page, 'Home').click();
    // The top bar of the purchase-receipt ranking: horizontal bars, the largest first.
    const canvas = page.getByTestId('panel-rankPR').locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    const rows = await page.evaluate(async () => {
      const res = await fetch('/fms/api/v1/analysis/query/rank.dealersPR', {
        method: 'POST', headers: { 'content-type': 'application/json', token: document.cookie.match(/token=([^;]+)/)![1] }, body: '{}',
      });
      return ((await res.json()) as { data: { rows: { dealerId: number }[] } }).data.rows;
    });
    const band = (box.height - 24) / rows.length;
    await canvas.click({ position: { x: box.width * 0.6, y: 16 + band / 2 } });
    await expect(page).toHaveURL(new RegExp(`#/reportQuery/report/enterDetail\\?dealerId=${rows[0].dealerId}$`));
  });
});

test.describe('the dashboards page', () => {
  test('picks every dashboard file by ?id=, and opens a wall screen in a new window', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'dark' });
    await login(page, 'admin', { to: DASHBOARDS_PATH });
    const picker = page.getByTestId('dashboard-picker');
    await expect(picker.locator('.arco-radio-button')).toHaveText(['Home', 'Flows', 'Stock']);
    await picker.getByText('Stock').click();
    await expect(page).toHaveURL(new RegExp(`#${DASHBOARDS_PATH}\\?id=stock$`));
    await expectPanelsReady(page, stock.panels);
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-stock-dark.png`, fullPage: true, animations: 'disabled' });
    const popup = page.waitForEvent('popup');
    await page.getByTestId('dashboard-wall').last().click();
    await expect(await popup).toHaveURL(/#\/wall\/stock$/);
  });
});

test.describe('wall screens', () => {
  test('fill a 1920x1080 screen in the dark, rotate, hide the idle cursor and ride out a server that went away', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await prepare(page, { theme: 'light' });
    await login(page, 'display', { to: null });
    await page.goto('/#/wall/home?rotate=home,stock,flows&interval=15&refresh=5');
    const wall = page.getByTestId('wall');
    await expect(wall).toHaveAttribute('data-dashboard', 'home');
    await expectPanelsReady(page, home.panels);
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await expect(page.getByTestId('wall-clock')).toHaveText(/\d{2}:\d{2}:\d{2}/);
    await expect(page.getByTestId('wall-asof')).toBeVisible();
    // Nothing scrolls on a wall: the grid fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    await expect(wall).toHaveClass(/wall--idle/, { timeout: 5000 });
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-wall-1920.png`, animations: 'disabled' });

    await expect(wall).toHaveAttribute('data-dashboard', 'stock', { timeout: 20_000 });
    await expectPanelsReady(page, stock.panels);

    // The server goes away: a badge, never an error page; it comes back: the badge goes.
    await page.route('**/fms/api/v1/analysis/query/**', (route) => route.abort('connectionrefused'));
    await expect(page.getByTestId('wall-reconnecting')).toBeVisible({ timeout: 25_000 });
    await expect(page).toHaveURL(/#\/wall\//);
    await page.unroute('**/fms/api/v1/analysis/query/**');
    await expect(page.getByTestId('wall-reconnecting')).toBeHidden({ timeout: 30_000 });
  });

  test('keep the display session alive past the idle limit while they refresh', async ({ browser }) => {
    test.setTimeout(120_000);
    const port = spareServerPort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn('npx', ['tsx', SERVER_SCRIPT], {
      detached: true, stdio: 'ignore',
      // Idle limits of 12 s, a wall screen's own (30 days by default) too: refreshing every 5 s must keep the session in use.
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: serverDataDir(`idle-${port}`), CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIR: './dist/web', SESSION_IDLE_MINUTES: '0.2', WALL_SESSION_IDLE_MINUTES: '0.2' },
    });
    try {
      await expect.poll(() => fetch(`${base}${API}/health`).then((r) => r.status, () => 0), { timeout: 90_000 }).toBe(200);
      const signIn = async () => {
        const res = await fetch(`${base}${API}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'display', passWord: DEMO_PASSWORD }) });
        return ((await res.json()) as { data: { token: string } }).data.token;
      };
      const stillValid = async (token: string) =>
        (await fetch(`${base}${API}/sys/user/getCurrentUserInfo`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: '{}' })).status === 200;
      // A second display session that nobody uses: it must expire meanwhile, or the window never passed.
      const idleToken = await signIn();
      const idleSince = Date.now();

      const context = await browser.newContext({ baseURL: base, viewport: { width: 1920, height: 1080 } });
      const page = await context.newPage();
      // When the wall's refreshes were answered: the wait below is on them, not on a clock.
      const answered: number[] = [];
      page.on('response', (r) => { if (r.ok() && new URL(r.url()).pathname.startsWith(`${API}/analysis/`)) answered.push(Date.now()); });
      await prepare(page);
      await page.goto('/#/login?redirect=%2Fwall%2Fhome%3Frefresh%3D5');
      await page.getByTestId('login-user').fill('display');
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL(/#\/wall\/home\?refresh=5$/);
      await expectPanelsReady(page, home.panels);
      const wallToken = (await context.cookies()).find((c) => c.name === 'token')!.value;

      // Until the wall has been answered after the idle session's limit (12 s and a margin) had passed.
      await expect.poll(() => answered.some((t) => t > idleSince + 14_000), { timeout: 40_000 }).toBe(true);
      expect(await stillValid(idleToken)).toBe(false);
      expect(await stillValid(wallToken)).toBe(true);
      await expect(page).toHaveURL(/#\/wall\/home/);
      await expect(page.getByTestId('wall-reconnecting')).toBeHidden();
      await context.close();
    } finally {
      process.kill(-server.pid!, 'SIGTERM');
    }
  });
});
