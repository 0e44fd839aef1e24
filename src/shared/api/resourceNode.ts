import { z } from 'zod';
import { RESOURCE_TYPES, type EditorNode, type GrantNode, type MenuNode, type ResourceFields } from '../menu';

/** `ResourceFields` (src/shared/menu.ts) as a schema: the one declaration the three trees below pick from. */
const resourceFields = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  type: z.enum(RESOURCE_TYPES),
  label: z.string(),
  path: z.string(),
  icon: z.string().nullable(),
  orderNum: z.number(),
  redirectPath: z.string().nullable(),
  hidden: z.boolean(),
  noCache: z.boolean(),
  affix: z.boolean(),
  perm: z.string(),
}) satisfies z.ZodType<ResourceFields>;

/** The menu tree of getCurrentUserInfo: sections, groups and pages. */
export const menuNode: z.ZodType<MenuNode> = z.lazy(() => resourceFields.extend({
  type: z.enum(['section', 'group', 'page']),
  children: z.array(menuNode),
}));

/** The resource editor's tree. */
export const editorNode: z.ZodType<EditorNode> = z.lazy(() => resourceFields.extend({
  labelEn: z.string(),
  builtIn: z.boolean(),
  children: z.array(editorNode),
}));

/** The tree of a role's permission drawer. */
export const grantNode: z.ZodType<GrantNode> = z.lazy(() => resourceFields.pick({ id: true, parentId: true, type: true, label: true, perm: true }).extend({
  children: z.array(grantNode),
}));
