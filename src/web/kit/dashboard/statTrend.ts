export interface StatTrend {
  direction: 'up' | 'down' | 'flat';
  percent: number | null;
  /** Whether the change is good news: up is good unless the panel says `better: 'down'`. */
  tone: 'good' | 'bad' | 'flat';
}

/**
 * The change of a stat against its previous period: direction, and the percentage when the
 * previous value is not zero. null when either value is missing.
 */
export function statTrend(value: unknown, previous: unknown, better: 'up' | 'down' = 'up'): StatTrend | null {
  if (value === null || value === undefined || value === '' || previous === null || previous === undefined || previous === '') return null;
  const v = Number(value);
  const p = Number(previous);
  if (!Number.isFinite(v) || !Number.isFinite(p)) return null;
  const direction = v > p ? 'up' : v < p ? 'down' : 'flat';
  const tone = direction === 'flat' ? 'flat' : direction === better ? 'good' : 'bad';
  return { direction, percent: p === 0 ? null : ((v - p) / Math.abs(p)) * 100, tone };
}
