import { IconClose } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { closeAllTags, closeOtherTags, closeTag, refreshTag, tagsState } from '../../stores/tags';
import type { VisitedView } from './tagsRules';

/** docs/product.md#constants: tab menu width and the margin kept when scrolling a tab into view. */
export const TAB_MENU_WIDTH = 105;
export const TAB_SCROLL_MARGIN = 4;

/**
 * The path shown now, for a key or a click: the address changes as soon as a tab is opened, the
 * drawing of it later (on a slow device, a fast typist's next key comes first, and `location` would
 * still be the view before: closing the view just opened would then leave it shown, and open again).
 */
const shownPath = () => new URL(window.location.hash.slice(1) || '/', window.location.origin).pathname;

interface MenuAt { view: VisitedView; left: number; top: number; byKeyboard?: boolean }

/** The tab bar of visited views (docs/product.md#routes-and-screens). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { views } = useSnapshot(tagsState);
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const active = location.pathname;

  const go = (to: string | undefined) => to && navigate(to);
  const close = (view: VisitedView) => go(closeTag(view.path, shownPath()));

  useEffect(() => {
    const box = scroller.current;
    const tab = box?.querySelector<HTMLElement>('[data-active="true"]');
    if (!box || !tab) return;
    const left = tab.offsetLeft - TAB_SCROLL_MARGIN;
    const right = tab.offsetLeft + tab.offsetWidth + TAB_SCROLL_MARGIN;
    if (left < box.scrollLeft) box.scrollLeft = left;
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [active, views.length]);

  // A menu opened from the keyboard takes the focus, on its first item.
  const menuList = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (menu?.byKeyboard) menuList.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [menu]);

  // The menu stands where its tab was: it goes when the tab moves (the page or the tab bar scrolls),
  // not when a view scrolls its own content (a view shown again restores its scroll position).
  useEffect(() => {
    if (!menu) return;
    const hide = () => setMenu(null);
    const bar = scroller.current;
    window.addEventListener('click', hide);
    window.addEventListener('scroll', hide);
    bar?.addEventListener('scroll', hide);
    return () => {
      window.removeEventListener('click', hide);
      window.removeEventListener('scroll', hide);
      bar?.removeEventListener('scroll', hide);
    };
  }, [menu]);

  const openMenu = (e: MouseEvent, view: VisitedView) => {
    e.preventDefault();
    const left = Math.min(e.clientX, window.innerWidth - TAB_MENU_WIDTH - 8);
    setMenu({ view, left, top: e.clientY });
  };

  const refresh = (view: VisitedView) => {
    refreshTag(view.path);
    if (view.path !== shownPath()) navigate(view.fullPath);
  };

  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    const shown = scroller.current?.querySelector<HTMLElement>('[data-active="true"]');
    // Closing the shown tab removes it a render before the next one is shown: wait for that one.
    if (!shown) return;
    refocus.current = false;
    shown.focus();
  }, [active, views.length]);

  const tabAt = (path: string) => scroller.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);

  /**
   * The keys of a tab list (docs/accessibility.md, "The shell"): arrows, Home and End move between
   * tabs, Enter or Space opens one, Delete closes it, Shift+F10 or the menu key opens its menu.
   */
  const onTabKey = (e: KeyboardEvent, view: VisitedView, index: number) => {
    const move = (to: number) => {
      const next = views[(to + views.length) % views.length];
      if (next) tabAt(next.path)?.focus();
    };
    if (e.key === 'Enter' || e.key === ' ') navigate(view.fullPath);
    else if (e.key === 'ArrowRight') move(index + 1);
    else if (e.key === 'ArrowLeft') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(views.length - 1);
    else if (e.key === 'Delete' && !view.affix) {
      // The focus stays in the tab bar, on the tab shown next (the effect below, once it is drawn).
      refocus.current = true;
      close(view);
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
      setMenu({ view, left: Math.min(box.left, window.innerWidth - TAB_MENU_WIDTH - 8), top: box.bottom, byKeyboard: true });
    } else return;
    e.preventDefault();
  };

  /** The menu's keys: up and down move, Escape closes it and gives the focus back to its tab. */
  const onMenuKey = (e: KeyboardEvent) => {
    const items = [...(menuList.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (e.key === 'Escape' || e.key === 'Tab') {
      const view = menu?.view;
      setMenu(null);
      if (view) tabAt(view.path)?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') (document.activeElement as HTMLElement | null)?.click();
    else return;
    e.preventDefault();
  };
  const menuItem = (label: string, act: () => void) => (
    <li role="menuitem" tabIndex={-1} onClick={() => { setMenu(null); act(); }}>{label}</li>
  );

  return (
    <div className="tags-view">
      <div
        className="tags-view__scroll" ref={scroller} role="tablist" aria-label={t('a11y.tabs')}
        onWheel={(e) => { if (scroller.current) scroller.current.scrollLeft += e.deltaY; }}
      >
        {views.map((view, index) => (
          <div
            key={view.path}
            role="tab"
            // One stop of Tab for the whole bar, on the tab shown; the arrows move along it.
            tabIndex={view.path === active ? 0 : -1}
            aria-selected={view.path === active}
            aria-keyshortcuts={view.affix ? 'Shift+F10' : 'Delete Shift+F10'}
            aria-describedby="tags-view-keys"
            data-active={view.path === active}
            data-path={view.path}
            className="tags-view__tab"
            onClick={() => navigate(view.fullPath)}
            onKeyDown={(e) => onTabKey(e, view, index)}
            onMouseDown={(e) => e.button === 1 && e.preventDefault()}
            onAuxClick={(e) => { if (e.button === 1 && !view.affix) close(view); }}
            onContextMenu={(e) => openMenu(e, view)}
          >
            <span>{view.title}</span>
            {/* For the pointer: the keyboard closes a tab with Delete (a button inside a tab is not allowed). */}
            {!view.affix && (
              <IconClose className="tags-view__close" aria-hidden="true" onClick={(e) => { e.stopPropagation(); close(view); }} />
            )}
          </div>
        ))}
      </div>
      <span id="tags-view-keys" className="sr-only">{t('a11y.tabKeys')}</span>
      {menu && (
        <ul
          className="tags-view__menu" role="menu" ref={menuList} aria-label={menu.view.title} onKeyDown={onMenuKey}
          style={{ left: menu.left, top: menu.top, width: TAB_MENU_WIDTH }}
        >
          {menuItem(t('tags.refresh'), () => refresh(menu.view))}
          {!menu.view.affix && menuItem(t('tags.close'), () => close(menu.view))}
          {menuItem(t('tags.closeOthers'), () => go(closeOtherTags(menu.view.path, shownPath())))}
          {menuItem(t('tags.closeAll'), () => go(closeAllTags(shownPath())))}
        </ul>
      )}
    </div>
  );
}
