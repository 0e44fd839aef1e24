import { expect, test, type Page } from '@playwright/test';
import { login, prepare, SCREENSHOTS } from './helpers';

const modal = (page: Page) => page.locator('.arco-modal').last();
const item = (page: Page, label: string) => modal(page).locator('.arco-form-item', { has: page.locator('.arco-form-label-item', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*$`) }) });
const fill = (page: Page, label: string, value: string) => item(page, label).locator('input').fill(value);
async function choose(page: Page, label: string, option: string) {
  await item(page, label).locator('.arco-select').click();
  await page.keyboard.type(option);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}
async function confirm(page: Page) {
  await modal(page).locator('.arco-btn-primary').click();
  await expect(page.locator('.arco-message').last()).toContainText(/Saved|created/);
}

test.describe('Base data › dealers and warehouses', () => {
  test('admin creates a dealer, its warehouse, an area and generated locations', async ({ page }) => {
    // Codes of this run only, so the test can run again against the same database.
    const dealer = `E2E${Date.now().toString(36).toUpperCase()}`;
    const warehouse = `${dealer}W1`;
    await prepare(page, { lang: 'en-US', theme: 'light' });
    await login(page, 'admin', { to: '/basedata/base/brokerInfo' });
    const dealers = page.getByTestId('list-page-basedata:brokerInfo');
    await expect(dealers.locator('.arco-table-tr', { hasText: 'SH0001' })).toHaveCount(1);
    await dealers.getByTestId('toolbar-add').click();
    await fill(page, 'Dealer code', dealer.toLowerCase());
    await fill(page, 'Dealer name', `${dealer} Tyres Ltd`);
    await modal(page).locator('.arco-btn-primary').click();
    await expect(modal(page)).toContainText('Please enter uppercase letters');
    await fill(page, 'Dealer code', dealer);
    await fill(page, 'Phone', '13912345678');
    await confirm(page);
    await dealers.getByTestId('search-form').locator('input').first().fill(dealer);
    await dealers.getByTestId('search-submit').click();
    await expect(dealers.locator('.arco-table-tr', { hasText: `${dealer} Tyres Ltd` })).toHaveCount(1);

    await page.goto('/#/basedata/base/warehouse');
    const warehouses = page.getByTestId('list-page-basedata:warehouse');
    await warehouses.getByTestId('toolbar-add').click();
    await fill(page, 'Warehouse code', warehouse);
    await fill(page, 'Warehouse name', 'E2E main warehouse');
    await choose(page, 'Dealer', dealer);
    await confirm(page);
    await warehouses.getByTestId('search-form').locator('input').first().fill(warehouse);
    await warehouses.getByTestId('search-submit').click();
    await expect(warehouses.locator('.arco-table-tr', { hasText: `${dealer} Tyres Ltd` })).toHaveCount(1);

    await page.goto('/#/basedata/base/storehouse');
    const areas = page.getByTestId('list-page-basedata:storehouse');
    await areas.getByTestId('toolbar-add').click();
    await choose(page, 'Warehouse', warehouse);
    await fill(page, 'Area code', 'A');
    await fill(page, 'Area name', 'Area A');
    await confirm(page);

    await page.goto('/#/basedata/base/storagelocation');
    const locations = page.getByTestId('list-page-basedata:storagelocation');
    // The picker opens once the warehouses are in (and the first is chosen).
    await expect(locations.getByTestId('warehouse-picker')).not.toHaveClass(/arco-select-disabled/);
    await locations.getByTestId('warehouse-picker').click();
    await page.keyboard.type(warehouse);
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: warehouse }).first().click();
    await locations.getByTestId('toolbar-generate').click();
    await choose(page, 'Area', 'Area A');
    await item(page, 'Rows').locator('input').fill('2');
    await item(page, 'Levels').locator('input').fill('2');
    await modal(page).locator('.arco-btn-primary').click();
    await expect(page.locator('.arco-message').last()).toContainText('4 locations created');
    for (const code of ['A-01-01', 'A-01-02', 'A-02-01', 'A-02-02']) {
      await expect(locations.locator('.arco-table-tr', { hasText: code })).toHaveCount(1);
    }

    // One by hand: the form starts in the picked warehouse and offers its areas only; another warehouse clears the choice.
    await locations.getByTestId('toolbar-add').click();
    await expect(item(page, 'Warehouse')).toContainText(warehouse);
    const areaOptions = page.locator('.arco-select-popup:visible .arco-select-option');
    await item(page, 'Area').locator('.arco-select').click();
    await expect(areaOptions).toHaveCount(1);
    await expect(areaOptions.first()).toHaveText('A Area A');
    await areaOptions.first().click();
    await choose(page, 'Warehouse', 'SH0001');
    await expect(item(page, 'Area')).not.toContainText('Area A');
    await item(page, 'Area').locator('.arco-select').click();
    await expect(areaOptions.filter({ hasText: 'Area A' })).toHaveCount(0);
    await item(page, 'Warehouse').locator('.arco-select').click();
    // The search box still holds what was typed to find SH0001.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(warehouse);
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: warehouse }).first().click();
    await choose(page, 'Area', 'Area A');
    await fill(page, 'Location code', 'A-09-09');
    await confirm(page);
    await expect(locations.locator('.arco-table-tr', { hasText: 'A-09-09' })).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOTS}/warehousing-locations.png`, fullPage: true });
  });
});
