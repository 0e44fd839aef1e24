import { HOME_PATH } from './homePath';
import type { AppRoute } from './routeTable';

const constant = (path: string, titleKey: string, opts: Partial<AppRoute['meta']> & { hidden?: boolean } = {}): AppRoute => ({
  path, name: path.split('/').filter(Boolean)[0] ?? path, kind: 'constant', hidden: opts.hidden ?? false, redirectPath: null,
  alwaysShow: false, perm: '',
  meta: { title: titleKey, icon: opts.icon ?? null, noCache: opts.noCache ?? false, affix: opts.affix ?? false },
  children: [],
});

/** Routes every signed-in user has, whatever the menu tree says (docs/product.md#routes-and-screens). Titles are i18n keys. */
export const CONSTANT_ROUTES: AppRoute[] = [
  constant('/home', 'route.home', { affix: true, icon: 'home' }),
  constant('/profile/index', 'route.profile', { hidden: true, noCache: true, icon: 'user' }),
  constant('/theme/index', 'route.theme', { hidden: true }),
  // Announcements for every signed-in user, also those without the announcement page (the message icon opens it).
  constant('/announcement/inbox', 'route.inbox', { hidden: true, icon: 'notification' }),
];

export { HOME_PATH };
export const INBOX_PATH = '/announcement/inbox';
