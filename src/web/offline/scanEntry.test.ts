import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../app/routeTable';
import { scanEntryPath } from './scanEntry';

const route = (name: string, path: string) => ({ name, path }) as AppRoute;
const routes = [route('home', '/home'), route('WLorder', '/ordermanage/Order/WLorder'), route('PRorder', '/ordermanage/Order/PRorder')];

describe('the installed console\'s start', () => {
  it('is the first order page the user may scan on, receipts first', () => {
    expect(scanEntryPath(routes, ['ordermanage:PRorder:scan', 'ordermanage:WLorder:scan'])).toBe('/ordermanage/Order/PRorder');
    expect(scanEntryPath(routes, ['ordermanage:WLorder:scan', 'ordermanage:PRorder:add'])).toBe('/ordermanage/Order/WLorder');
  });

  it('is home for a user who scans nowhere', () => {
    expect(scanEntryPath(routes, ['ordermanage:PRorder:add'])).toBe('/home');
    expect(scanEntryPath([route('home', '/home')], ['ordermanage:PRorder:scan'])).toBe('/home');
  });
});
