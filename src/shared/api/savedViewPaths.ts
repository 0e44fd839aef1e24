/** The saved views' calls (docs/views-and-subscriptions.md), without zod: the console's kit imports them on every page. */
export const VIEW_PATHS = {
  list: '/views/list',
  save: '/views/save',
  update: '/views/update',
  remove: '/views/delete',
  roles: '/views/roles',
  subscribe: '/views/subscribe',
  unsubscribe: '/views/unsubscribe',
  /** Opened from a mail's link, without signing in: the signed token says whose subscription. */
  unsubscribeLink: '/views/unsubscribe-link',
} as const;
