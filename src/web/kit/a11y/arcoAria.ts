/**
 * Repairs of the ARIA that Arco Design's components write themselves and take no prop for
 * (docs/accessibility.md, "What Arco gets wrong, and the repairs"). Each repair names the markup it
 * fixes; `arcoAria.test.tsx` renders each component without the repair and fails once an Arco
 * release stops writing the defect, so a repair no longer needed is removed rather than kept.
 *
 * Attributes only, on elements Arco renders and React does not manage those attributes of: React
 * leaves an attribute it never set alone, and an element Arco re-creates is repaired again as it
 * is added.
 */

/** The words the repairs give, in the console's language (they change with it: the page reloads). */
export interface AriaWords {
  selectRow: string;
  selectAll: string;
  expandRow: string;
  pageSize: string;
  tableScroll: string;
}

interface Repair {
  /** What the repair applies to. */
  selector: string;
  fix(el: HTMLElement, words: AriaWords): void;
}

/** A form control that its own `<label>` names. */
const hasLabels = (el: Element) =>
  (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) && (el.labels?.length ?? 0) > 0;
const named = (el: Element) => el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
let nextId = 0;
const idOf = (el: Element) => (el.id ||= `a11y-label-${++nextId}`);

/** A form field's visible label: an Arco Form.Item's, or the `data-field-label` of a kit filter without one. */
function fieldLabel(control: Element): { id?: string; text?: string } | null {
  for (let item = control.closest('.arco-form-item, [data-field-label]'); item; item = item.parentElement?.closest('.arco-form-item, [data-field-label]') ?? null) {
    const text = item.getAttribute('data-field-label');
    if (text) return { text };
    const label = item.querySelector(':scope > .arco-form-label-item label');
    if (label && label.textContent?.trim()) return { id: idOf(label) };
  }
  return null;
}

export const REPAIRS: Repair[] = [
  {
    // An open submenu's header is a div with aria-expanded but no role: a button that shows or hides its pages.
    selector: '.arco-menu-inline-header:not([role])',
    fix: (el) => el.setAttribute('role', 'button'),
  },
  {
    // A folded submenu's header (aria-haspopup, aria-expanded, no role) sits in a role="menu": an item opening a submenu.
    selector: '.arco-menu-pop-header:not([role])',
    fix: (el) => el.setAttribute('role', 'menuitem'),
  },
  {
    // Tabs are role="tab" in a plain div: that div is their tablist.
    selector: '.arco-tabs-header-title[role="tab"]',
    fix: (el) => { if (el.parentElement && !el.parentElement.hasAttribute('role')) el.parentElement.setAttribute('role', 'tablist'); },
  },
  {
    // The page-size chooser's div carries aria-label without a role, which names nothing: a group.
    selector: '.arco-pagination-option:not([role])',
    fix: (el, w) => { el.setAttribute('role', 'group'); if (!named(el)) el.setAttribute('aria-label', w.pageSize); },
  },
  {
    // An InputNumber without bounds says aria-valuemax="Infinity": no bound is no attribute.
    selector: '[aria-valuemax="Infinity"], [aria-valuemin="-Infinity"]',
    fix: (el) => {
      if (el.getAttribute('aria-valuemax') === 'Infinity') el.removeAttribute('aria-valuemax');
      if (el.getAttribute('aria-valuemin') === '-Infinity') el.removeAttribute('aria-valuemin');
    },
  },
  {
    // A table's selection boxes are inputs inside empty labels.
    selector: '.arco-table-th .arco-checkbox input, .arco-table-td .arco-checkbox input, .arco-table-td .arco-radio input',
    fix: (el, w) => { if (!named(el)) el.setAttribute('aria-label', el.closest('.arco-table-th') ? w.selectAll : w.selectRow); },
  },
  {
    // A tree table's expand button holds only an icon.
    selector: '.arco-table-cell-expand-icon button',
    fix: (el, w) => { if (!named(el)) el.setAttribute('aria-label', w.expandRow); },
  },
  {
    // A table wider than its box scrolls sideways: keyboard users reach it to scroll it.
    selector: '.arco-table-content-inner',
    fix: (el, w) => { if (!el.hasAttribute('tabindex')) { el.tabIndex = 0; el.setAttribute('role', 'group'); el.setAttribute('aria-label', w.tableScroll); } },
  },
  {
    // A searchable select's input stays focusable while hidden (aria-hidden): only the select itself takes Tab.
    selector: '.arco-select-view-input[aria-hidden="true"]',
    fix: (el) => { el.tabIndex = -1; },
  },
  {
    // Form.Item's label points at the control's id, which a select, date picker or tree select puts on
    // a div, not on what takes focus: the focusable parts are labelled by it.
    selector: [
      '.arco-form-item input:not([type="hidden"])', '.arco-form-item textarea', '.arco-form-item [role="combobox"]', '.arco-form-item [role="switch"]',
      '[data-field-label] input', '[data-field-label] [role="combobox"]', '[data-field-label] textarea', '[role="combobox"][data-field-label]',
    ].join(', '),
    fix: (el) => {
      if (named(el) || hasLabels(el)) return;
      const label = fieldLabel(el);
      if (label?.id) el.setAttribute('aria-labelledby', label.id);
      else if (label?.text) el.setAttribute('aria-label', label.text);
    },
  },
];

const ALL = REPAIRS.map((r) => r.selector).join(', ');

/** Applies every repair to `root` and what it holds. */
export function repairArcoAria(root: Element, words: AriaWords) {
  const targets = root.matches(ALL) ? [root, ...root.querySelectorAll(ALL)] : [...root.querySelectorAll(ALL)];
  for (const el of targets) {
    if (!(el instanceof HTMLElement)) continue; // the console's controls are all HTML
    for (const repair of REPAIRS) if (el.matches(repair.selector)) repair.fix(el, words);
  }
}

/**
 * Repairs what is in `root` now and whatever is added to it or changes the attributes a repair
 * reads, before the browser paints it (a mutation observer runs in the same task). Returns the stop.
 */
export function watchArcoAria(root: Element, words: AriaWords): () => void {
  repairArcoAria(root, words);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element && record.target.isConnected) repairArcoAria(record.target, words);
        continue;
      }
      for (const node of record.addedNodes) if (node instanceof Element && node.isConnected) repairArcoAria(node, words);
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-hidden', 'aria-valuemax', 'aria-valuemin'] });
  return () => observer.disconnect();
}
