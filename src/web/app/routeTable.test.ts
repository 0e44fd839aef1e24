import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@shared/menu';
import { buildRoutes, firstPage, indexRoutes, sectionOf } from './routeTable';
import { resolvePath, safeRedirect } from './resolve';

let id = 0;
const node = (type: MenuNode['type'], path: string, orderNum: number, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: ++id, parentId: null, type, label: path, path, icon: null, orderNum, redirectPath: null, hidden: false, noCache: false,
  affix: false, perm: path, children, ...extra,
});

const tree = [
  node('section', '/basedata', 2, [
    node('group', 'base', 1, [node('page', 'warehouse', 2), node('page', 'brokerInfo', 1)]),
  ]),
  node('section', '/system', 1, [
    node('group', 'permission', 1, [node('page', 'users', 1, [], { hidden: true }), node('page', 'role', 2, [], { noCache: true })]),
  ]),
  node('section', '/empty', 3, [node('group', 'nothing', 1, [])]),
];

describe('routes from the menu tree', () => {
  const routes = buildRoutes(tree);
  const index = indexRoutes(routes);

  it('sorts by orderNum and joins full paths', () => {
    expect(routes.map((r) => r.path)).toEqual(['/system', '/basedata']);
    expect(routes[1].children[0].children.map((r) => r.path)).toEqual(['/basedata/base/brokerInfo', '/basedata/base/warehouse']);
  });

  it('carries title, hidden, noCache and the product route name in meta', () => {
    const role = index.get('/system/permission/role')!;
    expect(role).toMatchObject({ name: 'role', kind: 'page', hidden: false, meta: { title: 'role', noCache: true, affix: false } });
    expect(index.get('/system/permission')!.alwaysShow).toBe(true);
  });

  it('drops sections and groups without pages', () => {
    expect(index.has('/empty')).toBe(false);
  });

  it('sends a section to its first visible page', () => {
    expect(index.get('/system')!.redirectPath).toBe('/system/permission/role');
    expect(firstPage(routes[1])!.path).toBe('/basedata/base/brokerInfo');
    expect(resolvePath('/system', '', index)).toEqual({ kind: 'redirect', to: '/system/permission/role' });
    expect(resolvePath('/basedata/base', '', index)).toEqual({ kind: 'redirect', to: '/basedata/base/brokerInfo' });
  });

  it("ignores a section's stored redirect to a page the user was not granted", () => {
    const withRedirect = buildRoutes([node('section', '/sales', 9, [node('group', 'g', 1, [node('page', 'granted', 1)])], { redirectPath: '/sales/g/notGranted' })]);
    expect(resolvePath('/sales', '', indexRoutes(withRedirect))).toEqual({ kind: 'redirect', to: '/sales/g/granted' });
  });

  it('finds the section a path belongs to', () => {
    expect(sectionOf(routes, '/basedata/base/warehouse')?.path).toBe('/basedata');
    expect(sectionOf(routes, '/home')).toBeUndefined();
  });
});

describe('resolving a path inside the layout', () => {
  const index = indexRoutes(buildRoutes(tree));
  it('redirects / to home and /redirect/x to x with its query', () => {
    expect(resolvePath('/', '', index)).toEqual({ kind: 'redirect', to: '/home' });
    expect(resolvePath('/redirect/system/permission/role', '?a=1', index)).toEqual({ kind: 'redirect', to: '/system/permission/role?a=1' });
  });
  it('shows constant routes to everyone and menu pages only when granted', () => {
    expect(resolvePath('/home', '', new Map())).toMatchObject({ kind: 'view', route: { path: '/home', meta: { affix: true } } });
    expect(resolvePath('/profile/index', '', new Map())).toMatchObject({ kind: 'view', route: { meta: { noCache: true } } });
    expect(resolvePath('/basedata/base/warehouse/', '', index)).toMatchObject({ kind: 'view' });
    expect(resolvePath('/system/permission/department', '', index)).toEqual({ kind: 'notFound' });
  });
  it('accepts only paths inside the console as a login redirect', () => {
    expect(safeRedirect('/system/permission/role?x=1')).toBe('/system/permission/role?x=1');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/login?redirect=/x']) expect(safeRedirect(bad)).toBe('/');
  });
});
