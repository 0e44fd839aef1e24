import { z } from 'zod';
import { calendarDay } from '../api/day';
import { DOT_AGE_KEYS } from './ageGroups';
import { DATE_DIMENSIONS, STOCK_AGE_BUCKETS } from './domain';
import { coercedRowId } from '../api/rowId';

const day = calendarDay;
const refId = coercedRowId;
const text = z.string().trim().max(64);

/**
 * Filters every dashboard query and report accepts (docs/product.md#who-uses-it): a date range
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
  /** The dealers' region (a region × brand heatmap cell drills with it). */
  regionId: refId.optional(),
  /** One stock-age bucket (ageGroups.ts), for the stock-age report a dashboard's bucket drills to. */
  stockAge: z.enum(STOCK_AGE_BUCKETS).optional(),
  /** One DOT age group (ageGroups.ts), for the DOT inventory a dashboard's group drills to. */
  dotAge: z.enum(DOT_AGE_KEYS).optional(),
}).strict();
export type AnalyticsFilters = z.infer<typeof analyticsFilters>;
export const FILTER_KEYS = ['dimension', 'dateRange', 'dealer', 'warehouse', 'brand', 'specification', 'pattern', 'keyword', 'region', 'stockAge', 'dotAge'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The body fields each filter of a filter bar sets (a drill-down's parameter is a filter its report offers). */
export const FILTER_FIELDS: Record<FilterKey, (keyof AnalyticsFilters)[]> = {
  dimension: ['dimension'], dateRange: ['dateFrom', 'dateTo'], dealer: ['dealerId'], warehouse: ['warehouseId'], brand: ['brandId'],
  specification: ['specification'], pattern: ['pattern'], keyword: ['keyword'], region: ['regionId'], stockAge: ['stockAge'], dotAge: ['dotAge'],
};

/** A dashboard query's answer: rows of named values, plus when the data was read. */
export interface QueryAnswer {
  rows: Record<string, string | number | null>[];
  asOf: string;
}

/** A report's page: rows, total, and the same asOf. */
export interface ReportPageAnswer extends QueryAnswer {
  total: number;
  /** The total is an estimate (a list of many rows: counting them all would take longer than the page). */
  totalEstimated?: boolean;
  pageNum: number;
  pageSize: number;
}

export { dashboardBatchPath, queryPath } from './paths';
export { FILTER_OPTIONS_PATH, reportPath } from './reportPaths';
/** One line of a dashboard batch: a panel's answer, or why it has none. */
export type BatchLine = { panel: string; answer: QueryAnswer } | { panel: string; error: { status: number; msg: string } };

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** The answers as schemas, for the API document. */
export const queryAnswerSchema = z.object({ rows: z.array(z.record(z.string(), cell)), asOf: z.string() });
export const reportPageAnswerSchema = queryAnswerSchema.extend({ total: z.number(), totalEstimated: z.boolean().optional(), pageNum: z.number(), pageSize: z.number() });
/** One line of a dashboard batch (`BatchLine`), for the API document. */
export const batchLineSchema = z.union([
  z.object({ panel: z.string(), answer: queryAnswerSchema }),
  z.object({ panel: z.string(), error: z.object({ status: z.number(), msg: z.string() }) }),
]);

/** What every report's filter bar offers: dealers and warehouses within the caller's scope, regions (in the caller's language), brands, specifications, patterns. */
export const reportFilterOptions = z.object({
  dealers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  warehouses: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), dealerId: z.number().nullable() })),
  regions: z.array(z.object({ id: z.number(), name: z.string() })),
  brands: z.array(z.object({ id: z.number(), name: z.string() })),
  specifications: z.array(z.string()),
  patterns: z.array(z.string()),
});
export type ReportFilterOptions = z.infer<typeof reportFilterOptions>;
