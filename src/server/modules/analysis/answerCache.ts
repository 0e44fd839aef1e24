import type { DataScope } from '../../platform/dataScope';
import type { StockChange } from '../../realtime/types';

/** How long a dashboard query's answer is handed to the next viewer asking the same: home refreshes every 10 s. */
export const ANSWER_CACHE_MS = 5_000;
/** Answers kept at most (queries × filters × data scopes × languages); the oldest go first. */
const MAX_ENTRIES = 1_000;

/** What makes two dashboard calls the same: the query, its filters and parameters, and the caller's data scope and language. */
export interface AnswerKey {
  queryId: string;
  filters: unknown;
  scope: DataScope;
  dealerId: number | null;
  lang: string;
}

interface Entry<V> { answer: Promise<V>; startedAt: number; scope: DataScope }

/**
 * Dashboard answers shared between viewers (docs/architecture.md, The database): on the embedded
 * database two hundred viewers of home ask the same few queries every ten seconds, and each run
 * queues behind the others. A viewer gets the answer of an identical call (same query, filters,
 * data scope and language) started less than ANSWER_CACHE_MS ago, or still running; a stock
 * change drops every answer whose scope holds the change's warehouses or dealer, so the live
 * refresh the change pushes reads afresh. A failed run is not kept.
 */
export function createAnswerCache<V>(opts: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = opts.ttlMs ?? ANSWER_CACHE_MS;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry<V>>();
  const keyOf = (k: AnswerKey) => JSON.stringify([k.queryId, k.filters, k.scope.dealerIds, k.scope.warehouseIds, k.dealerId, k.lang]);
  return {
    answer(key: AnswerKey, run: () => Promise<V>): Promise<V> {
      const id = keyOf(key);
      const hit = entries.get(id);
      if (hit && now() - hit.startedAt < ttl) return hit.answer;
      const entry: Entry<V> = { answer: run(), startedAt: now(), scope: key.scope };
      entries.delete(id);
      entries.set(id, entry);
      const oldest = entries.keys().next();
      if (entries.size > MAX_ENTRIES && !oldest.done) entries.delete(oldest.value);
      // Not kept when it failed: the next viewer runs it again (the caller gets the error from `answer`).
      entry.answer.catch(() => { if (entries.get(id) === entry) entries.delete(id); });
      return entry.answer;
    },
    /** Drops the answers a stock change may have altered. */
    stockChanged(change: Pick<StockChange, 'warehouseIds' | 'dealerId'>) {
      for (const [id, entry] of entries) if (touches(entry.scope, change)) entries.delete(id);
    },
    get size() {
      return entries.size;
    },
  };
}

/** Whether a change to stock may show in the answers of a scope: unrestricted warehouses, or one of its warehouses or dealers. */
function touches(scope: DataScope, change: Pick<StockChange, 'warehouseIds' | 'dealerId'>): boolean {
  const warehouseIds = scope.warehouseIds;
  if (warehouseIds === null) return true;
  if (change.warehouseIds.some((w) => warehouseIds.includes(w))) return true;
  return change.dealerId != null && (scope.dealerIds?.includes(change.dealerId) ?? false);
}
