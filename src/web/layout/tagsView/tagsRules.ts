/** A view in the tab bar (docs/product.md#entities: path and title, 'no-name' when untitled). */
export interface VisitedView {
  path: string;
  fullPath: string;
  title: string;
  affix: boolean;
  noCache: boolean;
}

export const NO_NAME = 'no-name';

export const viewTitle = (title: string | undefined | null) => (title && title.trim() ? title : NO_NAME);

/** Opening a view: a new one joins the end; a known one keeps its place and takes the new query. */
export function addView(views: VisitedView[], view: VisitedView): VisitedView[] {
  const i = views.findIndex((v) => v.path === view.path);
  if (i < 0) return [...views, { ...view, title: viewTitle(view.title) }];
  if (views[i].fullPath === view.fullPath && views[i].title === viewTitle(view.title)) return views;
  const next = views.slice();
  next[i] = { ...views[i], fullPath: view.fullPath, title: viewTitle(view.title) };
  return next;
}

export interface CloseResult {
  views: VisitedView[];
  /** Where to go when the active view was closed; undefined when the user stays put. */
  navigateTo?: string;
}

const fallback = (views: VisitedView[]) => views[views.length - 1]?.fullPath ?? '/';

/** Pinned (affix) views cannot be closed. Closing the active view moves to the last one left. */
export function closeView(views: VisitedView[], path: string, activePath: string): CloseResult {
  const target = views.find((v) => v.path === path);
  if (!target || target.affix) return { views };
  const left = views.filter((v) => v.path !== path);
  return { views: left, navigateTo: path === activePath ? fallback(left) : undefined };
}

export function closeOthers(views: VisitedView[], path: string, activePath: string): CloseResult {
  const left = views.filter((v) => v.affix || v.path === path);
  const keepsActive = left.some((v) => v.path === activePath);
  return { views: left, navigateTo: keepsActive ? undefined : left.find((v) => v.path === path)?.fullPath };
}

/** Close all keeps the pinned views (spec); the user lands on the last of them. */
export function closeAll(views: VisitedView[], activePath: string): CloseResult {
  const left = views.filter((v) => v.affix);
  const keepsActive = left.some((v) => v.path === activePath);
  return { views: left, navigateTo: keepsActive ? undefined : fallback(left) };
}
