import { expect, test, type Page } from '@playwright/test';
import type { OrderDetail, OrderRow } from '../../src/shared/api/orders';
import type { Page as ListPage } from '../../src/shared/api/paging';
import { describeFindings, keepFindings, menuPages, seriousViolations, settled, type Finding } from './axe';
import { login, post, prepare } from './helpers';

/**
 * axe-core (WCAG 2.0 and 2.1, A and AA) over every page of the menu, for the administrator and a
 * dealer's user, and over the pages outside it (login, personal centre, inbox, print cards, wall).
 * Each page is checked once per user, in one of the eight combinations of theme, language and
 * width, spread so every combination covers an eighth of the pages (docs/accessibility.md, "The
 * axe pass"): 16 tests, each signing in once and opening its pages one after another.
 */
const COMBOS = (['light', 'dark'] as const).flatMap((theme) =>
  (['zh-CN', 'en-US'] as const).flatMap((lang) => [1440, 390].map((width) => ({ theme, lang, width }))));

const USERS = [
  // The dealer's pages start at another combination, so a page both users have is seen in two.
  { user: 'admin', shift: 0, dialogs: true },
  { user: 'dealer1', shift: 3, dialogs: false },
];

test.describe.configure({ mode: 'parallel' });

test('the axe pass finds a missing name, a missing alt and too little contrast, and looks only inside the part it is given', async ({ page }) => {
  await prepare(page, { lang: 'en-US', theme: 'light' });
  await page.goto('/#/login');
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  expect(await seriousViolations(page, 'login')).toEqual([]);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = '/missing.png';
    const text = Object.assign(document.createElement('p'), { textContent: 'pale text' });
    text.style.cssText = 'color: #eee; background: #fff';
    document.body.append(img, text, document.createElement('button'));
  });
  const rules = (await seriousViolations(page, 'login')).map((f) => f.rule).sort();
  expect(rules).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(await seriousViolations(page, 'login', 'form')).toEqual([]);
});

/** The admin's pages beyond the menu: print cards need an order, a tyre and a warehouse of the demo data. */
async function outsideMenu(page: Page): Promise<string[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const orders = await post<ListPage<OrderRow>>(page.request, '/orderManage/PRorder/selectByPage', { pageNum: 1, pageSize: 20, status: '2' }, token);
  const row = orders.list.find((o) => o.scannedQty > 0) ?? orders.list[0];
  const order = await post<OrderDetail>(page.request, '/orderManage/PRorder/detail', { id: row.id }, token);
  const sales = await post<ListPage<OrderRow>>(page.request, '/orderManage/WLorder/selectByPage', { pageNum: 1, pageSize: 1 }, token);
  return [
    '/profile/index', '/announcement/inbox', '/wall/home',
    `/prCard?id=${order.id}&page=PRorder`, `/prCard2?id=${order.id}&page=PRorder`, `/prCardCopy?id=${order.id}&page=PRorder`,
    `/trCardCopy?id=${order.id}&page=PRorder`, `/bhdCardCopy?id=${sales.list[0].id}&page=WLorder`,
    `/tyreReportCard?barcode=${order.scans[0].barcode}`, `/LocationReport?warehouseId=${order.warehouseId}`,
  ];
}

/** Pages the layout does not hold (print cards, the wall): their own root. */
const outsideLayout = (path: string) => !/^\/(profile|announcement)\//.test(path);

for (const { user, shift, dialogs } of USERS) {
  COMBOS.forEach((combo, index) => {
    const group = `${user} ${combo.theme} ${combo.lang} ${combo.width}px`;
    test(`no serious or critical violation: ${group}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: combo.width, height: combo.width > 992 ? 900 : 844 });
      await prepare(page, { lang: combo.lang, theme: combo.theme });
      const findings: Finding[] = [];
      const checked: string[] = [];
      const check = async (label: string, within?: string) => {
        checked.push(label);
        findings.push(...await seriousViolations(page, `${label} [${group}]`, within));
      };

      if (user === 'admin') {
        await page.goto('/#/login');
        await expect(page.getByTestId('login-submit')).toBeEnabled();
        await check('/login');
      }
      await login(page, user, { to: null });
      const menu = (await menuPages(page)).map((p) => p.path);
      const extra = user === 'admin' ? await outsideMenu(page) : ['/profile/index', '/announcement/inbox'];
      const mine = [...menu, ...extra].filter((_, i) => (i + shift) % COMBOS.length === index);
      await page.goto('/#/home');
      await settled(page, 'section.app-view[data-view="/home"]');
      if (index === 0) await check('/home');

      for (const path of mine) {
        if (!menu.includes(path) && outsideLayout(path)) {
          // A print card or wall is a document of its own; the console is opened afresh after it.
          await page.goto(`/#${path}`);
          await settled(page, '#root');
          await check(path);
          continue;
        }
        await page.goto(`/#${path}`);
        const view = `section.app-view[data-view="${path}"]`;
        await settled(page, view);
        await check(path);
        const add = page.locator(view).getByTestId('toolbar-add').first();
        if (dialogs && await add.isVisible()) {
          await add.click();
          const dialog = page.locator('.arco-modal-wrapper, .arco-drawer-wrapper').filter({ visible: true }).last();
          await expect(dialog.getByTestId('entity-form')).toBeVisible();
          await check(`${path} (add dialog)`, '.arco-modal-wrapper, .arco-drawer-wrapper');
          await dialog.locator('.arco-modal-close-icon, .arco-drawer-close-icon').click();
          await expect(dialog).toBeHidden();
        }
        // Its tab closed: a view left open stays in the page, hidden, and every later run of axe walks it too.
        await page.locator(`.tags-view__tab[data-path="${path}"] .tags-view__close`).click();
        await expect(page.locator(view)).toHaveCount(0);
      }
      keepFindings(group, checked, findings);
      expect(findings.length, `serious or critical violations:\n${describeFindings(findings)}`).toBe(0);
    });
  });
}
