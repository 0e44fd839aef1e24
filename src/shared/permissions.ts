/**
 * Permission codes. A page's code is `<section>:<page>`; a button's is `<page code>:<action>`.
 * Server routes declare one of these (or `public` / `session`); the console shows a button
 * when `buttonList` holds its code. Both sides import this file, so a code is typed once.
 */
export const BUTTON_ACTIONS = ['add', 'edit', 'delete', 'export', 'import'] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];

export const pagePerm = (section: string, page: string) => `${section}:${page}`;
export const buttonPerm = (pageCode: string, action: string) => `${pageCode}:${action}`;

export const Perm = {
  users: 'system:users',
  userAdd: 'system:users:add',
  userEdit: 'system:users:edit',
  userDelete: 'system:users:delete',
  roles: 'system:role',
  department: 'system:department',
  resources: 'system:resources',
  dictionary: 'system:dictionary',
  announcement: 'system:announcement',
  loginMonitor: 'monitoringManage:loginMonitor',
  /** The dashboards page (dashboards/*.ts and their wall screens); the wall-screen role holds only this. */
  dashboards: 'intelligentAnalysis:dashboard',
} as const;

/**
 * Who may call a route: nobody signed in, anyone signed in, holders of a code, or holders of
 * any of several codes (a page the menu shows in two places, each with its own code).
 */
export type RoutePermission = 'public' | 'session' | (string & {}) | readonly string[];

/** Whether held codes let a signed-in user call a route of this permission. */
export const permits = (permission: RoutePermission, held: ReadonlySet<string>): boolean =>
  permission === 'session' || (typeof permission === 'string' ? held.has(permission) : permission.some((p) => held.has(p)));
