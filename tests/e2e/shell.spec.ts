import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, prepare, SCREENSHOTS, tab, tabs, topMenu } from './helpers';

test.describe('signing in and the route guard', () => {
  test('an unauthenticated visitor is sent to login with the redirect, and lands there after signing in', async ({ page }) => {
    await prepare(page);
    await page.goto('/#/system/permission/role');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fsystem%2Fpermission%2Frole/);
    await page.getByTestId('login-user').fill('  admin  ');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/system\/permission\/role$/);
    await expect(tab(page, '角色管理')).toHaveAttribute('data-active', 'true');
  });

  test('a wrong password shows the server message and keeps the user on login', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await page.goto('/#/login');
    await page.getByTestId('login-user').fill('admin');
    await page.getByTestId('login-password').fill('Wrong@2026');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('.arco-message')).toContainText('Wrong user name or password');
    await expect(page).toHaveURL(/#\/login/);
  });

  test('empty fields are caught by the form before any call', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await page.goto('/#/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter the user name')).toBeVisible();
    await expect(page.getByText('Please enter the password')).toBeVisible();
  });

  test('the login page loads its own code only, at most 150 KiB gzip, before its form works; home\'s shell comes in a handful of files', async ({ page }) => {
    await prepare(page);
    // When the form came (index.html's first frame), and when the page's code took it over: what loads
    // after that (the prefetch of home, once the form is shown and idle) is not ahead of it.
    await page.addInitScript(() => {
      const at = window as unknown as { formShownAt?: number; formLiveAt?: number };
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="login-user"]')) at.formShownAt ??= performance.now();
        if (!document.querySelector('.login:not([data-first-frame]) [data-testid="login-user"]')) return;
        at.formLiveAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const scripts = () => page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ file: new URL(e.name).pathname, startTime: e.startTime, bytes: (e as PerformanceResourceTiming).encodedBodySize })));
    await page.goto('/#/login');
    await expect(page.locator('.login:not([data-first-frame]) [data-testid="login-user"]')).toBeVisible();
    const { formShownAt, formLiveAt } = await page.evaluate(() => {
      const at = window as unknown as { formShownAt: number; formLiveAt: number };
      return { formShownAt: at.formShownAt, formLiveAt: at.formLiveAt };
    });
    expect(formShownAt).toBeLessThan(formLiveAt);
    const beforeForm = (await scripts()).filter((s) => s.startTime <= formLiveAt);
    // no route, chart, dashboard or workbook code ahead of the form (build/chunks.ts).
    expect(beforeForm.map((s) => s.file).filter((file) => /\/(shell|Chart|xlsx|home|layout)-/.test(file))).toEqual([]);
    const bytes = beforeForm.reduce((sum, s) => sum + s.bytes, 0); // as sent: the server's precompressed files
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(150 * 1024);

    await page.getByTestId('login-user').fill('admin');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.locator('[data-testid^="panel-"][data-state="ready"] canvas').first()).toBeVisible();
    // The login page, the signed-in shell and home in a handful of files (some 60 before, fetched round
    // after round on HTTP/1.1's six connections).
    const files = new Set((await scripts()).map((s) => s.file));
    expect(files.size).toBeLessThanOrEqual(15);
  });

  test('without a session the form is on the page\'s first frame, in the stored language and theme; what is typed there before the code comes stays', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'light' });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // Whether the root, once it held the form, was ever empty: the form must not leave the screen while the code takes over.
    await page.addInitScript(() => {
      const seen = window as unknown as { rootHeld?: boolean; rootEmptied?: boolean };
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root?.firstElementChild) seen.rootHeld = true;
        else if (root && seen.rootHeld) seen.rootEmptied = true;
      }).observe(document, { childList: true, subtree: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/.+\.js$/, async (route) => { await held; await route.continue(); });
    // Not waiting for the page's load: its held scripts are part of it.
    await page.goto('/#/system/permission/role', { waitUntil: 'commit' });
    const frame = page.locator('#root > .login[data-first-frame]');
    await expect(frame.getByTestId('login-submit')).toHaveText('Sign in');
    await expect(frame.getByTestId('login-submit')).toBeDisabled();
    await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    // The captcha's row keeps its place until the server answers; on a phone nothing runs off the side.
    await expect(frame.locator('input[name="captcha"]')).toBeDisabled();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 1440, height: 900 });
    // Already on login with the way back, as the route guard will have it.
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fsystem%2Fpermission%2Frole$/);
    await page.getByTestId('login-user').fill('admin');
    await page.getByTestId('login-password').click();
    await page.keyboard.type(DEMO_PASSWORD);
    // The caret put back before the year.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');

    release();
    // The page takes the frame over with what was typed, the caret where it was.
    await expect(frame).toHaveCount(0);
    await expect(page.getByTestId('login-password')).toBeFocused();
    expect(await page.getByTestId('login-password').evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([5, 5]);
    await expect(page.getByTestId('login-user')).toHaveValue('admin');
    await expect(page.getByTestId('login-password')).toHaveValue(DEMO_PASSWORD);
    expect(await page.evaluate(() => (window as unknown as { rootEmptied?: boolean }).rootEmptied ?? false)).toBe(false);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/system\/permission\/role$/);
    expect(errors).toEqual([]);
  });

  test('the login form\'s first frame is not shown to a signed-in user or on an open page', async ({ page }) => {
    await prepare(page);
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto('/#/404');
    await page.waitForLoadState('domcontentloaded');
    await expect(page.locator('#root')).toBeEmpty();
    await login(page, 'admin', { to: null });
    await page.goto('/#/login');
    await page.waitForLoadState('domcontentloaded');
    await expect(page.locator('#root')).toBeEmpty();
    // Without a session, the same page without its code shows the form.
    await page.context().clearCookies();
    await page.goto('about:blank');
    await page.goto('/#/login');
    await expect(page.locator('#root > .login[data-first-frame]').getByTestId('login-user')).toBeVisible();
  });

  test('signed in, home\'s calls and code are asked for by the page\'s first script, before the entry\'s code has come, and the CSP allows the page\'s own scripts only', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    const refused: string[] = [];
    page.on('console', (m) => { if (/Content Security Policy/.test(m.text())) refused.push(m.text()); });
    await login(page, 'admin', { to: null });
    // The entry's script held back a second: calls made by the entry could only follow it.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/#/home');
    await expect(page.locator('[data-testid^="panel-"][data-state="ready"] canvas').first()).toBeVisible();
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (part: string) => entries.find((e) => e.name.includes(part));
      return {
        user: find('/sys/user/getCurrentUserInfo')?.startTime, batch: find('/analysis/dashboard/home/batch')?.startTime, entry: find('/assets/index-')?.responseEnd,
        shell: find('/assets/shell-')?.startTime,
        // Each of home's files fetched once: what the first script preloaded is what the entry took.
        twice: entries.map((e) => e.name).filter((name, i, all) => name.includes('/assets/') && all.indexOf(name) !== i),
      };
    });
    // Made by the entry instead, they could go out only after its script had come and run.
    expect(timing.entry, JSON.stringify(timing)).toBeGreaterThan(1000);
    expect(timing.user, JSON.stringify(timing)).toBeLessThan(timing.entry! - 500);
    expect(timing.batch, JSON.stringify(timing)).toBeLessThan(timing.entry! - 500);
    // Home's code too (earlyModules.ts), not once the entry has run and rendered its route guard.
    expect(timing.shell, JSON.stringify(timing)).toBeLessThan(timing.entry! - 500);
    expect(timing.twice).toEqual([]);
    expect(refused).toEqual([]);
    // Each call once: the entry took the first script's answers instead of asking again.
    const asked = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/sys/user/getCurrentUserInfo')).length);
    expect(asked).toBe(1);
    // The page's two scripts (the early calls, the login form's first frame) by their hashes, and no other inline script;
    // WebAssembly compiles (the camera's barcode reader, docs/offline-floor.md), which runs no inline script.
    const csp = (await page.request.get('/')).headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*';/);
  });

  test('a token the server no longer knows goes back to login, saying so once, with the form free to use', async ({ page, context, baseURL }) => {
    await prepare(page);
    await context.addCookies([{ name: 'token', value: 'ended-session-token', url: baseURL! }]);
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fhome$/);
    await expect(page.locator('.arco-message')).toContainText('验证失败，请重新登录。');
    // The session load's failure is the guard's to report: no re-login box over the sign-in form.
    await expect(page.locator('.arco-modal')).toHaveCount(0);
    await page.getByTestId('login-user').fill('admin');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await prepare(page);
    await login(page, 'admin', { to: null });
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByText('404')).toBeVisible();
  });
});

test.describe('the shell as the administrator sees it', () => {
  test('home, the seven sections and pages opened through the menu', async ({ page }) => {
    await prepare(page);
    await login(page, 'admin');
    await expect(page.getByTestId('panel-onHand')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('panel-trend')).toHaveAttribute('data-state', 'ready');
    // First four sections with separators, the other three under More.
    await expect(topMenu(page)).toHaveCount(5);
    await expect(page.locator('.top-menu__separator')).toHaveCount(4);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-home-dark-zh.png` });

    // Home's sidebar offers every section; a section's groups and pages are made as it opens.
    const sidebar = page.locator('.layout__sidebar');
    await expect(sidebar.locator('.arco-menu-item')).toHaveText(['首页']);
    await sidebar.locator('.arco-menu-inline-header', { hasText: '仓储管理' }).click();
    await sidebar.locator('.arco-menu-inline-header', { hasText: '单据管理' }).click();
    await sidebar.locator('.arco-menu-item', { hasText: '采购退货' }).click();
    await expect(page).toHaveURL(/#\/ordermanage\/Order\/WIorder$/);
    // Its tab comes with the page, once its code has loaded: a view left before it showed gets none.
    await expect(tab(page, '采购退货')).toHaveAttribute('data-active', 'true');
    await page.goto('/#/home');

    await topMenu(page).filter({ hasText: '基础数据' }).click();
    await expect(page).toHaveURL(/#\/basedata\/base\/brokerInfo$/);
    await expect(tab(page, '经销商管理')).toHaveAttribute('data-active', 'true');
    await page.locator('.layout__sidebar .arco-menu-item', { hasText: '仓库管理' }).click();
    await expect(page).toHaveURL(/#\/basedata\/base\/warehouse$/);

    await topMenu(page).filter({ hasText: '更多' }).hover();
    await page.locator('.arco-dropdown-menu-item', { hasText: '监控管理' }).click();
    await expect(page).toHaveURL(/#\/monitoringManage\/monitoring\/loginMonitor$/);
    await expect(tabs(page)).toHaveText(['首页', '采购退货', '经销商管理', '仓库管理', '登录监控']);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-generic-page.png` });
  });

  test('tabs: close, middle-click, close others, close all keeps the pinned home', async ({ page }) => {
    await prepare(page);
    await login(page, 'admin');
    for (const path of ['/system/permission/users', '/system/permission/role', '/system/permission/department', '/system/permission/dictionary']) {
      await page.goto(`/#${path}`);
      await expect(page.locator(`.tags-view__tab[data-path="${path}"]`)).toHaveAttribute('data-active', 'true');
    }
    await expect(tabs(page)).toHaveCount(5);
    // Home is pinned: no close icon.
    await expect(tab(page, '首页').locator('.tags-view__close')).toHaveCount(0);

    // Closing the active tab moves to the last one left.
    await tab(page, '字典管理').locator('.tags-view__close').click();
    await expect(page).toHaveURL(/department$/);
    // Middle-click closes.
    await tab(page, '用户管理').click({ button: 'middle' });
    await expect(tabs(page)).toHaveText(['首页', '角色管理', '部门管理']);

    // The menu stays while a view scrolls its own content (a view shown again restores its
    // position), and goes when its tab moves: the tab bar or the page scrolls.
    const scrolled = (selector: string) => page.locator(selector).evaluate((el) => el.dispatchEvent(new Event('scroll')));
    await tab(page, '部门管理').click({ button: 'right' });
    await scrolled('.app-main');
    await page.waitForTimeout(100);
    await expect(page.locator('.tags-view__menu')).toBeVisible();
    await scrolled('.tags-view__scroll');
    await expect(page.locator('.tags-view__menu')).toHaveCount(0);
    await tab(page, '部门管理').click({ button: 'right' });
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await expect(page.locator('.tags-view__menu')).toHaveCount(0);

    await tab(page, '角色管理').click({ button: 'right' });
    await page.locator('.tags-view__menu li', { hasText: '关闭其他' }).click();
    await expect(tabs(page)).toHaveText(['首页', '角色管理']);
    await expect(page).toHaveURL(/role$/);

    await tab(page, '角色管理').click({ button: 'right' });
    await page.locator('.tags-view__menu li', { hasText: '关闭所有' }).click();
    await expect(tabs(page)).toHaveText(['首页']);
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('a cached view keeps its DOM and scroll across tab switches; refresh remounts it', async ({ page }) => {
    await prepare(page);
    await page.setViewportSize({ width: 1200, height: 500 });
    await login(page, 'admin');
    const main = page.locator('.app-main');
    await expect(page.locator('.app-view[data-view="/home"] [data-testid="panel-trend"] canvas')).toHaveCount(1);
    await main.evaluate((el) => el.scrollTo(0, 300));
    // The console records a view's position from scroll events, which fire on the next frame.
    await main.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.locator('.app-view[data-view="/home"]').evaluate((el) => ((el as HTMLElement).dataset.marker = 'kept'));

    await page.goto('/#/system/permission/users');
    await expect(page.locator('.app-view[data-view="/home"]')).toBeHidden();
    await tab(page, '首页').click();
    await expect(page.locator('.app-view[data-view="/home"]')).toHaveAttribute('data-marker', 'kept');
    await expect.poll(() => main.evaluate((el) => el.scrollTop)).toBe(300);

    await tab(page, '首页').click({ button: 'right' });
    await page.locator('.tags-view__menu li', { hasText: '刷新' }).click();
    await expect(page.locator('.app-view[data-view="/home"]')).not.toHaveAttribute('data-marker', 'kept');
  });

  test('switching language reloads the console in English, menus included', async ({ page }) => {
    await prepare(page);
    await login(page, 'admin');
    await page.getByTestId('open-settings').click();
    await page.getByTestId('language-select').click();
    await page.locator('.arco-select-option', { hasText: 'English' }).click();
    await expect(topMenu(page).first()).toHaveText('System');
    await expect(tab(page, 'Home')).toBeVisible();
    await expect(page.locator('.home__welcome')).toContainText('Welcome back');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.screenshot({ path: `${SCREENSHOTS}/admin-home-dark-en.png` });
    // Every request carries the language.
    const request = page.waitForRequest((r) => r.url().includes('/fms/api/v1/') && r.url().includes('lang=en-US'));
    await page.reload();
    expect((await request).headers()['accept-language']).toBe('en-US');
  });

  test('logout revokes the session and clears the views', async ({ page }) => {
    await prepare(page);
    await login(page, 'admin', { to: '/system/permission/users' });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('login-user')).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/login\?redirect=%2Fhome/);
  });
});

test.describe('settings panel and error log', () => {
  test('top navigation mode turns the sidebar off and hides the left and top menu switches', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'dealer2');
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('setting-showSidebar')).toBeVisible();
    await page.getByTestId('setting-isHorizontal').click();
    await expect(page.getByTestId('setting-showSidebar')).toHaveCount(0);
    await expect(page.getByTestId('setting-showTopMenu')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.locator('.layout__sidebar')).toHaveCount(0);
    await expect(page.locator('.horizontal-menu')).toBeVisible();
    await page.locator('.horizontal-menu .arco-menu-pop-header', { hasText: 'Warehousing' }).hover();
    await expect(page.locator('.arco-menu-pop-trigger .arco-dropdown-menu-pop-header', { hasText: 'Orders' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/horizontal-mode-en.png` });
  });

  test('the production build keeps a log of client errors with a badge, a dialog and Clear All', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await login(page, 'dealer2');
    await expect(page.getByTestId('error-log')).toHaveCount(0);
    await page.evaluate(() => setTimeout(() => { throw new Error('boom from the test'); }));
    await page.getByTestId('error-log').click();
    await expect(page.locator('.arco-modal')).toContainText('boom from the test');
    await page.locator('.arco-modal').getByText('Clear All').click();
    await expect(page.getByTestId('error-log')).toHaveCount(0);
  });
});

test.describe('themes, mobile mode and narrower roles', () => {
  test('the light theme, saved for the user, comes back at the next sign-in', async ({ page, browser }) => {
    await prepare(page);
    await login(page, 'staff');
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await page.getByTestId('open-settings').click();
    await page.getByTestId('theme-type').getByText('亮色').click();
    await expect(page.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
    // Closing the panel saves the settings for the user: listened for before, as the answer can be quick.
    const saved = page.waitForResponse((r) => r.url().includes('/sys/user/editCurrentUser'));
    await page.keyboard.press('Escape');
    await saved;
    await page.screenshot({ path: `${SCREENSHOTS}/staff-home-light-zh.png` });

    const other = await browser.newPage();
    await prepare(other);
    await login(other, 'staff');
    await expect(other.locator('body')).not.toHaveAttribute('arco-theme', 'dark');
    await other.close();
  });

  test('at 390 px the console is in mobile mode: the sidebar is a drawer that closes on navigation', async ({ page }) => {
    await prepare(page, { lang: 'en-US' });
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'admin');
    await expect(page.locator('.layout')).toHaveAttribute('data-device', 'mobile');
    await expect(page.locator('.layout__sidebar')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/mobile-home-en.png` });
    await page.getByTestId('hamburger').click();
    const drawer = page.locator('.layout__drawer');
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/mobile-drawer-en.png` });
    await drawer.locator('.arco-menu-inline-header', { hasText: 'System' }).click();
    await drawer.locator('.arco-menu-inline-header', { hasText: 'Permissions' }).click();
    await drawer.locator('.arco-menu-item', { hasText: 'Roles' }).click();
    await expect(page).toHaveURL(/#\/system\/permission\/role$/);
    await expect(drawer).toBeHidden();
    // A click outside the open sidebar closes it.
    await page.getByTestId('hamburger').click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(370, 600);
    await expect(drawer).toBeHidden();
  });

  test('a dealer sees fewer menus than the administrator, and no system administration', async ({ page }) => {
    await prepare(page);
    await login(page, 'dealer1');
    await expect(page.locator('.home__welcome')).toContainText('上海驰远轮胎销售有限公司');
    await expect(page.getByTestId('panel-onHand')).toHaveAttribute('data-state', 'ready');
    await expect(topMenu(page)).toHaveText(['基础数据', '仓储管理', '出入库明细', '智能分析', '更多']);
    await page.goto('/#/system/permission/users');
    await expect(page).toHaveURL(/#\/404$/);
    await page.screenshot({ path: `${SCREENSHOTS}/dealer-404.png` });
  });
});
