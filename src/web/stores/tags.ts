import { proxy } from 'valtio';
import { addView, closeAll, closeOthers, closeView, type CloseResult, type VisitedView } from '../layout/tagsView/tagsRules';

/** Visited views of the tab bar, and a counter per path that a refresh bumps to remount it. */
export const tagsState = proxy<{ views: VisitedView[]; refreshKeys: Record<string, number> }>({
  views: [],
  refreshKeys: {},
});

export function visit(view: VisitedView) {
  const next = addView(tagsState.views, view);
  if (next !== tagsState.views) tagsState.views = next;
}

const apply = (result: CloseResult) => {
  const closed = tagsState.views.filter((v) => !result.views.some((k) => k.path === v.path));
  for (const v of closed) delete tagsState.refreshKeys[v.path];
  tagsState.views = result.views;
  return result.navigateTo;
};

export const closeTag = (path: string, activePath: string) => apply(closeView(tagsState.views, path, activePath));
export const closeOtherTags = (path: string, activePath: string) => apply(closeOthers(tagsState.views, path, activePath));
export const closeAllTags = (activePath: string) => apply(closeAll(tagsState.views, activePath));

export function refreshTag(path: string) {
  tagsState.refreshKeys[path] = (tagsState.refreshKeys[path] ?? 0) + 1;
}

export function resetTags() {
  tagsState.views = [];
  tagsState.refreshKeys = {};
}
