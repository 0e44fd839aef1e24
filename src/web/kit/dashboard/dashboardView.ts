import { DOT_AGE_KEYS } from '@shared/analytics/ageGroups';
import { DATE_DIMENSIONS, STOCK_AGE_BUCKETS } from '@shared/analytics/domain';
import type { ViewSpec } from '../viewState';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const ID = /^[1-9]\d{0,9}$/;
const oneOf = (list: readonly string[]) => (raw: string) => (list.includes(raw) ? raw : undefined);
const text = (raw: string) => (raw.trim() && raw.trim().length <= 64 ? raw.trim() : undefined);
const id = (raw: string) => (ID.test(raw) ? Number(raw) : undefined);

/**
 * The dashboard filters' rules as the server's schema has them (analyticsFilters, which the API
 * checks again), without zod: home's first chart must not wait for it (docs/first-paint.md).
 */
const PARSERS: Record<string, (raw: string) => unknown> = {
  dimension: oneOf(DATE_DIMENSIONS),
  dateFrom: (raw) => (DAY.test(raw) ? raw : undefined),
  dateTo: (raw) => (DAY.test(raw) ? raw : undefined),
  dealerId: id, warehouseId: id, brandId: id, regionId: id,
  specification: text, pattern: text, keyword: text,
  stockAge: oneOf(STOCK_AGE_BUCKETS),
  dotAge: oneOf(DOT_AGE_KEYS),
};

/** What a dashboard keeps in its view's address: its filters (it has no sort, pages or tabs). */
export const DASHBOARD_VIEW: ViewSpec = {
  filterKeys: Object.keys(PARSERS),
  parseFilter: (key, values) => PARSERS[key]?.(values[0]),
  sortable: [],
  sizes: [20],
  defaultSize: 20,
};
