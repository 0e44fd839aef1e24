import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PageBody } from '../../shared/api/paging';

/** ORDER BY from a paging body, limited to the columns a list allows; unknown fields are ignored. */
export function orderFrom(orderBy: PageBody['orderBy'], sortable: Record<string, PgColumn>, fallback: SQL | PgColumn): (SQL | PgColumn)[] {
  const order = (orderBy ?? [])
    .filter((o) => o.field in sortable)
    .map((o) => (o.order === 'desc' ? desc(sortable[o.field]) : asc(sortable[o.field])));
  return order.length ? [...order, fallback] : [fallback];
}

export const offsetOf = (body: PageBody) => (body.pageNum - 1) * body.pageSize;

export function pageAnswer<T>(list: T[], total: number, body: PageBody) {
  return { list, total, pageNum: body.pageNum, pageSize: body.pageSize };
}
