/**
 * What a wall screen shows (`#/wall/<id>?rotate=home,stock,flows&interval=60&refresh=30`):
 * the dashboards it rotates through (unknown ids dropped, each once), which one it starts
 * with, seconds per dashboard, and an optional refresh interval overriding the dashboards'.
 */
export interface Rotation {
  ids: string[];
  start: number;
  seconds: number;
  refreshSeconds?: number;
}

export const DEFAULT_ROTATE_SECONDS = 60;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const seconds = (raw: string | null, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? clamp(Math.round(n), min, max) : undefined;
};

export function parseRotation(id: string, search: URLSearchParams, known: readonly string[]): Rotation {
  const listed = (search.get('rotate') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const ids = [...new Set(listed.includes(id) ? listed : [id, ...listed])].filter((d) => known.includes(d));
  return {
    ids,
    start: Math.max(0, ids.indexOf(id)),
    seconds: seconds(search.get('interval'), 10, 3600) ?? DEFAULT_ROTATE_SECONDS,
    refreshSeconds: seconds(search.get('refresh'), 5, 3600),
  };
}

export const nextIndex = (index: number, count: number) => (count ? (index + 1) % count : 0);
