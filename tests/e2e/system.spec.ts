import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, post, prepare, SCREENSHOTS, topMenu } from './helpers';

const formItem = (page: Page, label: string) => page.getByTestId('entity-form').locator('.arco-form-item', { hasText: label }).first();
/** Form inputs are named by their placeholder, which is the field's label. */
const input = (page: Page, label: string) => page.getByTestId('entity-form').getByRole('textbox', { name: label, exact: true });
async function choose(page: Page, item: Locator, option: string) {
  await item.locator('.arco-select-view').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
}

test('a role with only two pages: its user sees exactly those menus and buttons', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Codes and names of this run only, so the test can run again against the same database.
  const tag = Date.now().toString(36).toUpperCase();
  const [roleCode, roleName, userName] = [`TWO_PAGES_${tag}`, `Two pages ${tag}`, `two.pages.${tag.toLowerCase()}`];
  await prepare(page, { lang: 'en-US' });
  await login(page, 'admin', { to: '/system/permission/role' });

  // 1. The role.
  await page.getByTestId('list-page-system:role').getByTestId('toolbar-add').click();
  await input(page, 'Code').fill(roleCode);
  await choose(page, formItem(page, 'Type'), 'Function role');
  await input(page, 'Name (Chinese)').fill(`两页角色 ${tag}`);
  await input(page, 'Name (English)').fill(roleName);
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(page.locator('.arco-table-tr', { hasText: roleCode })).toHaveCount(1);

  // 2. Its grants: Warehouses (open the page and export) and Scan detail (open the page).
  await page.locator('.arco-table-tr', { hasText: roleCode }).getByTestId('role-permissions').click();
  await expect(page.getByTestId('role-permission-tree')).toBeVisible();
  await page.getByRole('button', { name: 'Expand all' }).click();
  // Tree nodes are found by their permission code, shown beside each label.
  const tree = page.getByTestId('role-permission-tree');
  const node = (perm: string) => tree.locator('.arco-tree-node', { has: page.locator('.role-tree__perm', { hasText: new RegExp(`^${perm}$`) }) }).first();
  // The tree (its own scroller) makes only the rows in sight, anew after each scroll (at the next
  // frame): scrolled until the node is made, then to its top, each time after the rows settled.
  const settled = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const reveal = async (perm: string) => {
    await expect(async () => {
      // A screenful less a row at a time, so every row is made in one of the steps.
      const step = await tree.evaluate((list) => Math.max(200, list.clientHeight - 40));
      for (let top = 0; !(await node(perm).count()); top += step) {
        expect(top, `${perm} in the tree`).toBeLessThan(40_000);
        await tree.evaluate((list, y) => { list.scrollTop = y; }, top);
        await settled();
      }
      await node(perm).evaluate((row) => {
        const list = row.closest('.role-tree')!;
        list.scrollTop += row.getBoundingClientRect().top - list.getBoundingClientRect().top;
      }, undefined, { timeout: 2000 });
      await settled();
      await expect(node(perm)).toBeInViewport({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    return node(perm);
  };
  // A page's first child in the tree is its "Open the page" leaf.
  const openPage = async (perm: string) => (await reveal(perm)).locator('xpath=following::div[contains(concat(" ", normalize-space(@class), " "), " arco-tree-node ")][1]');
  await expect(await reveal('reportQuery:scanDetail')).toBeVisible();
  await expect(await openPage('basedata:warehouse')).toContainText('Open the page');
  await (await openPage('basedata:warehouse')).locator('.arco-checkbox').click();
  await (await reveal('basedata:warehouse:export')).locator('.arco-checkbox').click();
  await (await openPage('reportQuery:scanDetail')).locator('.arco-checkbox').click();
  await page.screenshot({ path: `${SCREENSHOTS}/role-permissions-en.png` });
  await page.getByTestId('role-grant-save').click();
  await expect(page.locator('.arco-message').last()).toContainText('Saved');

  // 3. A user holding it.
  await page.goto('/#/system/permission/users');
  await page.getByTestId('list-users').getByTestId('toolbar-add').click();
  await input(page, 'User name').fill(userName);
  await input(page, 'Nickname').fill('Two Pages');
  await input(page, 'Password').fill('Tyre#2026x');
  await choose(page, formItem(page, 'Roles'), roleName);
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(page.getByTestId('list-users').locator('.arco-table-tr', { hasText: userName })).toHaveCount(1);

  // 4. Signing in as that user: two sections, two pages, one button.
  const other = await browser.newPage();
  await prepare(other, { lang: 'en-US' });
  await login(other, userName, { password: 'Tyre#2026x' });
  await expect(topMenu(other)).toHaveText(['Base data', 'In/out detail']);
  await topMenu(other).filter({ hasText: 'Base data' }).click();
  await expect(other).toHaveURL(/#\/basedata\/base\/warehouse$/);
  await expect(other.locator('.layout__sidebar .arco-menu-item')).toHaveText(['Warehouses']);
  await topMenu(other).filter({ hasText: 'In/out detail' }).click();
  await expect(other.locator('.layout__sidebar .arco-menu-item')).toHaveText(['Scan detail']);
  await other.screenshot({ path: `${SCREENSHOTS}/two-pages-user-en.png` });
  await other.goto('/#/system/permission/users');
  await expect(other).toHaveURL(/#\/404$/);
  const info = await other.evaluate(async () => {
    const token = document.cookie.split('; ').find((c) => c.startsWith('token='))!.slice(6);
    const res = await fetch('/fms/api/v1/sys/user/getCurrentUserInfo', { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: '{}' });
    return (await res.json()) as { data: { buttonList: string[] } };
  });
  expect(info.data.buttonList).toEqual(['basedata:warehouse:export']);
  await other.close();
});

test('a published announcement raises the unread badge of its readers', async ({ page, browser }) => {
  await prepare(page, { lang: 'en-US' });
  await login(page, 'dealer2');
  // From the server: the badge may not have its count yet, and earlier tests publish to everyone.
  const dealerToken = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const { count: before } = await post<{ count: number }>(page.request, '/sys/announcement/unreadCount', {}, dealerToken);

  const admin = await browser.newPage();
  await prepare(admin, { lang: 'en-US' });
  await login(admin, 'admin');
  const token = (await admin.context().cookies()).find((c) => c.name === 'token')!.value;
  const adminPost = (path: string, body: unknown) => admin.evaluate(async ([p, b, t]) => {
    const res = await fetch(`/fms/api/v1${p}`, { method: 'POST', headers: { token: t, 'content-type': 'application/json' }, body: JSON.stringify(b) });
    return (await res.json()) as { code: number; data: { id: number } };
  }, [path, body, token] as const);
  const created = await adminPost('/sys/announcement/save', { title: 'Winter tyre season opens', content: '<p>Stock <b>winter</b> tyres now.</p>', audience: 'all' });
  expect(created.code).toBe(200);
  expect((await adminPost('/sys/announcement/publish', { id: created.data.id })).code).toBe(200);
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('messages').locator('.arco-badge-number')).toHaveText(String(before + 1));
  await page.getByTestId('messages').click();
  await expect(page.getByTestId('inbox')).toContainText('Winter tyre season opens');
  await page.screenshot({ path: `${SCREENSHOTS}/dealer-inbox-en.png` });
});
