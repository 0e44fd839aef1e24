import { z } from 'zod';
import { rowId } from './rowId';

export const departmentInput = z.object({
  /** null or absent: a top-level department. */
  parentId: rowId.nullish().transform((v) => v ?? null),
  name: z.string().trim().min(1).max(64),
  orderNum: z.number().int().min(0).max(9999).default(0),
});
export type DepartmentInput = z.input<typeof departmentInput>;

/** An update names the parent explicitly (null: top level), so a forgotten field never moves a department. */
export const departmentUpdate = departmentInput.extend({ id: rowId, parentId: rowId.nullable() });
export const departmentDelete = z.object({ ids: z.array(rowId).min(1).max(500) });

/** A department with its sub-departments, sorted by orderNum. */
export interface DepartmentNode {
  id: number;
  parentId: number | null;
  name: string;
  orderNum: number;
  /** Users in this department itself. */
  userCount: number;
  /** Users in this department and every department below it. */
  totalUserCount: number;
  createdAt: string;
  children: DepartmentNode[];
}
const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() => z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  orderNum: z.number(),
  userCount: z.number(),
  totalUserCount: z.number(),
  createdAt: z.string(),
  children: z.array(departmentNode),
}));
export const departmentTreeAnswer = z.array(departmentNode);
