/** Kinds of resource in the one permission tree (DESIGN.md "Permissions"). */
export const RESOURCE_TYPES = ['section', 'group', 'page', 'button'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * A menu node as the server sends it in `menuTree` (spec section 3): sections, groups and
 * pages the user was granted, sorted by orderNum. Buttons are not in the tree; their codes
 * arrive in `buttonList`.
 */
export interface MenuNode {
  id: number;
  parentId: number | null;
  type: Exclude<ResourceType, 'button'>;
  label: string;
  path: string;
  icon: string | null;
  orderNum: number;
  redirectPath: string | null;
  hidden: boolean;
  noCache: boolean;
  affix: boolean;
  /** Permission code of the node, e.g. `system:users`. */
  perm: string;
  children: MenuNode[];
}
