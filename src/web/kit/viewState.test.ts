import { describe, expect, it } from 'vitest';
import { analyticsFilters } from '@shared/analytics/filters';
import { DASHBOARD_VIEW } from './dashboard/dashboardView';
import { fieldFilterParser, PAGE_SIZES, parseView, schemaFilterParser, serialiseView, type ViewSpec } from './viewState';

const report: ViewSpec = {
  filterKeys: Object.keys(analyticsFilters.shape),
  parseFilter: schemaFilterParser(analyticsFilters.shape),
  sortable: ['quantity', 'dealerName'],
  defaultSort: [{ field: 'rank', order: 'asc' }],
  sizes: PAGE_SIZES,
  defaultSize: 20,
};
const q = (text: string) => new URLSearchParams(text);

describe('a view in its address', () => {
  it('reads filters by their own types, with sort, page and size', () => {
    const view = parseView(q('dealerId=3&dateFrom=2026-11-01&dateTo=2026-11-30&dimension=month&sort=quantity.desc&page=4&size=50'), report);
    expect(view).toEqual({
      filters: { dealerId: 3, dateFrom: '2026-11-01', dateTo: '2026-11-30', dimension: 'month' },
      sort: [{ field: 'quantity', order: 'desc' }], page: 4, size: 50, tab: undefined,
    });
  });

  it('writes what it reads, defaults left out, and reads it back the same', () => {
    const view = parseView(q('dealerId=3&keyword=SH+01&sort=dealerName.asc&page=2&size=100'), report);
    const text = serialiseView(view, report).toString();
    expect(text).toBe('dealerId=3&keyword=SH+01&sort=dealerName.asc&page=2&size=100');
    expect(parseView(q(text), report)).toEqual(view);
    expect(serialiseView(parseView(q(''), report), report).toString()).toBe('');
  });

  it('drops each value that does not parse or is not allowed, one by one, to its default', () => {
    const view = parseView(q('dealerId=abc&dateFrom=2026-13-45&dimension=century&brandId=7&sort=password.desc&page=-1&size=33&stockAge=forever'), report);
    expect(view).toEqual({ filters: { brandId: 7 }, sort: [{ field: 'rank', order: 'asc' }], page: 1, size: 20, tab: undefined });
    expect(parseView(q('sort=quantity&page=1e9&size=20abc'), report)).toMatchObject({ sort: [{ field: 'rank' }], page: 1, size: 20 });
    expect(parseView(q(`keyword=${'x'.repeat(65)}`), report).filters).toEqual({});
  });

  it('keeps the parameters it does not own, and a second list\'s under its prefix', () => {
    const detail: ViewSpec = { ...report, defaultSort: [], prefix: 'detail' };
    const base = q('id=stock&page=3&detail.page=2');
    expect(parseView(base, detail).page).toBe(2);
    const next = serialiseView({ ...parseView(base, detail), page: 5, filters: { keyword: 'a' } }, detail, base);
    expect(next.toString()).toBe('id=stock&page=3&detail.keyword=a&detail.page=5');
  });

  it('clearing a sort goes back to the view\'s default order', () => {
    const view = parseView(q('sort=quantity.desc'), report);
    expect(serialiseView({ ...view, sort: [] }, report).toString()).toBe('');
  });

  it('takes a tab among those offered, else the default', () => {
    const tabs: ViewSpec = { ...report, tabs: ['alerts', 'thresholds'], defaultTab: 'alerts' };
    expect(parseView(q('tab=thresholds'), tabs).tab).toBe('thresholds');
    expect(parseView(q('tab=admin'), tabs).tab).toBe('alerts');
    expect(serialiseView({ ...parseView(q(''), tabs), tab: 'alerts' }, tabs).toString()).toBe('');
  });

  it('reads a search form\'s fields: numbers, choices among the offered, several choices, switches', () => {
    const parse = fieldFilterParser([
      { field: 'qty', type: 'number' },
      { field: 'status', type: 'select', options: [{ value: 1 }, { value: 2 }] },
      { field: 'tags', type: 'multiSelect', options: [{ value: 'a' }, { value: 'b' }] },
      { field: 'dealerId', type: 'select' },
      { field: 'active', type: 'switch' },
      { field: 'name' },
    ]);
    const list: ViewSpec = { filterKeys: ['qty', 'status', 'tags', 'dealerId', 'active', 'name'], parseFilter: parse, sortable: [], sizes: PAGE_SIZES, defaultSize: 20 };
    expect(parseView(q('qty=12&status=2&tags=a&tags=b&dealerId=9&active=true&name=x'), list).filters)
      .toEqual({ qty: 12, status: 2, tags: ['a', 'b'], dealerId: 9, active: true, name: 'x' });
    expect(parseView(q('qty=many&status=3&tags=a&tags=z&active=maybe'), list).filters).toEqual({});
    expect(serialiseView({ ...parseView(q(''), list), filters: { tags: ['a', 'b'], active: false } }, list).toString()).toBe('tags=a&tags=b&active=false');
  });

  it('reads a dashboard\'s filters without the server\'s schema, by the same rules', () => {
    const view = parseView(q('dealerId=4&dateFrom=2026-01-01&dimension=week&stockAge=12%2B&warehouseId=0&pattern=%20'), DASHBOARD_VIEW);
    expect(view.filters).toEqual({ dealerId: 4, dateFrom: '2026-01-01', dimension: 'week', stockAge: '12+' });
    for (const [key, value] of Object.entries(view.filters)) expect(analyticsFilters.shape[key as keyof typeof analyticsFilters.shape].safeParse(value).success).toBe(true);
  });
});
