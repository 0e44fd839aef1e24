import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, login, post, prepare } from './helpers';

/**
 * Stored script: markup typed into a free-text field is stored as it was typed
 * and shown elsewhere as text. Each field gets an image whose error handler, and a script
 * element whose text, would set window.__xss; the page must show the markup literally, hold
 * no such element, and never run it. (The console's Content-Security-Policy would block
 * inline handlers anyway, so the test looks for the elements themselves, not only for the flag.)
 */
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=2</script>';
const TAG = `XSS${Date.now().toString(36).toUpperCase()}`;
const XSS_USER = `xss.${TAG.toLowerCase()}`;
const XSS_PASSWORD = 'Xss#2026pw';

const names = {
  dealer: `Dealer ${TAG} ${IMG}`,
  dealerAddress: `Road ${SCRIPT}`,
  warehouse: `Warehouse ${TAG} ${SCRIPT}`,
  material: `Tyre ${TAG} ${IMG}`,
  nickname: `Nick ${IMG}`,
  remark: `Remark ${IMG} ${SCRIPT}`,
  counterparty: `Carrier ${SCRIPT}`,
  mailSubject: `Mail ${TAG} ${IMG}`,
  mailBody: `Body line ${SCRIPT}\nsecond ${IMG}`,
  announcementTitle: `Notice ${TAG} ${IMG}`,
};

/** Watches a page for any sign that stored markup ran: a dialog, or a Content-Security-Policy refusal. */
function watch(page: Page): string[] {
  const signs: string[] = [];
  page.on('dialog', (d) => { signs.push(`dialog: ${d.message()}`); void d.dismiss(); });
  page.on('console', (m) => { if (/Content Security Policy|Refused to execute/i.test(m.text())) signs.push(m.text()); });
  return signs;
}

/** The text is on screen as text, and nothing of the payloads became an element or ran. */
async function expectShownAsText(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

async function searchFor(page: Page, keyword: string) {
  const form = page.getByTestId('search-form').filter({ visible: true });
  await form.locator('input').first().fill(keyword);
  // Dispatched, not clicked: a new-order notice may be sliding in over the button.
  await page.getByTestId('search-submit').filter({ visible: true }).dispatchEvent('click');
}

let orderNo = '';
test.beforeAll(async ({ playwright }) => {
  const request: APIRequestContext = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const admin = (await post<{ token: string }>(request, '/sys/login', { userName: 'admin', passWord: DEMO_PASSWORD })).token;
  const { brands } = await post<{ brands: { id: number }[] }>(request, '/basedata/material/options', {}, admin);
  const roles = await post<{ list: { id: number; code: string }[] }>(request, '/sys/role/selectByPage', { pageNum: 1, pageSize: 50 }, admin);
  const staffRole = roles.list.find((r) => r.code === 'staff')!;

  const dealer = await post<{ id: number }>(request, '/basedata/dealer/save', { code: `${TAG}D`, name: names.dealer, address: names.dealerAddress, status: 'normal' }, admin);
  const warehouse = await post<{ id: number }>(request, '/basedata/warehouse/save', { code: `${TAG}W`, name: names.warehouse, dealerId: dealer.id, status: 'normal' }, admin);
  const material = await post<{ id: number }>(request, '/basedata/material/save', {
    code: `${TAG}M`, name: names.material, brandId: brands[0].id, specification: '205/55R16 91V', pattern: 'Stored', loadIndex: '91', speedIndex: 'V', price: 500,
  }, admin);
  const order = await post<{ id: number }>(request, '/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: warehouse.id, counterparty: names.counterparty, externalNo: TAG, remark: names.remark,
    lines: [{ materialId: material.id, plannedQty: 1 }],
  }, admin);
  orderNo = (await post<{ orderNo: string }>(request, '/orderManage/PRorder/detail', { id: order.id }, admin)).orderNo;

  const user = await post<{ id: number }>(request, '/sys/user/save', {
    userName: XSS_USER, nickName: names.nickname, password: XSS_PASSWORD, roleIds: [staffRole.id],
  }, admin);
  await post(request, '/basedata/mail/send', { subject: names.mailSubject, body: names.mailBody, recipientIds: [user.id] }, admin);
  const notice = await post<{ id: number }>(request, '/sys/announcement/save', {
    title: names.announcementTitle, content: `<p>Read me ${TAG}</p>${IMG}${SCRIPT}<p onclick="window.__xss=3">click</p>`, audience: 'all',
  }, admin);
  await post(request, '/sys/announcement/publish', { id: notice.id }, admin);
  await request.dispose();
});

test('names, addresses, remarks and nicknames typed as markup show as text in the lists and the order detail', async ({ page }) => {
  const signs = watch(page);
  await prepare(page, { lang: 'en-US' });
  await login(page, 'admin', { to: '/basedata/base/brokerInfo' });
  await searchFor(page, TAG);
  await expectShownAsText(page, names.dealer);

  await page.goto('/#/basedata/base/warehouse');
  await searchFor(page, TAG);
  await expectShownAsText(page, names.warehouse);
  await expectShownAsText(page, names.dealer);

  await page.goto('/#/basedata/base/material');
  await searchFor(page, TAG);
  await expectShownAsText(page, names.material);

  await page.goto('/#/system/permission/users');
  await searchFor(page, XSS_USER);
  await expectShownAsText(page, names.nickname);

  await page.goto('/#/ordermanage/Order/PRorder');
  await searchFor(page, orderNo);
  const row = page.locator('.arco-table-tr', { hasText: orderNo }).filter({ visible: true });
  await expectShownAsText(page, names.counterparty);
  await row.getByTestId('row-detail').click();
  await expectShownAsText(page, names.remark);
  await expectShownAsText(page, names.warehouse);
  expect(signs).toEqual([]);
});

test('a nickname, a mail and an announcement typed as markup show as text to their reader', async ({ page }) => {
  const signs = watch(page);
  await prepare(page, { lang: 'en-US' });
  await login(page, XSS_USER, { password: XSS_PASSWORD });
  await expectShownAsText(page, names.nickname);

  await page.getByTestId('messages').click();
  const item = page.getByTestId('inbox-item').filter({ hasText: TAG });
  await expectShownAsText(page, names.announcementTitle);
  await item.click();
  // The announcement's own HTML is kept to the allowed tags: the text stays, the image, script and handler go.
  const content = page.locator('.arco-modal .announcement-content');
  await expect(content).toContainText(`Read me ${TAG}`);
  await expect(content.locator('img, script, [onclick]')).toHaveCount(0);
  await content.getByText('click').click();
  await expectShownAsText(page, names.announcementTitle);

  await page.goto('/#/basedata/base/mailManagement');
  await expectShownAsText(page, names.mailSubject);
  await page.getByTestId('mail-subject').filter({ hasText: TAG }).click();
  const detail = page.getByTestId('mail-detail');
  await expect(detail).toContainText(`Body line ${SCRIPT}`);
  await expect(detail).toContainText(`second ${IMG}`);
  await expectShownAsText(page, names.mailSubject);
  expect(signs).toEqual([]);
});
