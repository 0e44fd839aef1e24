import { describe, expect, it } from 'vitest';
import { Perm } from '../permissions';
import { defineDashboard, queryPermission, type DashboardDef, type DashboardQueryId } from './dashboards';

const board = (id: string, queries: DashboardQueryId[], access?: 'session'): DashboardDef => defineDashboard({
  id, title: { 'zh-CN': id, 'en-US': id }, refreshSeconds: 60, filters: [], access,
  panels: queries.map((query, i) => ({ id: `p${i}`, type: 'stat', query, title: { 'zh-CN': query, 'en-US': query }, grid: { x: 0, y: i, w: 1, h: 1 } })),
});

describe('who may run a dashboard query', () => {
  const home = board('home', ['stock.onHand', 'stock.dos'], 'session');
  const stock = board('stock', ['stock.onHand', 'stock.byBrand']);
  const flows = board('flows', ['flow.inboundHours']);

  it('every signed-in user, when the home dashboard (for everyone) uses it', () => {
    expect(queryPermission([home, stock, flows], 'stock.onHand')).toBe('session');
    expect(queryPermission([home, stock, flows], 'stock.dos')).toBe('session');
  });

  it('only holders of the dashboards page, when only the dashboards page\'s dashboards use it', () => {
    expect(queryPermission([home, stock, flows], 'stock.byBrand')).toBe(Perm.dashboards);
    expect(queryPermission([home, stock, flows], 'flow.inboundHours')).toBe(Perm.dashboards);
  });

  it('a query no dashboard uses is not for everyone', () => {
    expect(queryPermission([home, stock], 'monitor.loginsToday')).toBe(Perm.dashboards);
  });
});
