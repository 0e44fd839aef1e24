import { describe, expect, it } from 'vitest';
import type { DashboardDef, PanelDef } from '@shared/analytics/dashboards';
import { FILTER_FIELDS } from '@shared/analytics/filters';
import { reportByRoute } from '@shared/analytics/reports';
import home from '../../../../dashboards/home';
import stock from '../../../../dashboards/stock';
import { filtersFromQuery } from '../report/reportFilters';
import { drillTarget, filterBody } from './drill';

const route = '/reportQuery/report/enterDetail';

describe('drill-down targets', () => {
  it('carries the dashboard filters to the report, leaving out empty ones', () => {
    expect(drillTarget({ route }, {}, { dimension: 'day', dealerId: 3, brandId: undefined, pattern: '' }))
      .toBe(`${route}?dimension=day&dealerId=3`);
  });

  it('maps the clicked row fields onto report filters, overriding the dashboard filter', () => {
    const url = drillTarget({ route, filter: { dealerId: 'dealerId' } }, { dealerId: 7, dealer: 'A' }, { dealerId: 3 });
    expect(new URLSearchParams(url.split('?')[1]).get('dealerId')).toBe('7');
  });

  it('turns a month period label into the days of that month', () => {
    const url = drillTarget({ route, filter: { period: 'period' } }, { period: '2026-02' }, { dimension: 'month', dateFrom: '2025-01-01' });
    const q = new URLSearchParams(url.split('?')[1]);
    expect([q.get('dateFrom'), q.get('dateTo'), q.get('dimension')]).toEqual(['2026-02-01', '2026-02-28', 'month']);
  });

  it('turns an ISO week label into its Monday to Sunday', () => {
    const url = drillTarget({ route, filter: { period: 'period' } }, { period: '2026-W01' }, { dimension: 'week' });
    const q = new URLSearchParams(url.split('?')[1]);
    expect([q.get('dateFrom'), q.get('dateTo')]).toEqual(['2025-12-29', '2026-01-04']);
  });

  it('reads a period as a day when no dimension is chosen, and skips fields the row lacks', () => {
    expect(drillTarget({ route, filter: { period: 'period', dealerId: 'dealerId' } }, { period: '2026-11-22', dealerId: null }, {}))
      .toBe(`${route}?dateFrom=2026-11-22&dateTo=2026-11-22`);
  });

  it('opens the bare route when there is nothing to filter', () => {
    expect(drillTarget({ route }, {}, {})).toBe(route);
    expect(filterBody({ keyword: 'x', warehouseId: 0 })).toEqual({ keyword: 'x', warehouseId: 0 });
  });
});

/** The filters a report page opens with when `panel`'s element `row` is clicked (as the page reads its URL). */
const opened = (def: DashboardDef, panelId: string, row: Record<string, string | number | null>, filters = {}) => {
  const panel = def.panels.find((p) => p.id === panelId)!;
  const url = drillTarget(panel.drill!, row, filters);
  const [route, query = ''] = url.split('?');
  return { route, filters: filtersFromQuery(new URLSearchParams(query)) };
};

describe('drilling from an element to its report', () => {
  it('a stock-age bucket opens the stock-age report for that bucket only', () => {
    for (const def of [home, stock]) {
      expect(opened(def, 'age', { bucket: '4-6', qty: 12 }, { dealerId: 3 })).toEqual({
        route: '/reportQuery/storageInventory/samuelCouling', filters: { dealerId: 3, stockAge: '4-6' },
      });
    }
  });

  it('a DOT age group opens the DOT inventory for that group only (the key, not its translated name)', () => {
    for (const def of [home, stock]) {
      expect(opened(def, 'dot', { bucket: 'dot27to52w', qty: 4 })).toEqual({
        route: '/reportQuery/storageInventory/dotInventory', filters: { dotAge: 'dot27to52w' },
      });
    }
    expect(opened(home, 'dot', { bucket: 'noDot', qty: 1 }).filters).toEqual({ dotAge: 'noDot' });
  });

  it('a region × brand cell opens the daily balance of that region\'s dealers and that brand', () => {
    expect(opened(stock, 'regionBrand', { regionId: 2, region: '华东', brandId: 5, brand: 'EverPeak', qty: 40 }, { warehouseId: 7 })).toEqual({
      route: '/reportQuery/storageInventory/dayBalance', filters: { warehouseId: 7, regionId: 2, brandId: 5 },
    });
  });

  it('every element filter a dashboard drills with is one its report offers (and so applies)', () => {
    const files = import.meta.glob<{ default: DashboardDef }>('../../../../dashboards/*.ts', { eager: true });
    const drills = Object.values(files).flatMap((m) => m.default.panels).filter((p): p is PanelDef & { drill: NonNullable<PanelDef['drill']> } => !!p.drill);
    let checked = 0;
    for (const { id, drill } of drills) {
      const report = reportByRoute(drill.route);
      if (!report) continue; // a monitoring page, not a report
      const offered = new Set(report.filters.flatMap((k) => FILTER_FIELDS[k]));
      for (const key of Object.keys(drill.filter ?? {})) {
        expect([...offered], `${id} → ${drill.route}: ${key}`).toContain(key === 'period' ? 'dateFrom' : key);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
