/** Legend and tooltip names of the row fields dashboards draw as series. */
export const SERIES_NAMES: Record<string, { 'zh-CN': string; 'en-US': string }> = {
  inQty: { 'zh-CN': '入库', 'en-US': 'Inbound' },
  outQty: { 'zh-CN': '出库', 'en-US': 'Outbound' },
  onHand: { 'zh-CN': '在库', 'en-US': 'On hand' },
  qty: { 'zh-CN': '数量', 'en-US': 'Quantity' },
};

const WEEKDAYS = {
  'zh-CN': ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
  'en-US': ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

/**
 * Rows as a chart labels them: ISO weekday numbers (1 Monday … 7 Sunday) become day names, and
 * the category field `x` (the key a server answers, e.g. a DOT age group) its name in `names`.
 */
export function labelRows<R extends Record<string, string | number | null>>(
  rows: R[], lang: 'zh-CN' | 'en-US', x?: string, names: Record<string, string> = {},
): R[] {
  const named = (v: string | number | null) => (typeof v === 'string' && Object.hasOwn(names, v) ? names[v] : v);
  return rows.map((r) => ({
    ...r,
    ...('weekday' in r ? { weekday: WEEKDAYS[lang][Number(r.weekday) - 1] ?? r.weekday } : {}),
    ...(x && x in r ? { [x]: named(r[x]) } : {}),
  }));
}
