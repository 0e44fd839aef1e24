import { z } from 'zod';
import { RESOURCE_TYPES, type ResourceType } from '../menu';
import { rowId } from './rowId';
import type { RoleType } from './roleFields';

/** The role's fields are the console's without zod (roleFields.ts); the server takes them with the schemas. */
export { ADMIN_ROLE_CODE, type RoleType } from './roleFields';

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

/** One node of the whole resource tree the permission drawer checks (sections > groups > pages > buttons). */
export interface ResourceNode {
  id: number;
  parentId: number | null;
  type: ResourceType;
  label: string;
  perm: string;
  children: ResourceNode[];
}
const resourceNode: z.ZodType<ResourceNode> = z.lazy(() => z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  type: z.enum(RESOURCE_TYPES),
  label: z.string(),
  perm: z.string(),
  children: z.array(resourceNode),
}));
export const roleResourceTree = z.array(resourceNode);
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
