import { IconClose } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { closeAllTags, closeOtherTags, closeTag, refreshTag, tagsState } from '../../stores/tags';
import type { VisitedView } from './tagsRules';

/** Spec section 9: tab menu width and the margin kept when scrolling a tab into view. */
export const TAB_MENU_WIDTH = 105;
export const TAB_SCROLL_MARGIN = 4;

interface MenuAt { view: VisitedView; left: number; top: number }

/** The tab bar of visited views (spec section 2). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { views } = useSnapshot(tagsState);
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const active = location.pathname;

  const go = (to: string | undefined) => to && navigate(to);
  const close = (view: VisitedView) => go(closeTag(view.path, active));

  useEffect(() => {
    const box = scroller.current;
    const tab = box?.querySelector<HTMLElement>('[data-active="true"]');
    if (!box || !tab) return;
    const left = tab.offsetLeft - TAB_SCROLL_MARGIN;
    const right = tab.offsetLeft + tab.offsetWidth + TAB_SCROLL_MARGIN;
    if (left < box.scrollLeft) box.scrollLeft = left;
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [active, views.length]);

  useEffect(() => {
    if (!menu) return;
    const hide = () => setMenu(null);
    window.addEventListener('click', hide);
    window.addEventListener('scroll', hide, true);
    return () => {
      window.removeEventListener('click', hide);
      window.removeEventListener('scroll', hide, true);
    };
  }, [menu]);

  const openMenu = (e: MouseEvent, view: VisitedView) => {
    e.preventDefault();
    const left = Math.min(e.clientX, window.innerWidth - TAB_MENU_WIDTH - 8);
    setMenu({ view, left, top: e.clientY });
  };

  const refresh = (view: VisitedView) => {
    refreshTag(view.path);
    if (view.path !== active) navigate(view.fullPath);
  };

  return (
    <div className="tags-view" role="tablist" aria-label="visited views">
      <div className="tags-view__scroll" ref={scroller} onWheel={(e) => { if (scroller.current) scroller.current.scrollLeft += e.deltaY; }}>
        {views.map((view) => (
          <div
            key={view.path}
            role="tab"
            tabIndex={0}
            aria-selected={view.path === active}
            data-active={view.path === active}
            data-path={view.path}
            className="tags-view__tab"
            onClick={() => navigate(view.fullPath)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(view.fullPath)}
            onMouseDown={(e) => e.button === 1 && e.preventDefault()}
            onAuxClick={(e) => { if (e.button === 1 && !view.affix) close(view); }}
            onContextMenu={(e) => openMenu(e, view)}
          >
            <span>{view.title}</span>
            {!view.affix && (
              <IconClose className="tags-view__close" aria-label={t('tags.close')} onClick={(e) => { e.stopPropagation(); close(view); }} />
            )}
          </div>
        ))}
      </div>
      {menu && (
        <ul className="tags-view__menu" role="menu" style={{ left: menu.left, top: menu.top, width: TAB_MENU_WIDTH }}>
          <li role="menuitem" onClick={() => refresh(menu.view)}>{t('tags.refresh')}</li>
          {!menu.view.affix && <li role="menuitem" onClick={() => close(menu.view)}>{t('tags.close')}</li>}
          <li role="menuitem" onClick={() => go(closeOtherTags(menu.view.path, active))}>{t('tags.closeOthers')}</li>
          <li role="menuitem" onClick={() => go(closeAllTags(active))}>{t('tags.closeAll')}</li>
        </ul>
      )}
    </div>
  );
}
