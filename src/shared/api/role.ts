import { z } from 'zod';
import { grantNode } from './resourceNode';
import { rowId } from './rowId';
import type { RoleType } from './roleFields';

/** The role's fields are the console's without zod (roleFields.ts); the server takes them with the schemas. */
export { ADMIN_ROLE_CODE, type RoleType } from './roleFields';

/** What names a role in the console's drawers: its id, code and names. */
export type RoleHead = Pick<RoleRow, 'id' | 'code' | 'name' | 'nameEn'>;

/** A list row's role head, when the row is a role's. */
export const roleHeadOf = (row: Record<string, unknown>): RoleHead | null =>
  (typeof row.id === 'number' && typeof row.code === 'string' && typeof row.name === 'string' && typeof row.nameEn === 'string'
    ? { id: row.id, code: row.code, name: row.name, nameEn: row.nameEn } : null);

export interface RoleRow {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  type: RoleType;
  remark: string | null;
  /** Users holding the role. */
  userCount: number;
  createdAt: string;
}

const id = rowId;
const ids = z.array(rowId).max(5000);

export const roleIdBody = z.object({ id });
export const grantResourcesBody = z.object({ id, resourceIds: ids });
export const saveDataRulesBody = z.object({ id, dealerIds: ids.default([]), regionIds: ids.default([]), warehouseIds: ids.default([]) });
export type SaveDataRulesBody = z.input<typeof saveDataRulesBody>;

export const roleResourceTree = z.array(grantNode);
/** Ids of the resources a role grants, ascending. */
export const roleResourceIds = z.array(z.number());
export const grantResourcesAnswer = z.object({ id: z.number(), resourceIds: z.array(z.number()) });

export const dataRulesAnswer = z.object({ dealerIds: z.array(z.number()), regionIds: z.array(z.number()), warehouseIds: z.array(z.number()) });
export type RoleDataRules = z.infer<typeof dataRulesAnswer>;
/** A role's data rules after a save, with the role's id. */
export const saveDataRulesAnswer = dataRulesAnswer.extend({ id: z.number() });

export const roleOptions = z.object({
  dealers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  regions: z.array(z.object({ id: z.number(), name: z.string() })),
  warehouses: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), dealerId: z.number().nullable() })),
});
export type RoleOptions = z.infer<typeof roleOptions>;
