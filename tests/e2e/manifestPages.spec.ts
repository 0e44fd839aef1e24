import { expect, test } from '@playwright/test';
import { login, prepare, SCREENSHOTS } from './helpers';

/** A list page made from its manifest entry alone (src/shared/pages/other.ts): Other › Logistics providers. */
test.describe('a manifest list page', () => {
  test('add with the form\'s rules, find, edit; the same list under Monitoring for staff, without delete', async ({ page }) => {
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/other/otherConfig/logistics' });
    const list = page.getByTestId('list-page-other:logistics');
    await expect(list.locator('.arco-table-th', { hasText: 'Provider code' })).toBeVisible();

    await list.getByTestId('toolbar-add').click();
    const form = page.getByTestId('entity-form');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('Provider code cannot be empty');
    await expect(form).toContainText('Provider name cannot be empty');
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await form.getByPlaceholder('Provider code').fill(code.toLowerCase());
    await form.getByPlaceholder('Provider name').fill('Swift Freight');
    await form.getByPlaceholder('Phone').fill('123');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(form).toContainText('Please enter uppercase letters');
    await expect(form).toContainText('Please enter the right phone number');
    await form.getByPlaceholder('Provider code').fill(code);
    await form.getByPlaceholder('Phone').fill('13800138000');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('Saved');

    await list.getByTestId('search-form').getByPlaceholder('Keyword').fill(code);
    await list.getByTestId('search-submit').click();
    const row = list.locator('.arco-table-tr', { hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Normal');
    // Edit: the code is locked, the name changes.
    await row.getByTestId('row-edit').click();
    await expect(form.getByPlaceholder('Provider code')).toBeDisabled();
    await form.getByPlaceholder('Provider name').fill('Swift Freight Co');
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(row).toContainText('Swift Freight Co');
    await page.screenshot({ path: `${SCREENSHOTS}/manifest-list-logistics.png` });

    // Staff holds the Monitoring place of the same page, without delete buttons.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.locator('.arco-modal .arco-btn-primary').click();
    await expect(page).toHaveURL(/#\/login$/);
    await login(page, 'staff', { to: '/monitoringManage/monitoring/logistics' });
    const staffList = page.getByTestId('list-page-other:logistics');
    await staffList.getByTestId('search-form').getByPlaceholder('Keyword').fill(code);
    await staffList.getByTestId('search-submit').click();
    await expect(staffList.locator('.arco-table-tr', { hasText: code })).toHaveCount(1);
    await expect(staffList.getByTestId('toolbar-add')).toBeVisible();
    await expect(staffList.getByTestId('toolbar-delete')).toHaveCount(0);
  });
});

/** A boolean field (Base data › Scenes): a switch in the form, on or off by its default, a Yes/No tag in the table. */
test('boolean fields: switches in the form, Yes/No in the table', async ({ page }) => {
  await prepare(page, { lang: 'en-US', theme: 'light' });
  await login(page, 'admin', { to: '/basedata/base/scenceConfig' });
  const list = page.getByTestId('list-page-basedata:scenceConfig');
  await list.getByTestId('toolbar-add').click();
  const form = page.getByTestId('entity-form');
  const flag = (label: string) => form.locator('.arco-form-item', { hasText: label }).locator('.arco-switch');
  // Scan required is on for a new scene, post to ERP off.
  await expect(flag('Scan required')).toHaveClass(/arco-switch-checked/);
  await expect(flag('Post to ERP')).not.toHaveClass(/arco-switch-checked/);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await form.getByPlaceholder('Code').fill(code);
  await form.getByPlaceholder('Name').fill('Switch scene');
  await form.locator('.arco-form-item', { hasText: 'Order type' }).locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'Transfer' }).first().click();
  await flag('Scan required').click();
  await flag('Post to ERP').click();
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(page.locator('.arco-message').last()).toContainText('Saved');
  await list.getByTestId('search-form').getByPlaceholder('Keyword').fill(code);
  await list.getByTestId('search-submit').click();
  const row = list.locator('.arco-table-tr', { hasText: code });
  await expect(row).toHaveCount(1);
  const header = await list.locator('.arco-table-th').allInnerTexts();
  const cell = (title: string) => row.locator('.arco-table-td').nth(header.findIndex((h) => h.trim() === title));
  await expect(cell('Scan required')).toHaveText('No');
  await expect(cell('Post to ERP')).toHaveText('Yes');
});

/** Status moves declared in the manifest (Base data › PDA devices): a row's own move, then one for the rows selected. */
test('status moves: on the row, and from the toolbar for a selection', async ({ page }) => {
  await prepare(page, { lang: 'en-US', theme: 'light' });
  await login(page, 'admin', { to: '/basedata/base/scandiviceReg' });
  const list = page.getByTestId('list-page-basedata:scandiviceReg');
  await list.getByTestId('toolbar-add').click();
  const form = page.getByTestId('entity-form');
  await form.getByPlaceholder('Serial number').fill('SN E2E/1');
  await form.getByPlaceholder('Name', { exact: true }).fill('E2E scanner');
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(form).toContainText('Invalid value');
  const serial = `SN-E2E-${Date.now().toString(36).toUpperCase()}`;
  await form.getByPlaceholder('Serial number').fill(serial);
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(page.locator('.arco-message').last()).toContainText('Saved');

  await list.getByTestId('search-form').getByPlaceholder('Keyword').fill(serial);
  await list.getByTestId('search-submit').click();
  const row = list.locator('.arco-table-tr', { hasText: serial });
  await expect(row).toContainText('Not activated');
  await expect(row.getByTestId('row-freeze')).toHaveCount(0);
  await row.getByTestId('row-activate').click();
  await page.locator('.arco-popconfirm .arco-btn-primary').click();
  await expect(page.locator('.arco-message').last()).toContainText('1 devices activated');
  await expect(row).toContainText('Activated');

  // The toolbar moves the rows selected, and says so when none may move.
  await list.getByTestId('toolbar-freeze').click();
  await expect(page.locator('.arco-message').last()).toContainText('Please select activated devices');
  await row.locator('.arco-checkbox').click();
  await list.getByTestId('toolbar-freeze').click();
  await expect(page.locator('.arco-modal')).toContainText('Freeze 1 devices?');
  await page.locator('.arco-modal .arco-btn-primary').click();
  await expect(row).toContainText('Frozen');
  await expect(row.getByTestId('row-activate')).toBeVisible();
});

/** A list shown one warehouse at a time (Base data › Location rules): the picker fixes the rows and a new rule's warehouse. */
test('a picked list: rules of the warehouse chosen, target locations of that warehouse, empty fields read Any', async ({ page }) => {
  await prepare(page, { lang: 'en-US', theme: 'light' });
  await login(page, 'admin', { to: '/basedata/base/storagelocationRule' });
  const list = page.getByTestId('list-page-basedata:storagelocationRule');
  const picked = list.getByTestId('list-picker').locator('.arco-select-view-value');
  await expect(picked).not.toBeEmpty();
  const warehouse = (await picked.innerText()).trim();
  await list.getByTestId('toolbar-add').click();
  const form = page.getByTestId('entity-form');
  await expect(form.locator('.arco-form-item', { hasText: 'Warehouse' }).first()).toContainText(warehouse);
  const name = `E2E rule ${Date.now().toString(36)}`;
  await form.getByPlaceholder('Rule name').fill(name);
  await expect(form.getByPlaceholder('Any').first()).toBeVisible();
  await form.locator('.arco-form-item', { hasText: 'Target locations' }).locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option').first().click();
  await page.keyboard.press('Escape');
  await page.locator('.arco-modal .arco-btn-primary').click();
  // Saved: the form closes (the 'Saved' message lasts three seconds, which a notice popup's handling can outlast).
  await expect(form).toBeHidden();
  await list.getByTestId('search-form').getByPlaceholder('Keyword').fill(name);
  await list.getByTestId('search-submit').click();
  const row = list.locator('.arco-table-tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Any');
});

/** A search on whether a field is filled (Base data › Material relations: matched or not), an empty ref saying what it means. */
test('a filled-or-not search: unmatched relations read Unmatched', async ({ page }) => {
  await prepare(page, { lang: 'en-US', theme: 'light' });
  await login(page, 'admin', { to: '/basedata/base/materialRelation' });
  const list = page.getByTestId('list-page-basedata:materialRelation');
  await list.getByTestId('search-form').locator('.arco-form-item', { hasText: 'Matching' }).locator('.arco-select').click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'Unmatched' }).click();
  await list.getByTestId('search-submit').click();
  const rows = list.locator('tbody .arco-table-tr');
  await expect(rows.first()).toContainText('Unmatched');
  const texts = await rows.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.every((t) => t.includes('Unmatched'))).toBe(true);
});
