import { expect, test } from '@playwright/test';
import { describeFindings, seriousViolations, settled } from './axe';
import { login, prepare, SCREENSHOTS } from './helpers';

/**
 * System › Integration (docs/integrations.md): an administrator makes a service account, issues it a
 * key (shown once, with a copy button), sees it listed, and revokes it after a confirmation; the
 * webhook endpoints are a list like any other. Both pages and the key dialogs pass axe in both
 * languages and themes, on a desktop and at 390 px.
 */
const ACCOUNTS = '/system/integration/serviceAccounts';
const HOOKS = '/system/integration/webhooks';

for (const combo of [
  { lang: 'en-US', theme: 'light', width: 1440 },
  { lang: 'zh-CN', theme: 'dark', width: 390 },
] as const) {
  test(`service accounts and their keys, webhooks: ${combo.lang} ${combo.theme} ${combo.width}px`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: combo.width, height: combo.width > 992 ? 900 : 844 });
    await prepare(page, { lang: combo.lang, theme: combo.theme });
    await login(page, 'admin', { to: ACCOUNTS });
    const view = page.locator(`section.app-view[data-view="${ACCOUNTS}"]`);
    await settled(page, `section.app-view[data-view="${ACCOUNTS}"]`);
    const findings = await seriousViolations(page, ACCOUNTS);

    // A new account, through the list's own form.
    const name = `erp-${combo.lang === 'en-US' ? 'en' : 'zh'}-${Date.now() % 100_000}`;
    await view.getByTestId('toolbar-add').first().click();
    const form = page.getByTestId('entity-form');
    await expect(form).toBeVisible();
    await form.locator('input').first().fill(name);
    await form.locator('input').nth(1).fill('Maker ERP');
    findings.push(...await seriousViolations(page, `${ACCOUNTS} (add)`, '.arco-modal-wrapper, .arco-drawer-wrapper'));
    await page.locator('.arco-modal-wrapper, .arco-drawer-wrapper').filter({ visible: true }).last().getByRole('button', { name: combo.lang === 'en-US' ? /^(OK|Save|Confirm)$/ : /^(确定|保存|确认)$/ }).click();
    await expect(form).toBeHidden();

    const row = view.locator('tr', { hasText: name });
    await expect(row).toBeVisible();
    await row.getByTestId('service-account-keys').click();
    const drawer = page.locator('.arco-drawer-wrapper').filter({ visible: true });
    await expect(drawer.getByTestId('key-table')).toBeVisible();
    await drawer.getByTestId('key-issue').click();
    const issue = page.locator('.arco-modal-wrapper').filter({ visible: true }).last();
    await issue.locator('input').first().fill('Production');
    await issue.getByRole('button', { name: combo.lang === 'en-US' ? 'OK' : '确定' }).click();

    // Shown once, with a copy button.
    const value = page.getByTestId('key-issued-value');
    await expect(value).toHaveValue(/^tcc_[A-Za-z0-9_-]{43}$/);
    const key = await value.inputValue();
    // The issuing dialog fades out as the key's opens: checked mid-fade, its fields blend into the page.
    await expect(page.locator('.arco-modal-wrapper').filter({ visible: true })).toHaveCount(1);
    findings.push(...await seriousViolations(page, `${ACCOUNTS} (key shown)`, '.arco-modal-wrapper'));
    await page.getByTestId('key-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.screenshot({ path: `${SCREENSHOTS}/integration-key-${combo.lang}-${combo.width}.png` });
    await page.getByTestId('key-issued-done').click();
    await expect(value).toBeHidden();
    await expect(drawer.locator('tr', { hasText: 'Production' })).toContainText(key.slice(0, 12));
    expect(await drawer.textContent()).not.toContain(key);
    findings.push(...await seriousViolations(page, `${ACCOUNTS} (keys)`, '.arco-drawer-wrapper'));

    // Revoked only after a confirmation.
    await drawer.getByTestId('key-revoke').click();
    const confirm = page.locator('.arco-popconfirm').filter({ visible: true });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: combo.lang === 'en-US' ? 'OK' : '确定' }).click();
    await expect(drawer.locator('tr', { hasText: 'Production' })).toContainText(combo.lang === 'en-US' ? 'Revoked' : '已吊销');
    const refused = await page.request.post('/fms/api/v1/orderManage/PRorder/selectByPage', { data: { pageSize: 1 }, headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    await page.screenshot({ path: `${SCREENSHOTS}/integration-keys-${combo.lang}-${combo.width}.png` });
    await drawer.locator('.arco-drawer-close-icon').click();

    await page.goto(`/#${HOOKS}`);
    await settled(page, `section.app-view[data-view="${HOOKS}"]`);
    findings.push(...await seriousViolations(page, HOOKS));
    await page.locator(`section.app-view[data-view="${HOOKS}"]`).getByTestId('toolbar-add').first().click();
    await expect(page.getByTestId('entity-form')).toBeVisible();
    findings.push(...await seriousViolations(page, `${HOOKS} (add)`, '.arco-modal-wrapper, .arco-drawer-wrapper'));
    await page.screenshot({ path: `${SCREENSHOTS}/integration-webhook-form-${combo.lang}-${combo.width}.png` });
    const hookForm = page.getByTestId('entity-form');
    const hook = `hook-${combo.lang}-${Date.now() % 100_000}`;
    await hookForm.locator('input').first().fill(hook);
    await hookForm.locator('input').nth(1).fill('https://erp.example.com/hooks');
    const secret = hookForm.locator('input[type="password"]');
    await secret.fill('whsec_e2e_signing_secret_1234');
    await page.locator('.arco-modal-wrapper, .arco-drawer-wrapper').filter({ visible: true }).last().getByRole('button', { name: combo.lang === 'en-US' ? /^(OK|Save|Confirm)$/ : /^(确定|保存|确认)$/ }).click();
    await expect(hookForm).toBeHidden();
    // The secret is never shown back: editing shows it empty, to be left so or replaced.
    const hookRow = page.locator(`section.app-view[data-view="${HOOKS}"] tr`, { hasText: hook });
    await expect(hookRow).toBeVisible();
    await expect(hookRow).not.toContainText('whsec_');
    await hookRow.getByRole('button', { name: combo.lang === 'en-US' ? 'Edit' : '编辑' }).click();
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAttribute('placeholder', combo.lang === 'en-US' ? 'Unchanged: type a new one to replace it' : '未更改：输入新的值以替换');
    await page.locator('.arco-modal-wrapper, .arco-drawer-wrapper').filter({ visible: true }).last().getByRole('button', { name: combo.lang === 'en-US' ? /^(OK|Save|Confirm)$/ : /^(确定|保存|确认)$/ }).click();
    await expect(hookForm).toBeHidden();
    expect(findings.length, `serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
  });
}
