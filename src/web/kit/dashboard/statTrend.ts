/**
 * The change of a stat against its previous period: direction, and the percentage when the
 * previous value is not zero. null when either value is missing.
 */
export function statTrend(value: unknown, previous: unknown): { direction: 'up' | 'down' | 'flat'; percent: number | null } | null {
  if (value === null || value === undefined || value === '' || previous === null || previous === undefined || previous === '') return null;
  const v = Number(value);
  const p = Number(previous);
  if (!Number.isFinite(v) || !Number.isFinite(p)) return null;
  const direction = v > p ? 'up' : v < p ? 'down' : 'flat';
  return { direction, percent: p === 0 ? null : ((v - p) / Math.abs(p)) * 100 };
}
