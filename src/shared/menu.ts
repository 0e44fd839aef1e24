/** Kinds of resource in the one permission tree (docs/product.md, Permissions). */
export const RESOURCE_TYPES = ['section', 'group', 'page', 'button'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/**
 * A node of the resource tree (a row of `resources`) as calls send it: declared once here, and
 * each tree a call answers takes what it needs of it (its schema in src/shared/api/resourceNode.ts).
 */
export interface ResourceFields {
  id: number;
  parentId: number | null;
  type: ResourceType;
  /** In the caller's language. */
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
}

/**
 * A menu node as the server sends it in `menuTree` (docs/product.md, Entities): the sections,
 * groups and pages the user was granted, sorted by orderNum. Buttons are not in the tree; their
 * codes arrive in `buttonList`.
 */
export interface MenuNode extends Omit<ResourceFields, 'type'> {
  type: Exclude<ResourceType, 'button'>;
  children: MenuNode[];
}

/** A node of the resource editor's tree: every node, buttons included, with both labels. */
export interface EditorNode extends ResourceFields {
  labelEn: string;
  /** Part of the release's built-in tree: cannot be deleted; its type, parent, path and code are fixed. */
  builtIn: boolean;
  children: EditorNode[];
}

/** A node of the tree a role's permission drawer checks (sections > groups > pages > buttons). */
export interface GrantNode extends Pick<ResourceFields, 'id' | 'parentId' | 'type' | 'label' | 'perm'> {
  children: GrantNode[];
}
