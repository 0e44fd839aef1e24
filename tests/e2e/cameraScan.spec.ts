import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import type { OrderOptions } from '../../src/shared/api/orders';
import { code128Widths } from '../../src/web/kit/print/code128';
import { CHROMIUM_ARGS } from './chromiumArgs';
import { API, DEMO_PASSWORD, login, prepare, SCREENSHOTS } from './helpers';
import { workerBaseUrl } from './servers';

/**
 * Camera scanning (docs/offline-floor.md) with Chromium's fake camera fed a frame of the label
 * printer's own Code 128 bars: the scanning screen's camera button reads it and the scan goes
 * the way a typed one goes. Headless Chromium on Linux has no BarcodeDetector, so the
 * WebAssembly reader is the one at work.
 */
const WIDTH = 640;
const HEIGHT = 360;

/** One Y4M frame (4:2:0, grey) of the barcode's bars, 3 px a module, centred on white. */
function labelVideo(code: string, file: string) {
  const widths = code128Widths(code);
  const scale = 3;
  const modules = widths.reduce((a, b) => a + b, 0);
  const left = Math.floor((WIDTH - modules * scale) / 2);
  const dark = new Array<boolean>(WIDTH).fill(false);
  let x = left;
  widths.forEach((w, i) => {
    for (let k = 0; k < w * scale; k++) dark[x + k] = i % 2 === 0;
    x += w * scale;
  });
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 100; y < HEIGHT - 100; y++) for (let px = 0; px < WIDTH; px++) if (dark[px]) luma[y * WIDTH + px] = 16;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma]));
}

test('a phone reads a tyre label with its camera into the order', async ({ request }, info) => {
  const tag = `CAM${Date.now().toString(36).toUpperCase()}`;
  const res = await request.post(`${API}/sys/login`, { data: { userName: 'admin', passWord: DEMO_PASSWORD } });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  const post = async <T>(url: string, body: unknown) => ((await (await request.post(`${API}${url}`, { data: body, headers: { token } })).json()) as { data: T }).data;
  const options = await post<OrderOptions>('/orderManage/PRorder/options', {});
  const code = `${tag}-001`;
  await post('/orderManage/PRorder/save', {
    orderType: 'PR', warehouseId: options.warehouses.find((w) => w.code === 'CDC02')!.id, externalNo: tag,
    lines: [{ materialId: options.materials[3].id, plannedQty: 1 }], shipped: [{ barcode: code, materialId: options.materials[3].id }],
  });
  const video = path.resolve(info.outputDir, 'label.y4m');
  mkdirSync(info.outputDir, { recursive: true });
  labelVideo(code, video);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL: workerBaseUrl(), viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    await prepare(page, { lang: 'en-US', theme: 'dark' });
    await login(page, 'admin', { to: '/ordermanage/Order/PRorder' });
    const box = page.getByTestId('list-orders-PRorder');
    await box.getByTestId('search-form').locator('input').first().fill(tag);
    await box.getByTestId('search-submit').click();
    await box.locator('.arco-table-tr', { hasText: tag }).getByTestId('row-more').click();
    await page.locator('.arco-dropdown-menu-item:visible', { hasText: 'Scan' }).click();
    await page.getByTestId('scan-camera').click();
    await expect(page.getByTestId('scan-camera-view').locator('video')).toBeVisible();
    const added = page.getByTestId('scan-entry').and(page.locator('[data-kind="added"]'));
    await expect(added).toHaveCount(1, { timeout: 20_000 });
    await expect(added).toContainText(code);
    await page.screenshot({ path: `${SCREENSHOTS}/camera-scan-390-dark.png` });
    await page.locator('.scan-camera-modal .arco-modal-close-icon').click();
    await expect(page.getByTestId('scan-total')).toContainText('1 / 1');
  } finally {
    await browser.close();
  }
});
