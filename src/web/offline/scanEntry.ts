import { ORDER_PAGE_NAMES, orderPerm } from '@shared/orders/orderTypes';
import { HOME_PATH } from '../app/homePath';
import type { AppRoute } from '../app/routeTable';

/** Where the installed console starts (its manifest's start_url): the first scanning list this user reaches. */
export const SCAN_ENTRY_PATH = '/scan';

/** The first order page (receipts first) in the user's menu on which they may scan; home when there is none. */
export function scanEntryPath(routes: Iterable<AppRoute>, buttons: readonly string[]): string {
  const list = [...routes];
  for (const page of ORDER_PAGE_NAMES) {
    const route = list.find((r) => r.name === page);
    if (route && buttons.includes(`${orderPerm(page)}:scan`)) return route.path;
  }
  return HOME_PATH;
}
