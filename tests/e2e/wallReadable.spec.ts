import { expect, test, type Page } from '@playwright/test';
import home from '../../dashboards/home';
import { queryPath } from '../../src/shared/analytics/paths';
import { login, post, prepare, SCREENSHOTS } from './helpers';

/**
 * Every text a chart's canvas draws, with its font, recorded as it is drawn: a wall's charts are
 * pictures, so their type is measured where ECharts writes it (docs/accessibility.md, "Wall screens").
 */
function recordCanvasText() {
  const drawn: { panel: string; text: string; px: number }[] = [];
  (window as unknown as { drawnText: typeof drawn }).drawnText = drawn;
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    const panel = this.canvas.closest('[data-testid^="panel-"]')?.getAttribute('data-testid') ?? '';
    drawn.push({ panel, text: String(text), px: Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 0) });
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
}

/** Where a chart's canvas has paint, against its panel's body: what the drawing fills of the cell it was given. */
async function paintedShare(page: Page, panelId: string, leftShare = 1) {
  return page.getByTestId(`panel-${panelId}`).evaluate((panel, left) => {
    const body = panel.querySelector('.dash-panel__body')!.getBoundingClientRect();
    const canvas = panel.querySelector('canvas')!;
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    let top = height, bottom = -1, first = width, last = -1;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < Math.floor(width * left); x += 1) {
        if (pixels[(y * width + x) * 4 + 3] < 32) continue;
        top = Math.min(top, y); bottom = Math.max(bottom, y); first = Math.min(first, x); last = Math.max(last, x);
      }
    }
    const scale = canvas.getBoundingClientRect().height / height;
    return { height: ((bottom - top + 1) * scale) / body.height, width: ((last - first + 1) * scale) / (body.width * left) };
  }, leftShare);
}

const charts = home.panels.filter((p) => !['stat', 'table'].includes(p.type));

for (const [width, height] of [[1920, 1080], [3840, 2160]] as const) {
  test(`a wall screen at ${width}x${height} is read across the room: charts fill their panels, type scales with the screen, every rank bar is named`, async ({ page }) => {
    test.setTimeout(90_000);
    const scale = width / 1920;
    await page.setViewportSize({ width, height });
    await page.addInitScript(recordCanvasText);
    await prepare(page, { lang: 'en-US' });
    await login(page, 'display', { to: null });
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    await page.goto('/#/wall/home');
    for (const p of home.panels) await expect(page.getByTestId(`panel-${p.id}`), p.id).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    for (const p of charts) await expect(page.getByTestId(`panel-${p.id}`).locator('canvas').first(), p.id).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/wall-home-${width}.png`, animations: 'disabled' });

    // Each chart's drawing fills its panel: the plot and its axes reach across most of the cell (a
    // donut and its legend stand side by side in its height).
    for (const p of charts) {
      const share = await paintedShare(page, p.id);
      expect(share.height, `${p.id}: height of the drawing in its panel`).toBeGreaterThan(0.8);
      if (p.type !== 'donut' && p.type !== 'pie') expect(share.width, `${p.id}: width of the drawing in its panel`).toBeGreaterThan(0.8);
    }
    // The donut's ring, left of its legend, takes most of the panel's height (it took a fifth).
    const ring = await paintedShare(page, 'age', 0.6);
    expect(ring.height, 'the stock-age ring\'s height in its panel').toBeGreaterThan(0.75);

    // Chart text at 14 px or more at 1920, scaled with the screen.
    const drawn = await page.evaluate(() => (window as unknown as { drawnText: { panel: string; text: string; px: number }[] }).drawnText);
    const chartText = drawn.filter((d) => d.panel && d.text.trim());
    expect(chartText.length).toBeGreaterThan(20);
    const smallest = Math.min(...chartText.map((d) => d.px));
    expect(smallest, `smallest chart text: ${JSON.stringify(chartText.find((d) => d.px === smallest))}`).toBeGreaterThanOrEqual(14 * scale);
    // Panel titles, tables and the head are HTML: 14 px or more too; key figures 48 px or more.
    const htmlSizes = await page.evaluate(() => [...document.querySelectorAll('.wall__head, .wall .dash-panel__title, .wall .dash-table td, .wall .dash-stat__trend')]
      .map((el) => parseFloat(getComputedStyle(el).fontSize)));
    expect(Math.min(...htmlSizes)).toBeGreaterThanOrEqual(14 * scale);
    const figures = await page.getByTestId('stat-value').evaluateAll((els) => els.map((el) => parseFloat(getComputedStyle(el).fontSize)));
    expect(Math.min(...figures)).toBeGreaterThanOrEqual(48 * scale);

    // Every bar of a rank is named: each dealer of its answer is written beside its bar (cut with an ellipsis if long).
    for (const id of ['rankPR', 'rankWL']) {
      const panel = home.panels.find((p) => p.id === id)!;
      const { rows } = await post<{ rows: Record<string, string>[] }>(page.request, queryPath(panel.query), {}, token);
      expect(rows.length, id).toBeGreaterThan(3);
      const names = chartText.filter((d) => d.panel === `panel-${id}`).map((d) => d.text);
      for (const row of rows) {
        const name = String(row[panel.x!]);
        expect(names.some((n) => n === name || (n.endsWith('...') && name.startsWith(n.slice(0, -3)))), `${id}: ${name} among ${names.join(' | ')}`).toBe(true);
      }
    }
  });
}
