import { z } from 'zod';
import { MAX_PAGE_SIZE } from './pageSize';

/** Paging body shared by every selectByPage call: `{ pageNum, pageSize, ...filters, orderBy }`. */
export const pageBody = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  orderBy: z
    .array(z.object({ field: z.string().max(64), order: z.enum(['asc', 'desc']) }))
    .max(5)
    .optional(),
});
export type PageBody = z.infer<typeof pageBody>;

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), pageNum: z.number(), pageSize: z.number() });
