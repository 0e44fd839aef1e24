import { z } from 'zod';
import { DATE_DIMENSIONS } from './domain';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const refId = z.coerce.number().int().positive();
const text = z.string().trim().max(64);

/**
 * Filters every dashboard query and report accepts (DESIGN.md "Who uses it"): a date range
 * and dimension, dealer, warehouse, brand, specification, pattern. A query ignores what it
 * has no use for; data scope is applied on the server whatever is sent.
 */
export const analyticsFilters = z.object({
  dimension: z.enum(DATE_DIMENSIONS).default('day'),
  /** Inclusive calendar days, `YYYY-MM-DD`; a query picks its own default window. */
  dateFrom: day.optional(),
  dateTo: day.optional(),
  dealerId: refId.optional(),
  warehouseId: refId.optional(),
  brandId: refId.optional(),
  specification: text.optional(),
  pattern: text.optional(),
  /** Free text a report searches (barcode, order no, material code ...). */
  keyword: text.optional(),
}).strict();
export type AnalyticsFilters = z.infer<typeof analyticsFilters>;
export const FILTER_KEYS = ['dimension', 'dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** A dashboard query's answer: rows of named values, plus when the data was read. */
export interface QueryAnswer {
  rows: Record<string, string | number | null>[];
  asOf: string;
}

/** A report's page: rows, total, and the same asOf. */
export interface ReportPageAnswer extends QueryAnswer {
  total: number;
  pageNum: number;
  pageSize: number;
}

export const queryPath = (id: string) => `/analysis/query/${id}`;
export const reportPath = (page: string) => `/analysis/report/${page}`;
