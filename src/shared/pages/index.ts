import { basedata } from './basedata';
import { intelligentAnalysis } from './intelligentAnalysis';
import { monitoringManage } from './monitoringManage';
import { ordermanage } from './ordermanage';
import { other } from './other';
import { reportQuery } from './reportQuery';
import { system } from './system';
import type { PlacedPage, SectionSpec } from './types';
import { must } from '../must';

/** The menu, in order: every section, group and page of docs/product.md#routes-and-screens. */
export const MANIFEST: SectionSpec[] = [system, basedata, ordermanage, reportQuery, intelligentAnalysis, monitoringManage, other];

/** Every page with its full route and permission code, in menu order. */
export const PAGES: PlacedPage[] = MANIFEST.flatMap((section) => section.groups.flatMap((group) => group.pages.map((page) => ({
  ...page,
  route: `${section.path}/${group.path}/${page.path}`,
  perm: `${section.path.slice(1)}:${page.path}`,
  section,
  group,
}))));

const byRoute = new Map(PAGES.map((p) => [p.route, p]));
export const pageByRoute = (route: string): PlacedPage | undefined => byRoute.get(route);

/** The page a route shows: a page placed under two menus is one page, the one it is shared with. */
export const canonicalPage = (route: string): PlacedPage | undefined => {
  const page = byRoute.get(route);
  return page?.sharedWith ? byRoute.get(page.sharedWith) ?? page : page;
};

/** The page at a route the code names itself (a missing one is a mistake in the code, said at start). */
export const pageAt = (route: string): PlacedPage => must(pageByRoute(route), `manifest page ${route}`);
/** `canonicalPage` of a route the code names itself. */
export const canonicalPageAt = (route: string): PlacedPage => must(canonicalPage(route), `manifest page ${route}`);

/** Permission codes that open a page: its own and those of every menu place it is shared to. */
export const permsOf = (canonical: PlacedPage): string[] =>
  [canonical.perm, ...PAGES.filter((p) => p.sharedWith === canonical.route).map((p) => p.perm)];

/** The second list of a master-detail page as a page of its own: the detail's calls and fields, the page's place and permissions. */
export const detailOf = (page: PlacedPage): PlacedPage & { api: string } => {
  if (!page.detail) throw new Error(`${page.route}: no detail list`);
  const { title, api, fields } = page.detail;
  return { ...page, title, api, fields, detail: undefined, pickedBy: undefined, transitions: undefined, optionsApi: undefined };
};

export { BUTTONS } from './build';
export type * from './types';
