import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/** What may be cut to an ellipsis in a narrow column: menu items and group headers (the sidebar's 180 px, a folded menu's popup). */
const CLIPPED = '.arco-menu-item, .arco-menu-inline-header, .arco-menu-pop-header';

interface Tip { text: string; left: number; top: number }

/** The element whose text is cut: the item itself, or the inner span Arco puts an indented item's or a header's text in. */
function clippedText(el: Element): string | null {
  for (const box of [el, ...el.querySelectorAll(':scope > .arco-menu-item-inner, :scope > span')]) {
    if (box.scrollWidth > box.clientWidth + 1) return el.textContent?.trim() || null;
  }
  return null;
}

/**
 * The whole text of a menu entry cut to an ellipsis, beside it, while the pointer is over it or it
 * has the keyboard's focus (docs/accessibility.md, "Nothing cut off"). One tip for the whole
 * console, made when needed, rather than a tooltip component per menu item. Screen readers read the
 * entry's whole text anyway: the tip is for the eye only.
 */
export function OverflowTip() {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    const show = (e: Event) => {
      const el = e.target instanceof Element ? e.target.closest(CLIPPED) : null;
      const text = el && clippedText(el);
      if (!el || !text) return setTip(null);
      const box = el.getBoundingClientRect();
      setTip({ text, left: Math.min(box.right + 8, window.innerWidth - 8), top: box.top + box.height / 2 });
    };
    const hide = (e: Event) => {
      const to = e instanceof FocusEvent || e instanceof MouseEvent ? e.relatedTarget : null;
      if (!(to instanceof Element) || !to.closest(CLIPPED)) setTip(null);
    };
    document.addEventListener('mouseover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('mouseout', hide);
    document.addEventListener('focusout', hide);
    return () => {
      document.removeEventListener('mouseover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('mouseout', hide);
      document.removeEventListener('focusout', hide);
    };
  }, []);
  if (!tip) return null;
  return createPortal(
    <div className="overflow-tip" aria-hidden="true" data-testid="overflow-tip" style={{ left: tip.left, top: tip.top }}>{tip.text}</div>,
    document.body,
  );
}
