import { z } from 'zod';
import { RESOURCE_TYPES, type ResourceType } from '../menu';
import { editorNode } from './resourceNode';
import { coercedRowId } from './rowId';

/** A section's path is absolute (`/system`); groups and pages add one segment (`permission`, `users`). */
export const SECTION_PATH_PATTERN = /^\/[A-Za-z0-9_-]+$/;
export const PATH_SEGMENT_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Permission codes: `section`, `section:page`, `section:page:action`. */
export const PERM_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(:[A-Za-z0-9_-]+)*$/;
export const ICON_PATTERN = /^[a-z0-9-]*$/;

/** The one tree of docs/product.md#permissions: which type a node's parent must have (a section has none). */
export const PARENT_TYPE: Record<ResourceType, ResourceType | null> = { section: null, group: 'section', page: 'group', button: 'page' };
export const CHILD_TYPE: Record<ResourceType, ResourceType | null> = { section: 'group', group: 'page', page: 'button', button: null };

const optionalText = (max: number, pattern: RegExp) =>
  z.string().trim().max(max).regex(pattern).nullish().transform((v) => v || null);

export const resourceInput = z.object({
  parentId: coercedRowId.nullish().transform((v) => v ?? null),
  type: z.enum(RESOURCE_TYPES),
  label: z.string().trim().min(1).max(64),
  labelEn: z.string().trim().min(1).max(64),
  path: z.string().trim().max(128).default(''),
  icon: optionalText(32, ICON_PATTERN),
  orderNum: z.coerce.number().int().min(0).max(9999).default(0),
  redirectPath: optionalText(256, /^\/\S*$/),
  hidden: z.boolean().default(false),
  noCache: z.boolean().default(false),
  affix: z.boolean().default(false),
  perm: z.string().trim().min(1).max(96).regex(PERM_PATTERN),
});
export type ResourceInput = z.input<typeof resourceInput>;

export const resourceUpdate = resourceInput.extend({ id: coercedRowId });

export const resourceTreeAnswer = z.array(editorNode);
