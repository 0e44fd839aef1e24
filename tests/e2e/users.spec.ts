import { expect, test, type Page } from '@playwright/test';
import { login, prepare } from './helpers';

/** Form inputs are named by their placeholder, which is the field's label. */
const input = (page: Page, label: string) => page.getByTestId('entity-form').getByRole('textbox', { name: label, exact: true });
const formItem = (page: Page, label: string) => page.getByTestId('entity-form').locator('.arco-form-item', { hasText: label }).first();
/** Chooses a department in the tree select of a form or search field (the tree opens expanded). */
async function chooseInTree(page: Page, opener: ReturnType<Page['locator']>, name: string) {
  await opener.locator('.arco-tree-select-view').click();
  await page.locator('.arco-tree-select-popup:visible .arco-tree-node-title', { hasText: new RegExp(`^${name}$`) }).click();
}

/**
 * System › Users, a manifest list with two field kinds of its own: a first password (in the create
 * form only, held to the password rules) and a department chosen in a tree (a search for one finds
 * the users of the departments below it too); freezing is the page's own row button.
 */
test('users: a first password on create only, a department from the tree, freezing', async ({ page }) => {
  const userName = `tree.user.${Date.now().toString(36)}`;
  await prepare(page, { lang: 'en-US', theme: 'light' });
  await login(page, 'admin', { to: '/system/permission/users' });
  const list = page.getByTestId('list-users');

  await list.getByTestId('toolbar-add').click();
  await input(page, 'User name').fill(userName);
  await input(page, 'Nickname').fill('Tree user');
  await page.getByTestId('entity-form').getByPlaceholder('Password').fill('20262027');
  // A department below another: the tree shows it within 总部.
  // (Checked while the tree is open: a single choice closes it, and its fading out is no state to test.)
  await expect(page.locator('.arco-tree-select-popup:visible')).toHaveCount(0);
  await formItem(page, 'Department').locator('.arco-tree-select-view').click();
  await expect(page.locator('.arco-tree-select-popup:visible .arco-tree-node[aria-level="1"]', { hasText: /^渠道管理部$/ })).toHaveCount(1);
  await page.locator('.arco-tree-select-popup:visible .arco-tree-node-title', { hasText: /^渠道管理部$/ }).click();
  await expect(page.locator('.arco-tree-select-popup:visible')).toHaveCount(0);
  await expect(formItem(page, 'Department')).toContainText('渠道管理部');
  await formItem(page, 'Roles').locator('.arco-select-view').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'Channel staff' }).first().click();
  await page.keyboard.press('Escape');
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(page.getByTestId('entity-form')).toContainText('The password cannot be all digits or all letters');
  await page.getByTestId('entity-form').getByPlaceholder('Password').fill('Tree#2026x');
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(page.locator('.arco-message').last()).toContainText('Saved');

  // Searched by the department above its own: the tree's users are found.
  const search = list.getByTestId('search-form');
  await search.getByPlaceholder('Keyword').fill(userName);
  await chooseInTree(page, search.locator('.arco-form-item', { hasText: 'Department' }), '总部');
  await list.getByTestId('search-submit').click();
  const row = list.locator('.arco-table-tr', { hasText: userName });
  await expect(row).toContainText('渠道管理部');
  await expect(row).toContainText('Channel staff');
  await expect(row).toContainText('Normal');

  // Editing: no password field; the department is the one chosen.
  await row.getByTestId('row-edit').click();
  await expect(input(page, 'Nickname')).toHaveValue('Tree user');
  await expect(page.getByTestId('entity-form').getByPlaceholder('Password')).toHaveCount(0);
  await expect(formItem(page, 'Department')).toContainText('渠道管理部');
  await page.locator('.arco-modal .arco-btn-secondary').click();

  await row.getByTestId('row-freeze').click();
  await page.locator('.arco-popconfirm .arco-btn-primary').click();
  await expect(row).toContainText('Frozen');
  await expect(row.getByTestId('row-unfreeze')).toBeVisible();
});

test('users on a 390 px phone: the rows show who they are, and their buttons scroll with them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await prepare(page, { lang: 'en-US', theme: 'dark' });
  await login(page, 'admin', { to: '/system/permission/users' });
  const list = page.getByTestId('list-users');
  // Held at the right edge, three row buttons took the whole width and hid every other column.
  await expect(list.getByRole('cell', { name: 'dealer1', exact: true })).toBeInViewport();
  const reset = list.getByTestId('row-reset-password').nth(1);
  await expect(reset).not.toBeInViewport();
  await reset.scrollIntoViewIfNeeded();
  await expect(reset).toBeInViewport();
});
