import { describe, expect, it } from 'vitest';
import { DASHBOARD_QUERY_IDS, queryPermission } from '../../../shared/analytics/dashboards';
import { Perm } from '../../../shared/permissions';
import { DASHBOARDS } from './dashboards';
import { DASHBOARD_QUERIES } from './queries';

describe('the dashboard query registry', () => {
  it('registers exactly the query ids of the shared contract, each once', () => {
    const ids = DASHBOARD_QUERIES.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...DASHBOARD_QUERY_IDS].sort());
  });

  it('reads every dashboard file: home is for everyone, the others need the dashboards page', () => {
    expect(DASHBOARDS.map((d) => d.id).sort()).toEqual(['flows', 'home', 'stock']);
    expect(DASHBOARDS.find((d) => d.id === 'home')?.access).toBe('session');
    expect(DASHBOARDS.filter((d) => d.id !== 'home').every((d) => d.access === undefined)).toBe(true);
  });

  it('home queries answer every signed-in user; stock- and flows-only queries the dashboards page', () => {
    const permissions = Object.fromEntries(DASHBOARD_QUERIES.map((q) => [q.id, queryPermission(DASHBOARDS, q.id)]));
    expect(permissions).toMatchObject({ 'stock.onHand': 'session', 'stock.ageBuckets': 'session', 'monitor.loginsToday': 'session', 'rank.dealersWL': 'session' });
    for (const id of ['stock.byBrand', 'stock.regionBrand', 'stock.byWarehouse', 'stock.locationFill', 'flow.inboundHours'] as const) {
      expect(permissions[id], id).toBe(Perm.dashboards);
    }
  });
});
