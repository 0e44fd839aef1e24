import { describe, expect, it } from 'vitest';
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
