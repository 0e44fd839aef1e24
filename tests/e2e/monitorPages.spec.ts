import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, prepare, SCREENSHOTS } from './helpers';

/** Monitoring › Log monitor and Login monitor, over a real edit and real sign-ins. */
const API = '/fms/api/v1';
const LOG_MONITOR = '/monitoringManage/monitoring/logMonitor';
const LOGIN_MONITOR = '/monitoringManage/monitoring/loginMonitor';

async function token(request: APIRequestContext, userName = 'admin') {
  const res = await request.post(`${API}/sys/login`, { data: { userName, passWord: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A logistics provider saved, then renamed and disabled: two audit entries, the second with a before and an after. */
async function editProvider(request: APIRequestContext, code: string, name: string) {
  const headers = { token: await token(request) };
  const saved = await request.post(`${API}/other/logistics/save`, { headers, data: { code, name, phone: '13912345678' } });
  expect(saved.status()).toBe(200);
  const { id } = ((await saved.json()) as { data: { id: number } }).data;
  const updated = await request.post(`${API}/other/logistics/update`, { headers, data: { id, code, name: `${name} Co`, phone: '13912345678', status: 'disabled' } });
  expect(updated.status()).toBe(200);
  return id;
}

const report = (page: Page, name: string) => page.getByTestId(`report-${name}`);

async function openLogMonitor(page: Page, keyword: string) {
  await page.goto(`/#${LOG_MONITOR}`);
  // Each open tab keeps its view: look inside this report's only.
  const view = report(page, 'logMonitor');
  await expect(view).toBeVisible();
  // On a phone the keyword is folded away with the other filters.
  if (!(await view.getByTestId('filter-keyword').isVisible())) await view.getByRole('button', { name: 'More filters' }).click();
  await view.getByTestId('filter-keyword').locator('input').fill(keyword);
  await view.getByTestId('report-search').click();
  // The search has answered when every row shown matches it (the entity, user or action).
  await expect(view.locator('tbody tr').filter({ hasNotText: keyword })).toHaveCount(0);
}

async function openLoginMonitor(page: Page) {
  await page.goto(`/#${LOGIN_MONITOR}`);
  await expect(report(page, 'loginMonitor')).toBeVisible();
  await expect(report(page, 'loginMonitor').getByTestId('report-chart').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
}

for (const theme of ['light', 'dark'] as const) {
  test(`an edit shows in the log monitor with its before and after; a failed sign-in stands out in the login monitor (${theme})`, async ({ page, request }) => {
    // A provider of this run only, so the test can run again against the same database.
    const tag = Date.now().toString(36).toUpperCase();
    const code = `E2EMON${tag}`;
    const name = `<b>${theme}</b> Freight ${tag}`;
    const id = await editProvider(request, code, name);
    // A wrong password for dealer2: a failed attempt for the login monitor.
    expect((await request.post(`${API}/sys/login`, { data: { userName: 'dealer2', passWord: 'Wrong#2026x' } })).status()).toBe(400);

    await prepare(page, { lang: 'en-US', theme });
    await login(page, 'admin', { to: null });
    await openLogMonitor(page, 'logistics');
    const row = report(page, 'logMonitor').locator('tbody tr').filter({ hasText: 'Update' }).filter({ hasText: `${name} Co` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(String(id));
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-log-${theme}-1440.png`, fullPage: true, animations: 'disabled' });

    await row.getByTestId('report-open-row').click();
    const change = page.getByTestId('audit-change');
    await expect(change).toBeVisible();
    const nameField = change.locator('tr[data-field="name"]');
    await expect(nameField).toHaveAttribute('data-changed', 'true');
    await expect(nameField.locator('td').nth(0)).toHaveText(`"${name}"`);
    await expect(nameField.locator('td').nth(1)).toHaveText(`"${name} Co"`);
    await expect(change.locator('tr[data-field="code"]')).toHaveAttribute('data-changed', 'false');
    await expect(change.getByTestId('audit-changed-count')).toHaveText('2 fields changed');
    // What a user typed is text, never markup.
    await expect(change.locator('b')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-log-change-${theme}-1440.png`, animations: 'disabled' });
    await change.getByRole('tab', { name: 'Full JSON' }).click();
    await expect(change.getByTestId('audit-before')).toContainText(`"name": "${name}"`);
    await expect(change.getByTestId('audit-after')).toContainText(`"name": "${name} Co"`);
    await expect(change.getByTestId('audit-after')).toContainText('"status": "disabled"');
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-log-json-${theme}-1440.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(change).toBeHidden();

    await openLoginMonitor(page);
    const failed = report(page, 'loginMonitor').locator('tbody tr.monitor-row--failed').filter({ hasText: 'dealer2' }).first();
    await expect(failed).toBeVisible();
    await expect(failed.locator('[data-reason="badCredentials"]')).toHaveText('Wrong user name or password');
    await expect(failed).toContainText('No');
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-login-${theme}-1440.png`, fullPage: true, animations: 'disabled' });

    // A 390 px phone: the filters fold, the table scrolls inside the page, the change opens full width.
    await page.setViewportSize({ width: 390, height: 844 });
    await openLoginMonitor(page);
    await expect(report(page, 'loginMonitor').getByTestId('report-filters').locator('.arco-form-item')).toHaveCount(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-login-${theme}-390.png`, fullPage: true, animations: 'disabled' });
    await openLogMonitor(page, 'logistics');
    await expect(report(page, 'logMonitor').locator('tbody tr').filter({ hasText: name })).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-log-${theme}-390.png`, fullPage: true, animations: 'disabled' });
    await report(page, 'logMonitor').locator('tbody tr').filter({ hasText: 'Update' }).filter({ hasText: `${name} Co` }).click();
    await expect(change.locator('tr[data-field="name"]')).toHaveAttribute('data-changed', 'true');
    await page.screenshot({ path: `${SCREENSHOTS}/monitor-log-change-${theme}-390.png`, animations: 'disabled' });
  });
}
