import { describe, expect, it } from 'vitest';
import { DASHBOARD_QUERY_IDS, PANEL_TYPES, type DashboardDef } from '@shared/analytics/dashboards';
import { analyticsFilters, FILTER_KEYS } from '@shared/analytics/filters';
import { DASHBOARD_IDS, loadDashboard } from './registry';

const files = import.meta.glob<{ default: DashboardDef }>('../../../../dashboards/*.ts', { eager: true });
const defs = Object.entries(files).map(([file, m]) => ({ file: file.split('/').pop()!.replace(/\.ts$/, ''), def: m.default }));
const reportFilters = [...Object.keys(analyticsFilters.shape), 'period'];

describe('dashboard files', () => {
  it('are all found, home first, each loadable by its file name', async () => {
    expect(DASHBOARD_IDS[0]).toBe('home');
    expect([...DASHBOARD_IDS].sort()).toEqual(defs.map((d) => d.file).sort());
    expect((await loadDashboard('stock'))?.id).toBe('stock');
    expect(await loadDashboard('nope')).toBeNull();
  });

  it('use every query the server registers, so none answers to nobody\'s dashboard', () => {
    const used = new Set(defs.flatMap(({ def }) => def.panels.map((p) => p.query)));
    expect(DASHBOARD_QUERY_IDS.filter((id) => !used.has(id))).toEqual([]);
  });

  for (const { file, def } of defs) {
    describe(file, () => {
      it('is named by its file, with known filters and a sane refresh', () => {
        expect(def.id).toBe(file);
        for (const f of def.filters) expect(FILTER_KEYS).toContain(f);
        expect(def.refreshSeconds).toBeGreaterThanOrEqual(10);
      });

      it('places every panel on the 24-column grid without overlap', () => {
        const taken = new Set<string>();
        for (const { id, grid } of def.panels) {
          expect(grid.x + grid.w, id).toBeLessThanOrEqual(24);
          expect(Math.min(grid.x, grid.y, grid.w - 1, grid.h - 1), id).toBeGreaterThanOrEqual(0);
          for (let x = grid.x; x < grid.x + grid.w; x++) {
            for (let y = grid.y; y < grid.y + grid.h; y++) {
              expect(taken.has(`${x},${y}`), `${id} overlaps at ${x},${y}`).toBe(false);
              taken.add(`${x},${y}`);
            }
          }
        }
        expect(new Set(def.panels.map((p) => p.id)).size).toBe(def.panels.length);
      });

      it('gives each panel what its type reads, and drills to a route with report filters', () => {
        for (const p of def.panels) {
          expect(PANEL_TYPES).toContain(p.type);
          // The server registers exactly these ids (src/server/modules/analysis/queryRegistry.test.ts).
          expect(DASHBOARD_QUERY_IDS, p.id).toContain(p.query);
          if (['bar', 'line', 'pie', 'donut', 'heatmap'].includes(p.type)) expect(p.x && p.y?.length, p.id).toBeTruthy();
          if (p.type === 'heatmap') expect(p.value, p.id).toBeTruthy();
          if (p.type === 'table') expect(p.columns?.length, p.id).toBeTruthy();
          if (p.drill) {
            expect(p.drill.route, p.id).toMatch(/^\/\w+\/\w+\/\w+$/);
            for (const key of Object.keys(p.drill.filter ?? {})) expect(reportFilters, `${p.id} ${key}`).toContain(key);
          }
        }
      });
    });
  }
});
