/** The saved views' calls (docs/views-and-subscriptions.md), without zod: the console's kit imports them on every page. */
export const VIEW_PATHS = {
  list: '/views/list',
  save: '/views/save',
  update: '/views/update',
  remove: '/views/delete',
  roles: '/views/roles',
  subscribe: '/views/subscribe',
  unsubscribe: '/views/unsubscribe',
  /** Mails the caller's subscription of a view now, beside its schedule (to see what it sends). */
  sendNow: '/views/sendNow',
  /** Opened from a mail's link, without signing in: the signed token says whose subscription. */
  unsubscribeLink: '/views/unsubscribe-link',
  /** Stock alerts by mail: the caller's choice (off, at once, a daily digest). */
  alertMailGet: '/views/alertMail/get',
  alertMailSet: '/views/alertMail/set',
} as const;
