import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { workerBaseUrl } from './servers';

export const DEMO_PASSWORD = 'Demo@2026';
export const SCREENSHOTS = 'tests/e2e/screenshots';
export const API = '/fms/api/v1';

/**
 * Fresh browser state in the language and theme a test wants, before the console loads. A signed-in
 * user with unread delivery notices (the demo's, or a delivery a test makes) gets their popup 10 s
 * after the shell (it never closes by itself), over the top right of the page: at 390 px over the
 * whole of it. Unless a test is about notices (`notices: 'keep'`), the popup is never shown: a
 * style hides it from the page's start (a popup that came between a click's checks and its press
 * took the click: the drawer's menu item under it stayed unclicked), and the handler hides one that
 * still stands in an action's way; hidden, not closed by a click, which would also close the
 * select, drawer or menu the test has open.
 */
export async function prepare(page: Page, opts: { lang?: 'zh-CN' | 'en-US'; theme?: 'dark' | 'light'; notices?: 'hide' | 'keep' } = {}) {
  if (opts.notices !== 'keep') {
    await page.addInitScript(() => {
      const hide = () => {
        const style = document.createElement('style');
        style.textContent = '.arco-notification:has([data-testid="notice-popup"]) { display: none !important; }';
        document.head.append(style);
      };
      if (document.head) hide(); else document.addEventListener('DOMContentLoaded', hide);
    });
    const popup = page.locator('.arco-notification', { has: page.getByTestId('notice-popup') });
    await page.addLocatorHandler(popup, (found) => found.evaluateAll((els) => els.forEach((el) => { (el as HTMLElement).style.display = 'none'; })));
  }
  await page.addInitScript(([lang, theme]) => {
    if (sessionStorage.getItem('prepared')) return;
    sessionStorage.setItem('prepared', '1');
    localStorage.clear();
    localStorage.setItem('language', lang);
    if (theme) localStorage.setItem('settings', JSON.stringify({ customTheme: theme }));
  }, [opts.lang ?? 'zh-CN', opts.theme ?? ''] as const);
}

/**
 * Signed in as `userName` through the API, the session's cookie set as the console's login form
 * sets it (the form has tests of its own, in shell.spec.ts), then `to` opened (home unless said)
 * and the shell waited for. Opening the page a test is about, rather than home and then that
 * page, spares each test home's dashboard. `to: null` only signs in: the test's next `goto` opens
 * the console signed in (a page outside the shell: a wall screen, a print card, 404).
 */
export async function login(page: Page, userName: string, opts: { password?: string; to?: string | null } = {}) {
  const { token } = await post<{ token: string }>(page.request, '/sys/login', { userName, passWord: opts.password ?? DEMO_PASSWORD });
  await page.context().addCookies([{ name: 'token', value: token, url: workerBaseUrl(), sameSite: 'Lax' }]);
  // A page showing the console already keeps its session in memory: a new document reads the cookie.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  if (opts.to === null) return;
  await page.goto(`/#${opts.to ?? '/home'}`);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export const tabs = (page: Page) => page.locator('.tags-view__tab');
export const tab = (page: Page, title: string) => page.locator('.tags-view__tab', { hasText: title });
export const topMenu = (page: Page) => page.locator('.top-menu__item');

/** A call straight to the API (setting up what a browser test then watches arrive); answers its data, failing the test on an error. */
export async function post<T>(request: APIRequestContext, path: string, body: unknown, token?: string): Promise<T> {
  const res = await request.post(API + path, { data: body, headers: token ? { token } : {} });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(res.status(), `${path}: ${json.msg}`).toBe(200);
  return json.data;
}

/**
 * Resolves once the console's socket.io connection is accepted: the server's CONNECT packet
 * (`40…`) comes after its handshake placed the socket in its rooms, so a push sent after this
 * reaches it. Call before signing in.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => { if (String(frame.payload).startsWith('40')) resolve(); });
    });
  });
}
